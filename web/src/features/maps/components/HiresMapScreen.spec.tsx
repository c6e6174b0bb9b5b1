import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import {
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  signInForTest();
  // The basemap file is not served in these tests; the map says so and still shows the markers.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  return i18n.changeLanguage('en');
});

const SITE_LEEDS = '00000000-0000-4000-8000-0000000005a1';
const SITE_YORK = '00000000-0000-4000-8000-0000000005a2';
const SITE_NOWHERE = '00000000-0000-4000-8000-0000000005a3';

const site = (id: string, name: string, postcode: string, position: [number, number] | null) => ({
  id,
  name,
  address_line_1: '1 High Street',
  address_line_2: null,
  city: name,
  county: null,
  postcode,
  country: 'GB',
  job_number: null,
  status: 'active',
  zahara_project_id: null,
  latitude: position?.[0] ?? null,
  longitude: position?.[1] ?? null,
  geocode_source: position ? 'offline' : null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const hire = (id: string, siteId: string, over: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-00000000a00${id}`,
  site_id: siteId,
  hire_status: 'active',
  hire_duration_days: 10,
  equipment_name: `Item ${id}`,
  equipment_category: 'Lighting',
  equipment_image_url: null,
  supplier_name: 'Speedy Hire Leeds',
  job_number: 'J-1001',
  site_address: '1 High Street, Leeds',
  ...over,
});

const activeHires = [
  hire('1', SITE_LEEDS, { site_name: 'Leeds Depot', site_postcode: 'LS3 1LL' }),
  hire('2', SITE_YORK, {
    site_name: 'York Riverside',
    site_postcode: 'YO1 6DH',
    hire_status: 'collection_booked',
    job_number: null,
  }),
  hire('3', SITE_LEEDS, {
    site_name: 'Leeds Depot',
    site_postcode: 'LS3 1LL',
    equipment_name: 'Tower Light',
    hire_duration_days: 27028,
  }),
  hire('4', SITE_NOWHERE, { site_name: 'Nowhere Farm', site_postcode: 'ZZ9 9ZZ' }),
];
const completed = hire('5', SITE_YORK, {
  site_name: 'York Riverside',
  site_postcode: 'YO1 6DH',
  hire_status: 'completed',
});

type Answers = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;

const answers = (over: Answers = {}): Answers => ({
  'GET /api/hires': (call) => ({
    body: {
      hires: call.url.includes('completed') ? [...activeHires, completed] : activeHires,
      pagination: { currentPage: 1, totalPages: 1, total: 4, limit: 1000 },
    },
  }),
  'GET /api/sites': {
    body: {
      sites: [
        site(SITE_LEEDS, 'Leeds Depot', 'LS3 1LL', [53.8, -1.55]),
        site(SITE_YORK, 'York Riverside', 'YO1 6DH', [53.96, -1.08]),
        site(SITE_NOWHERE, 'Nowhere Farm', 'ZZ9 9ZZ', null),
      ],
    },
  },
  ...over,
});

const query = (call: FetchCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);
const hireCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/hires'));

describe('/hires-map without a key (spec §2 Maps, §9)', () => {
  it('puts one numbered marker per postcode on the offline map, fitted at most at zoom 12', async () => {
    const { calls } = mockFetch(answers());
    renderApp('/hires-map');
    expect(
      await screen.findByRole('heading', { name: 'Hires Map', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('map-marker')).toHaveLength(2));
    const markers = screen.getAllByTestId('map-marker');
    expect(markers.map((marker) => marker.textContent)).toEqual(['1', '2']);
    expect(markers[0]).toHaveAccessibleName('Marker 1: LS3 1LL, 2 hires');
    expect(markers[1]).toHaveAccessibleName('Marker 2: YO1 6DH, 1 hire');
    expect(query(hireCalls(calls)[0])).toEqual({
      page: '1',
      limit: '1000',
      status: 'active,collection_booked',
    });
    const map = screen.getByTestId('offline-map');
    expect(Number(map.dataset.zoom)).toBeLessThanOrEqual(12);
    expect(Number(map.dataset.zoom)).toBeGreaterThanOrEqual(6);
    expect(screen.queryByTestId('google-map')).not.toBeInTheDocument();
    // Apart on the map: neither is moved, so no line ties one to its place.
    expect(screen.queryAllByTestId('map-leader')).toHaveLength(0);
  });

  it('ties a marker moved off a crowded spot to its true place with a line (AQ-3)', async () => {
    mockFetch(
      answers({
        'GET /api/sites': {
          body: {
            sites: [
              site(SITE_LEEDS, 'Leeds Depot', 'LS3 1LL', [53.8, -1.55]),
              site(SITE_YORK, 'York Riverside', 'YO1 6DH', [53.8, -1.5502]),
            ],
          },
        },
      }),
    );
    renderApp('/hires-map');
    await waitFor(() => expect(screen.getAllByTestId('map-marker')).toHaveLength(2), { timeout: 15_000 });
    const map = screen.getByTestId('offline-map');
    // Zoomed out until the two would cover each other: the second fans out, with its leader.
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    while (!(zoomOut as HTMLButtonElement).disabled && screen.queryAllByTestId('map-leader').length === 0)
      fireEvent.click(zoomOut);
    expect(Number(map.dataset.zoom)).toBeGreaterThan(0);
    expect(screen.getAllByTestId('map-leader')).toHaveLength(1);
  });

  it("shows each hire's fields in the marker's panel", async () => {
    mockFetch(answers());
    renderApp('/hires-map');
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Marker 1: LS3 1LL, 2 hires' }, { timeout: 15_000 }),
    );
    const panel = screen.getByTestId('marker-panel');
    expect(within(panel).getByRole('heading', { name: '1. LS3 1LL' })).toBeInTheDocument();
    const [first, second] = within(panel).getAllByTestId('marker-hire');
    expect(first).toHaveTextContent('Item 1');
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('Lighting');
    expect(first).toHaveTextContent('Site: Leeds Depot (LS3 1LL)');
    expect(first).toHaveTextContent('1 High Street, Leeds');
    expect(first).toHaveTextContent('Supplier: Speedy Hire Leeds');
    expect(first).toHaveTextContent('Job number: J-1001');
    expect(first).toHaveTextContent('10 days');
    expect(second).toHaveTextContent('Tower Light');
    expect(second).toHaveTextContent('27,028 days');
    await user.click(screen.getByRole('button', { name: 'Marker 2: YO1 6DH, 1 hire' }));
    expect(within(screen.getByTestId('marker-panel')).getByText('Collection Booked')).toBeInTheDocument();
  });

  it('lists the sites that could not be placed beside the map', async () => {
    mockFetch(answers());
    renderApp('/hires-map');
    const list = await screen.findByTestId('unplaced-sites', {}, { timeout: 15_000 });
    expect(within(list).getByText('Nowhere Farm')).toBeInTheDocument();
    expect(within(list).getByText('ZZ9 9ZZ · 1 hire')).toBeInTheDocument();
  });

  it("hides completed hires unless 'Show Completed' is ticked", async () => {
    const { calls } = mockFetch(answers());
    renderApp('/hires-map');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Show Completed' }, { timeout: 15_000 }));
    await waitFor(() =>
      expect(query(hireCalls(calls).at(-1))).toMatchObject({ status: 'active,completed,collection_booked' }),
    );
    expect(await screen.findByRole('button', { name: 'Marker 2: YO1 6DH, 2 hires' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marker 2: YO1 6DH, 2 hires' }));
    expect(within(screen.getByTestId('marker-panel')).getByText('Completed')).toBeInTheDocument();
  });

  it('starts at London, zoom 9, when there is nothing to show', async () => {
    mockFetch(
      answers({
        'GET /api/hires': {
          body: { hires: [], pagination: { currentPage: 1, totalPages: 1, total: 0, limit: 1000 } },
        },
      }),
    );
    renderApp('/hires-map');
    expect(await screen.findByTestId('map-empty', {}, { timeout: 15_000 })).toBeInTheDocument();
    const map = screen.getByTestId('offline-map');
    expect(map.dataset.zoom).toBe('9');
    expect(map.dataset.center).toBe('51.5074,-0.1278');
  });

  it("says 'Failed to load hires data' when the hires cannot be loaded", async () => {
    mockFetch(answers({ 'GET /api/hires': { status: 500, body: { error: 'Internal server error' } } }));
    renderApp('/hires-map');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Failed to load hires data',
    );
  });

  it('zooms with its buttons and the keyboard', async () => {
    mockFetch(answers());
    renderApp('/hires-map');
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getAllByTestId('map-marker')).toHaveLength(2), { timeout: 15_000 });
    const map = screen.getByTestId('offline-map');
    const start = Number(map.dataset.zoom);
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(Number(map.dataset.zoom)).toBe(start - 1);
    map.focus();
    await user.keyboard('+');
    expect(Number(map.dataset.zoom)).toBe(start);
    const before = map.dataset.center;
    await user.keyboard('{ArrowRight}');
    expect(map.dataset.center).not.toBe(before);
  });
});

describe('/simple-map (spec §2 Maps)', () => {
  it('shows the fixed postcode with its marker, offline', async () => {
    mockFetch({});
    renderApp('/simple-map');
    expect(
      await screen.findByRole('heading', { name: 'Map test', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('simple-map-postcode')).toHaveTextContent('SW1A 1AA');
    expect(screen.getByRole('button', { name: 'Marker 1: SW1A 1AA' })).toHaveTextContent('1');
    // One marker: as close as the offline basemap has anything to show (at most 12, spec §9).
    expect(screen.getByTestId('offline-map').dataset.zoom).toBe('8');
  });
});
