import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import {
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
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => i18n.changeLanguage('en'));

const OURS = testUser.customer_id!;
const OTHER_COMPANY = '00000000-0000-4000-8000-000000000099';
const BREAKER = '00000000-0000-4000-8000-0000000000a1';
const MIXER = '00000000-0000-4000-8000-0000000000a2';
const SUPPLIER = '00000000-0000-4000-8000-0000000000b1';

const item = (over: Record<string, unknown>) => ({
  id: BREAKER,
  name: 'Hilti TE 70 Breaker',
  description: 'Heavy breaker for concrete.',
  category: 'Breaking & Drilling',
  unit_of_measure: 'per_day',
  power: '110V',
  image_url: null,
  image_card_url: null,
  is_active: true,
  customer_id: OURS,
  is_favorite: false,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

const breaker = item({});
const mixer = item({
  id: MIXER,
  name: 'Belle Cement Mixer',
  description: 'Petrol mixer, 130 litre drum.',
  category: 'Concreting & Compaction',
  power: 'Petrol',
  image_url: '/files/equipment/x/full.jpg',
  image_card_url: '/files/equipment/x/card.jpg',
  customer_id: OTHER_COMPANY,
  is_favorite: true,
});

const page = (equipment: unknown[], pages = 1) => ({
  body: { equipment, pagination: { page: 1, limit: 12, total: equipment.length, pages } },
});

type Answers = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;

const baseApis = (over: Answers = {}): Answers => ({
  'GET /api/equipment': page([breaker, mixer]),
  'GET /api/equipment/favorites/list': page([mixer]),
  'GET /api/equipment/categories': {
    body: {
      categories: [
        { category: 'Breaking & Drilling', count: 1 },
        { category: 'Concreting & Compaction', count: 1 },
      ],
    },
  },
  'GET /api/equipment/pricing': {
    body: {
      [MIXER]: {
        price_per_day: 45.5,
        supplier_id: SUPPLIER,
        supplier_name: 'Speedy Hire',
        hire_start_date: '2026-03-05',
      },
    },
  },
  ...over,
});

const listCalls = (calls: FetchCall[]) =>
  calls.filter(
    (call) => call.method === 'GET' && /^\/api\/equipment(\/favorites\/list)?(\?|$)/.test(call.url),
  );

async function open(over: Answers = {}, user = testUser, path = '/equipment') {
  signInForTest(user);
  const fetched = mockFetch(baseApis(over));
  renderApp(path);
  await screen.findByTestId(`equipment-card-${BREAKER}`, {}, { timeout: 15_000 });
  return { ...fetched, user: userEvent.setup({ delay: null }) };
}

async function openAddModal(over: Answers = {}) {
  const opened = await open(over);
  await opened.user.click(screen.getByRole('button', { name: 'Add Equipment' }));
  const modal = await screen.findByRole('dialog', { name: 'Add Equipment' });
  return { ...opened, modal };
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Equipment cards (spec §2 Equipment, §6)', () => {
  it('shows name, description, category and power badges, heart, image or Awaiting Photo', async () => {
    await open();
    const card = screen.getByTestId(`equipment-card-${BREAKER}`);
    expect(within(card).getByRole('heading', { name: 'Hilti TE 70 Breaker' })).toBeInTheDocument();
    expect(within(card).getByText('Heavy breaker for concrete.')).toBeInTheDocument();
    expect(within(card).getByText('Breaking & Drilling')).toBeInTheDocument();
    expect(within(card).getByText('110V')).toBeInTheDocument();
    expect(within(card).getByText('Awaiting Photo')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Add Hilti TE 70 Breaker to favorites' }),
    ).toHaveAttribute('aria-pressed', 'false');
    const other = screen.getByTestId(`equipment-card-${MIXER}`);
    expect(within(other).getByRole('img', { name: 'Belle Cement Mixer' })).toHaveAttribute(
      'src',
      '/files/equipment/x/card.jpg',
    );
    expect(within(other).queryByText('Awaiting Photo')).not.toBeInTheDocument();
    expect(
      within(other).getByRole('button', { name: 'Remove Belle Cement Mixer from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives edit and delete icons only to admins of the owning company, and Add Equipment to admins', async () => {
    await open();
    expect(screen.getByRole('button', { name: 'Add Equipment' })).toBeInTheDocument();
    const ours = screen.getByTestId(`equipment-card-${BREAKER}`);
    expect(within(ours).getByRole('button', { name: 'Edit Hilti TE 70 Breaker' })).toBeInTheDocument();
    expect(within(ours).getByRole('button', { name: 'Delete Hilti TE 70 Breaker' })).toBeInTheDocument();
    const theirs = screen.getByTestId(`equipment-card-${MIXER}`);
    expect(within(theirs).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows a non-admin no Add Equipment and no edit or delete icons', async () => {
    await open({}, { ...testUser, role: 'user' });
    expect(screen.queryByRole('button', { name: 'Add Equipment' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('equipment-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('equipment-delete')).not.toBeInTheDocument();
  });

  it("links the Latest Price to /hires with the item, supplier and price, else 'Click to create hire'", async () => {
    await open();
    const price = within(screen.getByTestId(`equipment-card-${MIXER}`)).getByTestId('equipment-latest-price');
    expect(price).toHaveTextContent('Latest Price');
    expect(price).toHaveTextContent('£45.50 per day');
    expect(price).toHaveTextContent('Speedy Hire');
    expect(price).toHaveTextContent('Started 5 Mar 2026');
    expect(new URL(price.getAttribute('href')!, 'http://x').pathname).toBe('/hires');
    expect(Object.fromEntries(new URL(price.getAttribute('href')!, 'http://x').searchParams)).toEqual({
      equipment_id: MIXER,
      equipment_name: 'Belle Cement Mixer',
      supplier_id: SUPPLIER,
      price_per_day: '45.5',
    });
    const create = within(screen.getByTestId(`equipment-card-${BREAKER}`)).getByRole('link', {
      name: /Click to create hire/,
    });
    expect(create).toHaveTextContent('Click to create hire');
    expect(Object.fromEntries(new URL(create.getAttribute('href')!, 'http://x').searchParams)).toEqual({
      equipment_id: BREAKER,
      equipment_name: 'Hilti TE 70 Breaker',
    });
  });

  it('shows a viewer the latest price, and offers no new hire from a card (audit AF-3)', async () => {
    await open({}, { ...testUser, role: 'viewer' });
    const price = within(screen.getByTestId(`equipment-card-${MIXER}`)).getByTestId('equipment-latest-price');
    expect(price).toHaveTextContent('£45.50 per day');
    expect(price).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: /Click to create hire/ })).not.toBeInTheDocument();
  });

  it('shows the screen in Spanish', async () => {
    await i18n.changeLanguage('es');
    await open();
    expect(screen.getByRole('heading', { name: 'Equipos', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir equipo' })).toBeInTheDocument();
    expect(screen.getByText('Foto pendiente')).toBeInTheDocument();
    expect(screen.getByText('Demolición y perforación')).toBeInTheDocument();
  });
});

describe('Categories in the order of the user’s language', () => {
  it('lists the filter’s and the form’s categories alphabetically in Spanish too', async () => {
    await i18n.changeLanguage('es');
    const { user } = await open({
      'GET /api/equipment/categories': {
        body: {
          categories: [
            { category: 'Breaking & Drilling', count: 1 },
            { category: 'Concreting & Compaction', count: 1 },
            { category: 'Heating', count: 2 },
          ],
        },
      },
    });
    const filter = screen.getByTestId('equipment-category-filter');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Todas las categorías',
      'Calefacción (2)',
      'Demolición y perforación (1)',
      'Hormigonado y compactación (1)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Añadir equipo' }));
    const modal = await screen.findByRole('dialog', { name: 'Añadir equipo' });
    await user.click(within(modal).getByRole('combobox', { name: /Categoría/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options.slice(0, 3)).toEqual(['Aserrado y corte', 'Bombeo y secado', 'Calefacción']);
  });
});

describe('Equipment list: favourites, filters, pagination, failures (spec §2, §4, §8)', () => {
  it('counts the categories of My Favorites among the favourites, and again after a heart changes', async () => {
    let favouriteBreakers = 0;
    const counts = (call: FetchCall): FakeAnswer =>
      call.url.includes('favorites=true')
        ? {
            body: {
              categories: [
                { category: 'Breaking & Drilling', count: favouriteBreakers },
                { category: 'Concreting & Compaction', count: 1 },
              ],
            },
          }
        : {
            body: {
              categories: [
                { category: 'Breaking & Drilling', count: 7 },
                { category: 'Concreting & Compaction', count: 9 },
              ],
            },
          };
    const { user } = await open({
      'GET /api/equipment/categories': counts,
      'GET /api/equipment/favorites/list': page([breaker, mixer]),
      [`POST /api/equipment/${BREAKER}/favorite`]: () => {
        favouriteBreakers = 1;
        return { body: { is_favorite: true, message: 'ok' } };
      },
    });
    const options = () =>
      within(screen.getByLabelText('Category'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() =>
      expect(options()).toEqual(['All categories', 'Breaking & Drilling (7)', 'Concreting & Compaction (9)']),
    );
    await user.click(screen.getByRole('button', { name: 'My Favorites' }));
    await waitFor(() =>
      expect(options()).toEqual(['All categories', 'Breaking & Drilling (0)', 'Concreting & Compaction (1)']),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Hilti TE 70 Breaker to favorites' }));
    await waitFor(() =>
      expect(options()).toEqual(['All categories', 'Breaking & Drilling (1)', 'Concreting & Compaction (1)']),
    );
  });

  it('toggles My Favorites / Show All, with its own empty state', async () => {
    const { user, calls } = await open({ 'GET /api/equipment/favorites/list': page([]) });
    await user.click(screen.getByRole('button', { name: 'My Favorites' }));
    expect(await screen.findByText('No favorite equipment yet')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/equipment/favorites/list?'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(await screen.findByTestId(`equipment-card-${BREAKER}`)).toBeInTheDocument();
  });

  it("says what to do when the catalogue is empty ('No equipment yet')", async () => {
    signInForTest();
    mockFetch(baseApis({ 'GET /api/equipment': page([]) }));
    renderApp('/equipment');
    expect(await screen.findByText('No equipment yet', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Add the first item with Add Equipment.')).toBeInTheDocument();
  });

  it('searches by the first 200 characters of a longer search in the address, which the API would refuse', async () => {
    const { calls } = await open({}, testUser, `/equipment?search=${'b'.repeat(250)}`);
    expect(listCalls(calls).map((call) => call.url)).toEqual([
      `/api/equipment?page=1&limit=12&search=${'b'.repeat(200)}`,
    ]);
    expect(screen.getByLabelText('Search equipment')).toHaveValue('b'.repeat(200));
  });

  it('filters by category (name and count shown) and by debounced search, with a clear button', async () => {
    const { user, calls } = await open();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    const select = screen.getByLabelText('Category');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Breaking & Drilling (1)', 'Concreting & Compaction (1)']);
    await user.selectOptions(select, 'Concreting & Compaction');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/equipment?page=1&limit=12&category=Concreting+%26+Compaction',
      ),
    );
    const before = listCalls(calls).length;
    await user.type(screen.getByLabelText('Search equipment'), 'mixer');
    // One request once typing pauses (300 ms), not one per key.
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/equipment?page=1&limit=12&search=mixer&category=Concreting+%26+Compaction',
      ),
    );
    expect(listCalls(calls).length).toBe(before + 1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/equipment?page=1&limit=12'));
    expect(screen.getByLabelText('Search equipment')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('pages with Previous, numbered pages and Next, 12 per page', async () => {
    const { user, calls } = await open({ 'GET /api/equipment': page([breaker, mixer], 3) });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Previous', '1', '2', '3', 'Next']);
    await user.click(within(nav).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/equipment?page=2&limit=12'));
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/equipment?page=3&limit=12'));
  });

  it('moves a page past the last one (a stale link) to the last page, never saying the catalogue is empty (audit M)', async () => {
    const { calls } = await open(
      {
        'GET /api/equipment': (call) =>
          call.url.includes('page=9999') ? page([], 3) : page([breaker, mixer], 3),
      },
      testUser,
      '/equipment?page=9999',
    );
    expect(listCalls(calls).at(-1)?.url).toBe('/api/equipment?page=3&limit=12');
    expect(screen.queryByText('No equipment yet')).not.toBeInTheDocument();
  });

  it('drops a category the catalogue does not have (a mistyped link) and lists everything (audit M)', async () => {
    const { calls } = await open(
      {
        'GET /api/equipment': (call) =>
          call.url.includes('category=')
            ? { status: 400, body: { error: 'Invalid category' } }
            : page([breaker]),
      },
      testUser,
      '/equipment?category=Bogus',
    );
    expect(listCalls(calls).at(-1)?.url).toBe('/api/equipment?page=1&limit=12');
    // Never asked for: the server would refuse it.
    expect(listCalls(calls).filter((call) => call.url.includes('category='))).toEqual([]);
    expect(screen.queryByText('Failed to load equipment')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load equipment' with Try Again, which asks again", async () => {
    signInForTest();
    let fail = true;
    mockFetch(
      baseApis({
        'GET /api/equipment': () => (fail ? { status: 500, body: { error: 'Boom' } } : page([breaker])),
      }),
    );
    renderApp('/equipment');
    expect(await screen.findByText('Failed to load equipment', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId(`equipment-card-${BREAKER}`)).toBeInTheDocument();
  });

  it("adds a favourite on the server and flips the heart; a failure says 'Failed to update favorite'", async () => {
    let status = 200;
    const { user, calls } = await open({
      [`POST /api/equipment/${BREAKER}/favorite`]: () => ({
        status,
        body: { is_favorite: true, message: 'ok' },
      }),
      [`DELETE /api/equipment/${MIXER}/favorite`]: () => ({
        status,
        body: { is_favorite: false, message: 'ok' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Add Hilti TE 70 Breaker to favorites' }));
    expect(
      await screen.findByRole('button', { name: 'Remove Hilti TE 70 Breaker from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/equipment/${BREAKER}/favorite`,
    ]);
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Remove Belle Cement Mixer from favorites' }));
    expect(await screen.findByText('Failed to update favorite')).toBeInTheDocument();
  });
});

describe('Equipment delete (spec §2, §7, §8)', () => {
  async function deleteBreaker(answer: FakeAnswer) {
    const opened = await open({ [`DELETE /api/equipment/${BREAKER}`]: answer });
    await opened.user.click(screen.getByRole('button', { name: 'Delete Hilti TE 70 Breaker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete equipment' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this equipment?');
    const before = listCalls(opened.calls).length;
    await opened.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    return { ...opened, before };
  }

  it('asks first, deletes, and refreshes the list', async () => {
    const { calls, before } = await deleteBreaker({ body: { message: 'Equipment deleted successfully' } });
    expect(await screen.findByText('Equipment deleted successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `/api/equipment/${BREAKER}`)).toBe(
      true,
    );
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('treats a 404 as already gone: refreshes and says nothing', async () => {
    const { calls, before } = await deleteBreaker({ status: 404, body: { error: 'Equipment not found' } });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    expect(screen.queryByText('Failed to delete equipment')).not.toBeInTheDocument();
    expect(screen.queryByText('Equipment not found')).not.toBeInTheDocument();
  });

  it("says 'Failed to delete equipment' when the server gives no reason", async () => {
    await deleteBreaker({ status: 500 });
    expect(await screen.findByText('Failed to delete equipment')).toBeInTheDocument();
  });
});

describe('Equipment add/edit modal (spec §2, §5, §8)', () => {
  it('shows the spec §5 messages and does not send an incomplete form', async () => {
    const { user, modal, calls } = await openAddModal();
    await user.click(within(modal).getByRole('button', { name: 'Add Equipment' }));
    expect(await within(modal).findByText('Equipment name is required')).toBeInTheDocument();
    expect(within(modal).getByText('Category is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers unit of measure and the seven power types', async () => {
    const { user, modal } = await openAddModal();
    await user.click(within(modal).getByRole('combobox', { name: 'Unit of measure' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Each',
      'Per Day',
      'Per Week',
      'Per Month',
      'Per Hour',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(modal).getByRole('combobox', { name: 'Power' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Petrol',
      'Diesel',
      '110V',
      '240V',
      'Battery',
      'Manual',
      'Hydraulic',
    ]);
  });

  it('enables Generate with AI only with name, category, unit and power, and fills the description', async () => {
    const { user, modal, calls } = await openAddModal({
      'POST /api/equipment/generate-description': {
        body: { description: 'A powerful 110V breaker.', fallback: false },
      },
    });
    const generate = within(modal).getByRole('button', { name: 'Generate with AI' });
    expect(generate).toBeDisabled();
    await user.type(within(modal).getByLabelText('Name'), 'Kango 950');
    await choose(user, within(modal).getByRole('combobox', { name: 'Category' }), 'Breaking & Drilling');
    await choose(user, within(modal).getByRole('combobox', { name: 'Unit of measure' }), 'Per Day');
    expect(generate).toBeDisabled();
    await choose(user, within(modal).getByRole('combobox', { name: 'Power' }), '110V');
    expect(generate).toBeEnabled();
    await user.click(generate);
    await waitFor(() =>
      expect(within(modal).getByLabelText('Description')).toHaveValue('A powerful 110V breaker.'),
    );
    expect(calls.find((call) => call.url === '/api/equipment/generate-description')?.body).toEqual({
      name: 'Kango 950',
      category: 'Breaking & Drilling',
      unit_of_measure: 'per_day',
      power: '110V',
    });
  });

  it('uses the fallback description when given, else says to enter it manually', async () => {
    let answer: FakeAnswer = { body: { description: 'Kango 950: breaking equipment.', fallback: true } };
    const { user, modal } = await openAddModal({ 'POST /api/equipment/generate-description': () => answer });
    await user.type(within(modal).getByLabelText('Name'), 'Kango 950');
    await choose(user, within(modal).getByRole('combobox', { name: 'Category' }), 'Breaking & Drilling');
    await choose(user, within(modal).getByRole('combobox', { name: 'Unit of measure' }), 'Each');
    await choose(user, within(modal).getByRole('combobox', { name: 'Power' }), 'Manual');
    await user.click(within(modal).getByRole('button', { name: 'Generate with AI' }));
    await waitFor(() =>
      expect(within(modal).getByLabelText('Description')).toHaveValue('Kango 950: breaking equipment.'),
    );
    answer = { status: 502, body: { error: 'Bad gateway' } };
    await user.click(within(modal).getByRole('button', { name: 'Generate with AI' }));
    expect(
      await within(modal).findByText('Failed to generate AI description. Please enter manually.'),
    ).toBeInTheDocument();
  });

  it('tags each picked image with its source: browse, drag and drop, paste', async () => {
    const { user, modal } = await openAddModal();
    expect(modal).toHaveTextContent('Recommended 800x600 or larger; formats JPG, PNG, GIF, WebP');
    const png = new File(['png'], 'digger.png', { type: 'image/png' });
    await user.upload(within(modal).getByTestId('equipment-image-input'), png);
    expect(await within(modal).findByTestId('equipment-image-source')).toHaveTextContent('Source: Browse');
    expect(within(modal).getByRole('img', { name: 'Preview of the new image' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    fireEvent.drop(within(modal).getByTestId('equipment-image-dropzone'), {
      dataTransfer: { files: [new File(['gif'], 'dropped.gif', { type: 'image/gif' })] },
    });
    expect(await within(modal).findByTestId('equipment-image-source')).toHaveTextContent(
      'Source: Drag and drop',
    );
    expect(within(modal).getByText('dropped.gif')).toBeInTheDocument();
    const pasted = new File(['webp'], 'pasted.webp', { type: 'image/webp' });
    act(() => {
      fireEvent.paste(within(modal).getByLabelText('Name'), {
        clipboardData: { items: [{ kind: 'file', getAsFile: () => pasted }], files: [pasted] },
      });
    });
    expect(await within(modal).findByTestId('equipment-image-source')).toHaveTextContent('Source: Paste');
  });

  it('refuses a file that is not an image, and an image over 5 MB, with the spec messages', async () => {
    const { modal } = await openAddModal();
    const zone = within(modal).getByTestId('equipment-image-dropzone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(modal).findByText('Please select an image file')).toBeInTheDocument();
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 5_242_881 });
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    expect(await within(modal).findByText('Image must be less than 5MB')).toBeInTheDocument();
    expect(within(modal).queryByTestId('equipment-image-preview')).not.toBeInTheDocument();
    const exact = new File(['x'], 'fine.jpg', { type: 'image/jpeg' });
    Object.defineProperty(exact, 'size', { value: 5_242_880 });
    fireEvent.drop(zone, { dataTransfer: { files: [exact] } });
    expect(await within(modal).findByTestId('equipment-image-preview')).toBeInTheDocument();
  });

  it('refuses a file the browser cannot show as an image when it is picked, whatever its name says (AQ-7)', async () => {
    const { modal } = await openAddModal();
    const zone = within(modal).getByTestId('equipment-image-dropzone');
    const notes = new File(['just some text'], 'site-notes.jpg', { type: 'image/jpeg' });
    fireEvent.drop(zone, { dataTransfer: { files: [notes] } });
    // The browser fails to decode it for the preview.
    fireEvent.error(await within(modal).findByRole('img', { name: 'Preview of the new image' }));
    expect(await within(modal).findByText('Please select an image file')).toBeInTheDocument();
    expect(within(modal).queryByTestId('equipment-image-preview')).not.toBeInTheDocument();
    expect(within(modal).queryByText('site-notes.jpg')).not.toBeInTheDocument();
  });

  it('sends the form as multipart with the image, then closes and refreshes', async () => {
    const { user, modal, calls } = await openAddModal({
      'POST /api/equipment': { status: 201, body: { equipment: breaker, message: 'created' } },
    });
    await user.type(within(modal).getByLabelText('Name'), '  Kango 950  ');
    await choose(user, within(modal).getByRole('combobox', { name: 'Category' }), 'Breaking & Drilling');
    await choose(user, within(modal).getByRole('combobox', { name: 'Power' }), 'Diesel');
    const png = new File(['png'], 'digger.png', { type: 'image/png' });
    await user.upload(within(modal).getByTestId('equipment-image-input'), png);
    const before = listCalls(calls).length;
    await user.click(within(modal).getByRole('button', { name: 'Add Equipment' }));
    expect(await screen.findByText('Equipment created successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Equipment' })).not.toBeInTheDocument(),
    );
    const body = calls.find((call) => call.method === 'POST' && call.url === '/api/equipment')!
      .body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()].sort()).toEqual(['category', 'image', 'name', 'power']);
    expect(body.get('name')).toBe('Kango 950');
    expect(body.get('category')).toBe('Breaking & Drilling');
    expect(body.get('power')).toBe('Diesel');
    expect((body.get('image') as File).name).toBe('digger.png');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('closes and says it is saved as soon as the server has saved, while the lists still reload (AV-4)', async () => {
    let listed = 0;
    const { user, modal } = await openAddModal({
      'POST /api/equipment': { status: 201, body: { equipment: breaker, message: 'created' } },
      // The first page loads; the reload after the save hangs (a catalogue restarting).
      'GET /api/equipment': () =>
        listed++ === 0 ? page([breaker, mixer]) : { ...page([]), wait: new Promise(() => {}) },
    });
    await user.type(within(modal).getByLabelText('Name'), 'Kango 950');
    await choose(user, within(modal).getByRole('combobox', { name: 'Category' }), 'Breaking & Drilling');
    await choose(user, within(modal).getByRole('combobox', { name: 'Power' }), 'Diesel');
    await user.click(within(modal).getByRole('button', { name: 'Add Equipment' }));
    expect(await screen.findByText('Equipment created successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Equipment' })).not.toBeInTheDocument(),
    );
    expect(listed).toBeGreaterThan(1);
  });

  it("lists the server's details[], else says 'Failed to save equipment'", async () => {
    let answer: FakeAnswer = {
      status: 400,
      body: {
        error: 'Validation failed',
        details: [
          { param: 'name', msg: 'Equipment name must be 255 characters or less' },
          { param: 'image', msg: 'Image must be less than 5MB' },
        ],
      },
    };
    const { user, modal } = await openAddModal({ 'POST /api/equipment': () => answer });
    await user.type(within(modal).getByLabelText('Name'), 'Kango');
    await choose(user, within(modal).getByRole('combobox', { name: 'Category' }), 'Heating');
    await user.click(within(modal).getByRole('button', { name: 'Add Equipment' }));
    const error = await within(modal).findByTestId('equipment-form-error');
    expect(
      within(error)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Equipment name must be 255 characters or less', 'Image must be less than 5MB']);
    answer = { status: 500 };
    await user.click(within(modal).getByRole('button', { name: 'Add Equipment' }));
    await waitFor(() =>
      expect(within(modal).getByTestId('equipment-form-error')).toHaveTextContent('Failed to save equipment'),
    );
  });

  it('offers similar items already in the catalogue while a new name is typed', async () => {
    const { user, modal, calls } = await openAddModal({
      'GET /api/equipment/similar': {
        body: {
          similar: [
            { id: BREAKER, name: 'Hilti TE 70 Breaker', category: 'Breaking & Drilling', similarity: 0.7 },
          ],
        },
      },
    });
    await user.type(within(modal).getByLabelText('Name'), 'HILTI TE70');
    const similar = await within(modal).findByTestId('equipment-similar');
    expect(similar).toHaveTextContent('Similar items already in the catalogue');
    expect(similar).toHaveTextContent('Hilti TE 70 Breaker');
    expect(calls.filter((call) => call.url.startsWith('/api/equipment/similar')).at(-1)?.url).toBe(
      '/api/equipment/similar?name=HILTI+TE70',
    );
    await user.click(within(similar).getByRole('button', { name: 'Show it' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Equipment' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Search equipment')).toHaveValue('Hilti TE 70 Breaker');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/equipment?page=1&limit=12&search=Hilti+TE+70+Breaker'),
    );
  });

  it('does not look up a name longer than the form allows (the server would refuse it)', async () => {
    const { user, modal, calls } = await openAddModal({
      'GET /api/equipment/similar': { body: { similar: [] } },
    });
    const name = within(modal).getByLabelText('Name');
    await user.click(name);
    await user.paste('x'.repeat(256));
    // Longer than the name's settling time: the 256 characters would have been looked up by now.
    await new Promise((resolve) => setTimeout(resolve, 800));
    await user.type(name, '{Backspace}');
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/equipment/similar')).at(-1)?.url).toBe(
        `/api/equipment/similar?name=${'x'.repeat(255)}`,
      ),
    );
    expect(calls.some((call) => call.url === `/api/equipment/similar?name=${'x'.repeat(256)}`)).toBe(false);
  });

  it('shows a unit the hire form’s quick-add stored: its own word, or the main form’s for the same unit', async () => {
    const metre = item({ unit_of_measure: 'Per Metre' });
    const { user } = await open({ 'GET /api/equipment': page([metre]) });
    await user.click(screen.getByRole('button', { name: 'Edit Hilti TE 70 Breaker' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Equipment' });
    expect(within(modal).getByTestId('equipment-unit')).toHaveTextContent('Per Metre');
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads a quick-add unit the main form has a word for as that unit', async () => {
    const day = item({ unit_of_measure: 'Per Week' });
    const { user } = await open({ 'GET /api/equipment': page([day]) });
    await user.click(screen.getByRole('button', { name: 'Edit Hilti TE 70 Breaker' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Equipment' });
    expect(within(modal).getByTestId('equipment-unit')).toHaveTextContent('Per Week');
  });

  it('edits an owned item: its values, the Current Image panel, PUT with is_active and remove_image', async () => {
    const owned = item({
      image_url: '/files/equipment/y/full.jpg',
      image_card_url: '/files/equipment/y/card.jpg',
    });
    const { user, calls } = await open({
      'GET /api/equipment': page([owned]),
      [`PUT /api/equipment/${BREAKER}`]: { body: { equipment: owned, message: 'ok', replaced_images: [] } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Hilti TE 70 Breaker' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Equipment' });
    expect(within(modal).getByLabelText('Name')).toHaveValue('Hilti TE 70 Breaker');
    const current = within(modal).getByTestId('equipment-current-image');
    expect(current).toHaveTextContent('Current Image');
    expect(within(current).getByRole('img')).toHaveAttribute('src', '/files/equipment/y/full.jpg');
    await user.click(within(current).getByLabelText('Remove the current image'));
    await user.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Equipment updated successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')!.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      name: 'Hilti TE 70 Breaker',
      description: 'Heavy breaker for concrete.',
      category: 'Breaking & Drilling',
      unit_of_measure: 'per_day',
      power: '110V',
      is_active: 'true',
      remove_image: 'true',
    });
  });

  it('marks an inactive item of ours and switches it back on (spec §3 is_active)', async () => {
    const retired = item({ is_active: false });
    const { user, calls } = await open({
      'GET /api/equipment': page([retired]),
      [`PUT /api/equipment/${BREAKER}`]: { body: { equipment: breaker, message: 'ok', replaced_images: [] } },
    });
    const card = screen.getByTestId(`equipment-card-${BREAKER}`);
    expect(within(card).getByTestId('equipment-inactive')).toHaveTextContent('Inactive');
    await user.click(screen.getByRole('button', { name: 'Edit Hilti TE 70 Breaker' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Equipment' });
    const active = within(modal).getByRole('switch', {
      name: 'Active: offered to every company and for new hires',
    });
    expect(active).not.toBeChecked();
    await user.click(active);
    await user.click(within(modal).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Equipment updated successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')!.body as FormData;
    expect(body.get('is_active')).toBe('true');
  });
});
