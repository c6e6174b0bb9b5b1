import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import {
  integrationStatus,
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testUser,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  signInForTest();
});
afterEach(() => {
  jest.restoreAllMocks();
  return i18n.changeLanguage('en');
});

const LEEDS = '00000000-0000-4000-8000-0000000005a1';
const YORK = '00000000-0000-4000-8000-0000000005a2';

const site = (over: Record<string, unknown>) => ({
  id: LEEDS,
  name: 'Leeds Depot',
  address_line_1: '12 Kirkstall Road',
  address_line_2: null,
  city: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS3 1LL',
  country: 'GB',
  job_number: 'J-1001',
  status: 'active',
  zahara_project_id: null,
  latitude: 53.8,
  longitude: -1.55,
  geocode_source: 'offline',
  created_at: '2026-03-05T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
  ...over,
});

const sites = [
  site({}),
  site({
    id: YORK,
    name: 'York Riverside',
    address_line_1: '1 Skeldergate',
    city: 'York',
    county: 'North Yorkshire',
    postcode: 'YO1 6DH',
    job_number: null,
    status: 'completed',
    zahara_project_id: 'P-9',
  }),
];

type Answers = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;

async function open(path = '/sites', over: Answers = {}) {
  const fetched = mockFetch({
    'GET /api/sites': { body: { sites, pagination: { page: 1, limit: 1000, total: 2, pages: 1 } } },
    ...over,
  });
  const view = renderApp(path);
  await screen.findByRole(
    'heading',
    { name: 'Site Management', level: 1, hidden: true },
    { timeout: 15_000 },
  );
  return { ...fetched, ...view, user: userEvent.setup({ delay: null }) };
}

describe('Site Management (spec §2 Sites)', () => {
  it('says when it shows only the newest 1000 sites (the dropdown limit, spec §9)', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      site({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Site ${i}` }),
    );
    await open('/sites', {
      'GET /api/sites': {
        body: { sites: many, pagination: { page: 1, limit: 1000, total: 1200, pages: 2 } },
      },
    });
    expect(await screen.findByTestId('sites-capped', {}, { timeout: 15_000 })).toHaveTextContent(
      'Showing the newest 1000 sites; search looks only among them.',
    );
  });

  it('says nothing of a limit below it', async () => {
    await open();
    await screen.findByText('Leeds Depot');
    expect(screen.queryByTestId('sites-capped')).not.toBeInTheDocument();
  });

  it('shows each card with job number, status badge, address, created date and the synced icon', async () => {
    const { calls } = await open();
    const leeds = await screen.findByTestId(`site-card-${LEEDS}`);
    expect(within(leeds).getByRole('heading', { name: 'Leeds Depot' })).toBeInTheDocument();
    expect(within(leeds).getByTestId('site-job-number')).toHaveTextContent('Job J-1001');
    expect(within(leeds).getByTestId('site-status')).toHaveTextContent('Active');
    expect(within(leeds).getByTestId('site-address')).toHaveTextContent(
      '12 Kirkstall Road, Leeds, West Yorkshire, LS3 1LL',
    );
    expect(within(leeds).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(leeds).getByText('Created 5 Mar 2026')).toBeInTheDocument();
    expect(within(leeds).queryByTestId('site-synced')).not.toBeInTheDocument();
    const york = screen.getByTestId(`site-card-${YORK}`);
    expect(within(york).getByTestId('site-status')).toHaveTextContent('Completed');
    expect(within(york).getByTestId('site-job-number')).toHaveTextContent('No job number');
    expect(within(york).getByRole('img', { name: 'Synced with Zahara' })).toBeInTheDocument();
    expect(within(york).getByRole('button', { name: 'Edit York Riverside' })).toBeInTheDocument();
    expect(within(york).getByRole('button', { name: 'Delete York Riverside' })).toBeInTheDocument();
    // The dropdown limit: every site at once (spec §7).
    expect(calls.find((call) => call.url.startsWith('/api/sites'))?.url).toBe('/api/sites?limit=1000');
    // No integration yet, so no Sync Projects (spec §2: only when it is configured).
    expect(screen.queryByRole('button', { name: /Sync Projects/ })).not.toBeInTheDocument();
  });

  it.each([
    ['name', 'riverside', YORK],
    ['address line 1', 'kirkstall', LEEDS],
    ['city', 'YORK', YORK],
    ['postcode', 'ls3', LEEDS],
    ['postcode without its space (AQ-4)', 'ls31ll', LEEDS],
    ['name with accents folded (AQ-1)', 'RÏVERSIDÉ', YORK],
    ['job number', 'j-1001', LEEDS],
  ])('searches in the browser by %s', async (_, text, found) => {
    const { calls, user } = await open();
    await screen.findByTestId(`site-card-${LEEDS}`);
    const before = calls.length;
    await user.type(screen.getByTestId('site-search'), text);
    await waitFor(() => expect(screen.getAllByTestId(/^site-card-/)).toHaveLength(1));
    expect(screen.getByTestId(`site-card-${found}`)).toBeInTheDocument();
    expect(calls.length).toBe(before);
  });

  it('does not search other fields, and says so when nothing matches', async () => {
    const { user } = await open();
    await screen.findByTestId(`site-card-${LEEDS}`);
    await user.type(screen.getByTestId('site-search'), 'West Yorkshire');
    expect(await screen.findByText('No sites match your search')).toBeInTheDocument();
  });

  it('opens the add modal for ?open_modal=true and removes it from the URL', async () => {
    const { router } = await open('/sites?open_modal=true&x=1');
    expect(await screen.findByRole('dialog', { name: 'Add Site' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
  });

  it('checks the spec §5 required fields, then adds the site (GB by default)', async () => {
    const { calls, user } = await open('/sites', {
      'POST /api/sites': (call) => ({
        status: 201,
        body: {
          site: site({
            id: '00000000-0000-4000-8000-0000000005a3',
            ...(call.body as Record<string, unknown>),
          }),
          message: 'Site created successfully',
        },
      }),
    });
    await user.click(screen.getByTestId('site-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Site' });
    await user.click(within(dialog).getByTestId('site-save'));
    for (const message of [
      'Site name is required',
      'Address line 1 is required',
      'City is required',
      'Postcode is required',
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByTestId('site-name'), 'Hull Docks');
    await user.type(within(dialog).getByTestId('site-address-line-1'), '3 Dock Street');
    await user.type(within(dialog).getByTestId('site-city'), 'Hull');
    await user.type(within(dialog).getByTestId('site-postcode'), 'hu1 3dx');
    await user.type(within(dialog).getByTestId('site-job-number'), 'J-2002');
    await user.click(within(dialog).getByTestId('site-save'));
    expect(await screen.findByText('Site created successfully')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/sites');
    expect(post?.body).toMatchObject({
      name: 'Hull Docks',
      address_line_1: '3 Dock Street',
      city: 'Hull',
      postcode: 'HU1 3DX',
      country: 'GB',
      job_number: 'J-2002',
      status: 'active',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Site' })).not.toBeInTheDocument());
  });

  it('edits a site with PUT /sites/{id}', async () => {
    const { calls, user } = await open('/sites', {
      [`PUT /api/sites/${LEEDS}`]: (call) => ({
        body: { site: site(call.body as Record<string, unknown>), message: 'Site updated successfully' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Leeds Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Site' });
    expect(within(dialog).getByTestId('site-name')).toHaveValue('Leeds Depot');
    await user.clear(within(dialog).getByTestId('site-name'));
    await user.type(within(dialog).getByTestId('site-name'), 'Leeds Depot North');
    await user.click(within(dialog).getByTestId('site-save'));
    expect(await screen.findByText('Site updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Leeds Depot North',
      city: 'Leeds',
      county: 'West Yorkshire',
    });
  });

  it('shows a job number taken by another site (409) on its field, keeping what was typed', async () => {
    const taken = 'Another site already has this job number';
    const { user } = await open('/sites', {
      [`PUT /api/sites/${LEEDS}`]: {
        status: 409,
        body: { error: taken, details: [{ param: 'job_number', msg: taken }] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Leeds Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Site' });
    const jobNumber = within(dialog).getByTestId('site-job-number');
    await user.clear(jobNumber);
    await user.type(jobNumber, 'J-2002');
    await user.click(within(dialog).getByTestId('site-save'));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(jobNumber).toHaveAttribute('aria-invalid', 'true');
    expect(jobNumber).toHaveValue('J-2002');
  });

  it('saves a site whose stored postcode predates the checks while it is unchanged; checks a changed one', async () => {
    const old = site({ postcode: 'LS1' });
    const { calls, user } = await open('/sites', {
      'GET /api/sites': { body: { sites: [old], pagination: { page: 1, limit: 1000, total: 1, pages: 1 } } },
      [`PUT /api/sites/${LEEDS}`]: (call) => ({
        body: { site: site(call.body as Record<string, unknown>), message: 'Site updated successfully' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Leeds Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Site' });
    await user.clear(within(dialog).getByTestId('site-postcode'));
    await user.type(within(dialog).getByTestId('site-postcode'), 'LS1 X');
    await user.click(within(dialog).getByTestId('site-save'));
    expect(
      await within(dialog).findByText('Please enter a valid postcode for the country'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByTestId('site-postcode'));
    await user.type(within(dialog).getByTestId('site-postcode'), 'LS1');
    await user.click(within(dialog).getByTestId('site-save'));
    expect(await screen.findByText('Site updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ postcode: 'LS1' });
  });

  it('asks before deleting, then deletes', async () => {
    const { calls, user } = await open('/sites', {
      [`DELETE /api/sites/${YORK}`]: { body: { message: 'Site deleted successfully' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete York Riverside' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete site?' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete York Riverside?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Site deleted successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `/api/sites/${YORK}`)).toBe(true);
  });

  it("logs a refused delete and shows the server's reason", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await open('/sites', {
      [`DELETE /api/sites/${LEEDS}`]: {
        status: 409,
        body: {
          error:
            "This site has hires, so it cannot be deleted. Delete its hires first, or set the site's status to Completed.",
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Leeds Depot' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        "This site has hires, so it cannot be deleted. Delete its hires first, or set the site's status to Completed.",
      ),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to delete site', expect.anything());
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    mockFetch({
      'GET /api/sites': { body: { sites, pagination: { page: 1, limit: 1000, total: 2, pages: 1 } } },
    });
    renderApp('/sites');
    expect(
      await screen.findByRole('heading', { name: 'Gestión de obras', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const leeds = await screen.findByTestId(`site-card-${LEEDS}`);
    expect(within(leeds).getByTestId('site-status')).toHaveTextContent('Activa');
    expect(within(leeds).getByText('Reino Unido')).toBeInTheDocument();
  });
});

describe('Sync Projects (spec §2 Sites, §4 Project sync, §7, §8)', () => {
  const active = integrationStatus();
  const status = (over: Record<string, unknown> = {}) => ({
    body: {
      success: true,
      data: {
        hasSynced: false,
        lastSyncDate: null,
        syncStatus: 'never',
        lastStats: null,
        lastError: null,
        ...over,
      },
    },
  });

  it("offers it with 'No projects synced yet', syncs incrementally with progress and reports the counts", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { calls, user } = await open('/sites', {
      ...active,
      'GET /api/zahara/projects/sync-status': status(),
      'POST /api/zahara/projects/sync': {
        body: {
          success: true,
          stats: {
            zaharaToPlanted: { totalProcessed: 4, created: 3, updated: 1 },
            plantedToZahara: { pushed: 2, errors: 0 },
          },
          message: 'ok',
        },
      },
    });
    await waitFor(() => expect(screen.getByTestId('sync-last')).toHaveTextContent('No projects synced yet'));
    const fetchMock = globalThis.fetch as jest.Mock;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input === '/api/zahara/projects/sync') await answered;
      return real(input, init);
    });
    const sitesBefore = calls.filter((call) => call.url.startsWith('/api/sites')).length;
    await user.click(screen.getByRole('button', { name: 'Sync Projects' }));
    expect(await screen.findByRole('progressbar', { name: 'Syncing projects...' })).toBeInTheDocument();
    expect(screen.getByTestId('sync-projects')).toBeDisabled();
    release();
    expect(await screen.findByTestId('sync-result')).toHaveTextContent(
      'Sync complete. From Zahara: 4 project(s) processed, 3 site(s) created, 1 updated. To Zahara: 2 site(s) pushed, 0 error(s).',
    );
    expect(calls.find((call) => call.url === '/api/zahara/projects/sync')?.body).toEqual({
      syncType: 'incremental',
    });
    // The new and updated sites are shown.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/sites')).length).toBeGreaterThan(sitesBefore),
    );
  });

  it('is not offered without the integration configured', async () => {
    await open('/sites', {
      ...integrationStatus({ is_active: false }),
      'GET /api/zahara/projects/sync-status': status(),
    });
    await screen.findByText('Leeds Depot');
    expect(screen.queryByTestId('sync-projects')).not.toBeInTheDocument();
  });

  it('is offered to a user too (spec §6: sites actions show no role gate)', async () => {
    resetBrowserState();
    signInForTest({ ...testUser, role: 'user' });
    await open('/sites', { ...active, 'GET /api/zahara/projects/sync-status': status() });
    await screen.findByText('Leeds Depot');
    expect(await screen.findByTestId('sync-projects')).toBeInTheDocument();
  });

  it('offers a viewer the sites to look at and nothing to change: no add, edit, delete or sync', async () => {
    resetBrowserState();
    signInForTest({ ...testUser, role: 'viewer' });
    await open('/sites?open_modal=true', { ...active, 'GET /api/zahara/projects/sync-status': status() });
    await screen.findByText('Leeds Depot');
    expect(screen.getByTestId('viewer-notice')).toHaveTextContent(
      "You are a viewer: you can see your company's records but not add or change them.",
    );
    for (const testId of ['site-add', 'site-edit', 'site-delete', 'sync-projects'])
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the last sync date', async () => {
    await open('/sites', {
      ...active,
      'GET /api/zahara/projects/sync-status': status({
        hasSynced: true,
        lastSyncDate: '2026-03-01T10:00:00.000Z',
        syncStatus: 'completed',
      }),
    });
    await waitFor(() => expect(screen.getByTestId('sync-last')).toHaveTextContent('Last synced 1 Mar 2026'));
  });

  it("says 'Sync failed: {error}'", async () => {
    const { user } = await open('/sites', {
      ...active,
      'GET /api/zahara/projects/sync-status': status(),
      'POST /api/zahara/projects/sync': {
        status: 502,
        body: { error: 'Zahara is not answering. Please try again in a few minutes.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sync Projects' }));
    expect(await screen.findByTestId('sync-error')).toHaveTextContent(
      'Sync failed: Zahara is not answering. Please try again in a few minutes.',
    );
  });
});
