import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_MESSAGES, HIRES_MESSAGES } from '@planted/contracts';
import { computeHireTotals } from '@planted/domain';
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
import {
  EQUIPMENT,
  HIRE_A,
  HIRE_B,
  SITE,
  SUPPLIER,
  equipmentItem,
  hire,
  hirePage,
  siteItem,
  supplierItem,
  usage,
} from './hires-fixtures';
import { PURCHASE_ORDER_CHECK_MS } from '../api/purchase-orders';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  signInForTest();
});
afterEach(() => {
  jest.restoreAllMocks();
  return i18n.changeLanguage('en');
});

type Answers = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;

const second = hire({
  id: HIRE_B,
  equipment_name: 'Tower Light',
  equipment_category: 'Lighting',
  equipment_image_url: '/files/equipment/x/card.jpg',
  hire_status: 'collection_booked',
  pricing_term: 'fixed',
  price: 90,
  price_per_day: 30,
  hire_duration_days: 3,
  total_cost: 108,
  zahara_po_number: 'PO-77',
  zahara_document_id: 'DOC-77',
  job_number: null,
});

const base = (over: Answers = {}): Answers => ({
  'GET /api/hires': hirePage([hire(), second], 3),
  'GET /api/hires/subscription-usage': usage(1),
  'GET /api/equipment': {
    body: { equipment: [equipmentItem], pagination: { page: 1, limit: 1000, total: 1, pages: 1 } },
  },
  'GET /api/suppliers': {
    body: { suppliers: [supplierItem], pagination: { page: 1, limit: 1000, total: 1, pages: 1 } },
  },
  'GET /api/sites': { body: { sites: [siteItem], pagination: { page: 1, limit: 1000, total: 1, pages: 1 } } },
  'GET /api/equipment/pricing': { body: {} },
  ...over,
});

async function open(path = '/hires', over: Answers = {}) {
  const fetched = mockFetch(base(over));
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Hires', level: 1, hidden: true }, { timeout: 15_000 });
  return { ...fetched, ...view, user: userEvent.setup({ delay: null }) };
}

const listCalls = (calls: FetchCall[]) => calls.filter((call) => /^\/api\/hires(\?|$)/.test(call.url));
const query = (call: FetchCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);

/** Picks `option` in the MUI select labelled `label` inside `scope`. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  label: string,
  option: string,
) {
  const input = within(scope).getByRole('combobox', { name: label });
  await user.click(input);
  await user.type(input, option.slice(0, 4));
  await user.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

const setDate = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('Hire cards and the list (spec §2 Hires, §7)', () => {
  it('shows every field of a hire on its card', async () => {
    await open();
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`);
    expect(within(card).getByRole('heading', { name: 'Mini Digger' })).toBeInTheDocument();
    expect(within(card).getByTestId('hire-status')).toHaveTextContent('Active');
    expect(within(card).getByText('Building & Sitework')).toBeInTheDocument();
    expect(within(card).getByTestId('hire-supplier')).toHaveTextContent('Speedy Hire Leeds');
    expect(within(card).getByTestId('hire-site')).toHaveTextContent('Leeds Depot · Job J-1001');
    expect(within(card).getByTestId('hire-dates')).toHaveTextContent('1 Mar 2026 – 10 Mar 2026');
    expect(within(card).getByTestId('hire-duration')).toHaveTextContent('10 days');
    expect(within(card).getByTestId('hire-price')).toHaveTextContent('£100.00 per week (£14.29/day)');
    expect(within(card).getByTestId('hire-po')).toHaveTextContent('No PO created');
    expect(within(card).getByTestId('hire-total')).toHaveTextContent('£300.00');
    expect(within(card).getByTestId('hire-ex-vat')).toHaveTextContent('£250.00 ex VAT');
    expect(within(card).getByTestId('hire-creator')).toHaveTextContent('Alice Admin · 27 Feb 2026');
    expect(within(card).getByRole('button', { name: 'Edit hire of Mini Digger' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete hire of Mini Digger' })).toBeInTheDocument();

    const other = screen.getByTestId(`hire-card-${HIRE_B}`);
    expect(within(other).getByRole('img', { name: 'Tower Light' })).toHaveAttribute(
      'src',
      '/files/equipment/x/card.jpg',
    );
    expect(within(other).getByTestId('hire-status')).toHaveTextContent('Collection Booked');
    expect(within(other).getByTestId('hire-po')).toHaveTextContent('PO #PO-77');
    expect(within(other).getByTestId('hire-site')).toHaveTextContent('Leeds Depot');
    expect(within(other).getByTestId('hire-price')).toHaveTextContent('£90.00 fixed (£30.00/day)');
    expect(within(other).getByTestId('hire-ex-vat')).toHaveTextContent('£90.00 ex VAT');
  });

  it("asks page 1 of 12 active and collection-booked hires, pages with 'Page X of Y'", async () => {
    const { calls, user } = await open();
    await screen.findByTestId(`hire-card-${HIRE_A}`);
    expect(query(listCalls(calls)[0])).toEqual({
      page: '1',
      limit: '12',
      status: 'active,collection_booked',
    });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toMatchObject({ page: '2' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('Show Completed asks every status, and the search goes to the server after typing pauses', async () => {
    const { calls, user } = await open();
    await screen.findByTestId(`hire-card-${HIRE_A}`);
    await user.click(screen.getByRole('switch', { name: 'Show Completed' }));
    await waitFor(() =>
      expect(query(listCalls(calls).at(-1))).toMatchObject({ status: 'active,completed,collection_booked' }),
    );
    const before = listCalls(calls).length;
    await user.type(screen.getByTestId('hire-search'), 'J-1001');
    await waitFor(() =>
      expect(query(listCalls(calls).at(-1))).toMatchObject({ search: 'J-1001', page: '1' }),
    );
    // One request for the settled text, not one per key.
    expect(listCalls(calls).length).toBe(before + 1);
  });

  it('keeps the search, Show Completed and the page in the address: a reload or Back shows the same list', async () => {
    const { calls, user, router } = await open('/hires?search=J-1001&completed=1&page=2');
    await waitFor(() =>
      expect(query(listCalls(calls)[0])).toEqual({
        page: '2',
        limit: '12',
        search: 'J-1001',
        status: 'active,completed,collection_booked',
      }),
    );
    expect(screen.getByTestId('hire-search')).toHaveValue('J-1001');
    expect(screen.getByRole('switch', { name: 'Show Completed' })).toBeChecked();
    // A change is written back; page 1 and the other defaults are left out.
    await user.click(screen.getByRole('switch', { name: 'Show Completed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=J-1001'));
    // Another address (Back, a link) changes the list and the search box with it.
    await router.navigate('/hires?search=Leeds&page=3');
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toMatchObject({ search: 'Leeds', page: '3' }));
    expect(screen.getByTestId('hire-search')).toHaveValue('Leeds');
  });

  it('says what to do when nothing matches, and when there are no hires', async () => {
    await open('/hires', { 'GET /api/hires': hirePage([]) });
    expect(await screen.findByText('No active hires')).toBeInTheDocument();
    expect(
      screen.getByText('Create a hire to track equipment on your sites and what it costs.'),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to load hires' with Try Again", async () => {
    await open('/hires', { 'GET /api/hires': { status: 500, body: { error: 'Internal server error' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load hires');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('Bulk actions (spec §2 Hires, §4, §8)', () => {
  it('marks the selected hires completed after confirming, with the spec message', async () => {
    const { calls, user } = await open('/hires', {
      'PUT /api/hires/bulk/status': { body: { updatedCount: 2, message: 'ok' } },
    });
    await screen.findByTestId(`hire-card-${HIRE_A}`);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mark Completed' }));
    const confirm = await screen.findByRole('dialog', { name: 'Update status' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to update the status of 2 hire(s) to Completed?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Successfully updated 2 hire(s) to Completed!')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/hires/bulk/status')?.body).toEqual({
      hireIds: [HIRE_A, HIRE_B],
      status: 'completed',
    });
  });

  it('after the last page’s hires are completed in bulk, shows the page that is now last', async () => {
    let completed = false;
    const { calls, user } = await open('/hires', {
      // Two pages until the second page's hires are completed; then one.
      'GET /api/hires': (call) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        if (!completed) return hirePage(page === 2 ? [second] : [hire()], 2, page);
        return hirePage(page === 2 ? [] : [hire()], 1, page);
      },
      'PUT /api/hires/bulk/status': () => {
        completed = true;
        return { body: { updatedCount: 1, message: 'ok' } };
      },
    });
    await screen.findByTestId(`hire-card-${HIRE_A}`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId(`hire-card-${HIRE_B}`);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', {
        name: 'Mark Completed',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Update status' });
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));
    // Page 2 is gone: page 1 is asked and shown, not an empty list.
    expect(await screen.findByTestId(`hire-card-${HIRE_A}`)).toBeInTheDocument();
    expect(query(listCalls(calls).at(-1))).toMatchObject({ page: '1' });
  });

  it('marks one hire collection booked, and reports a failure', async () => {
    const { calls, user } = await open('/hires', {
      'PUT /api/hires/bulk/status': {
        status: 400,
        body: { error: 'Status must be completed or collection_booked' },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Tower Light' }));
    await user.click(screen.getByRole('button', { name: 'Mark Collection Booked' }));
    const confirm = await screen.findByRole('dialog', { name: 'Update status' });
    expect(confirm).toHaveTextContent('update the status of 1 hire(s) to Collection Booked?');
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Failed to update status: Status must be completed or collection_booked'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/hires/bulk/status')?.body).toEqual({
      hireIds: [HIRE_B],
      status: 'collection_booked',
    });
  });

  it("deletes the selected hires after 'Yes, Delete N Hire(s)'", async () => {
    const { calls, user } = await open('/hires', {
      'DELETE /api/hires/bulk': { body: { deletedCount: 2, message: 'ok' } },
    });
    await screen.findByTestId(`hire-card-${HIRE_A}`);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete hires' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete 2 hire(s)? This action cannot be undone.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Delete 2 Hire(s)' }));
    expect(await screen.findByText('Successfully deleted 2 hire(s)!')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/hires/bulk' && call.method === 'DELETE')?.body).toEqual({
      hireIds: [HIRE_A, HIRE_B],
    });
  });

  it("reports 'Failed to delete hires: {error}'", async () => {
    const { user } = await open('/hires', {
      'DELETE /api/hires/bulk': {
        status: 503,
        body: { error: 'Service temporarily unavailable. Please try again shortly.' },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Mini Digger' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Delete 1 Hire(s)' }));
    expect(
      await screen.findByText(
        'Failed to delete hires: Service temporarily unavailable. Please try again shortly.',
      ),
    ).toBeInTheDocument();
  });

  it('asks before deleting one hire', async () => {
    const { calls, user } = await open('/hires', {
      [`DELETE /api/hires/${HIRE_A}`]: { body: { message: 'Hire deleted successfully' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete hire of Mini Digger' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete hire?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Hire deleted successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `/api/hires/${HIRE_A}`)).toBe(true);
  });

  it('says before deleting that a hire’s purchase order stays in Zahara as it is, alone or selected', async () => {
    const { user } = await open('/hires');
    await user.click(await screen.findByRole('button', { name: 'Delete hire of Tower Light' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete hire?' });
    expect(confirm).toHaveTextContent(
      'Purchase Order #PO-77 stays in Zahara as it is: change or cancel it there if you need to.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Delete hire of Mini Digger' }));
    expect(await screen.findByRole('dialog', { name: 'Delete hire?' })).not.toHaveTextContent(
      'stays in Zahara',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Mini Digger' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Tower Light' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete hires' })).toHaveTextContent(
      'Are you sure you want to delete 2 hire(s)? This action cannot be undone. Purchase Order #PO-77 stays in Zahara',
    );
  });
});

describe('The hire form (spec §2, §5, §9)', () => {
  it('shows a viewer the hires and nothing to change: no New Hire, selection, edit or delete', async () => {
    resetBrowserState();
    signInForTest({ ...testUser, role: 'viewer' });
    await open(`/hires?edit=${HIRE_A}`, { [`GET /api/hires/${HIRE_A}`]: { body: { hire: hire() } } });
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`);
    expect(screen.getByTestId('viewer-notice')).toBeInTheDocument();
    for (const testId of ['hire-select', 'hire-edit', 'hire-delete'])
      expect(within(card).queryByTestId(testId)).not.toBeInTheDocument();
    expect(screen.queryByTestId('hire-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bulk-delete')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Hire' })).not.toBeInTheDocument();
  });

  it('asks before Escape discards a hire form that was typed in; an untouched one closes at once', async () => {
    const { user } = await open('/hires');
    await user.click(screen.getByTestId('hire-add'));
    let dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Hire' })).not.toBeInTheDocument());

    await user.click(screen.getByTestId('hire-add'));
    dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    await user.type(within(dialog).getByTestId('hire-price'), '120');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByTestId('hire-price')).toHaveValue('120');
  });

  it('marks a site that is no longer active in the site picker with its status', async () => {
    const done = {
      ...siteItem,
      id: '00000000-0000-4000-8000-0000000000d1',
      name: 'Old Yard',
      job_number: null,
      status: 'completed',
    };
    const { user } = await open('/hires', {
      'GET /api/sites': {
        body: { sites: [siteItem, done], pagination: { page: 1, limit: 1000, total: 2, pages: 1 } },
      },
    });
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Site' }));
    const [first, second] = await screen.findAllByRole('option');
    expect(first).toHaveTextContent('Leeds Depot (J-1001)');
    expect(first).not.toHaveTextContent('Completed');
    expect(second).toHaveTextContent('Old Yard');
    expect(second).toHaveTextContent('Completed, Leeds, LS3 1LL, United Kingdom');
  });

  it('says a list it could not load failed, with Try Again, rather than inviting a quick-add', async () => {
    let sitesDown = true;
    const { user } = await open('/hires', {
      'GET /api/sites': () =>
        sitesDown
          ? { status: 503, body: { error: 'Service temporarily unavailable. Please try again shortly.' } }
          : { body: { sites: [siteItem], pagination: { page: 1, limit: 1000, total: 1, pages: 1 } } },
    });
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    const failed = await within(dialog).findByTestId('hire-site-failed', {}, { timeout: 10_000 });
    expect(failed).toHaveTextContent('Could not load this list.');
    expect(within(dialog).queryByTestId('hire-equipment-failed')).not.toBeInTheDocument();
    sitesDown = false;
    await user.click(within(failed).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(within(dialog).queryByTestId('hire-site-failed')).not.toBeInTheDocument());
  });

  it('does not offer inactive equipment for a new hire', async () => {
    const retired = {
      ...equipmentItem,
      id: '00000000-0000-4000-8000-00000000e0ff',
      name: 'Retired Roller',
      is_active: false,
    };
    const { user } = await open('/hires', {
      'GET /api/equipment': {
        body: {
          equipment: [equipmentItem, retired],
          pagination: { page: 1, limit: 1000, total: 2, pages: 1 },
        },
      },
    });
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Equipment' }));
    expect(await screen.findByRole('option', { name: /Mini Digger/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Retired Roller/ })).not.toBeInTheDocument();
  });

  it('requires equipment, supplier, site, price, term and end date', async () => {
    const { calls, user } = await open();
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    // Money is typed as text on a decimal keypad (as the GOV.UK Design System advises, not a
    // number input, which reads '12,5' as 125): the penny step (spec: price step 0.01) and
    // nothing below nought are the validation's.
    for (const field of ['hire-price', 'hire-delivery', 'hire-operator']) {
      expect(within(dialog).getByTestId(field)).toHaveAttribute('inputmode', 'decimal');
      expect(within(dialog).getByTestId(field)).not.toHaveAttribute('type', 'number');
    }
    await user.type(within(dialog).getByTestId('hire-delivery'), '12.345');
    await user.type(within(dialog).getByTestId('hire-operator'), '-1');
    await user.click(within(dialog).getByTestId('hire-save'));
    expect(await within(dialog).findByText('Amount must have at most 2 decimal places')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount cannot be negative')).toBeInTheDocument();
    await user.clear(within(dialog).getByTestId('hire-delivery'));
    await user.clear(within(dialog).getByTestId('hire-operator'));
    for (const message of [
      'Equipment is required',
      'Supplier is required',
      'Site is required',
      'Price is required',
      'Pricing term is required',
      'End date is required',
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await pick(user, dialog, 'Equipment', 'Mini Digger');
    await pick(user, dialog, 'Supplier', 'Speedy Hire Leeds');
    await pick(user, dialog, 'Site', 'Leeds Depot');
    await user.type(within(dialog).getByTestId('hire-price'), '100');
    await choose(user, dialog, 'Pricing term', 'Per day');
    setDate(dialog, 'Start date', '2026-03-10');
    setDate(dialog, 'End date', '2026-03-01');
    await user.click(within(dialog).getByTestId('hire-save'));
    expect(
      await within(dialog).findByText('End date must be on or after the start date'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/hires')).toBe(false);
  });

  it('lists only the items that match the search when several share a name, and sends the one picked', async () => {
    // AN-1: rows keyed by the name were left on screen from the unfiltered list.
    const twins = ['Heating', 'Lighting', 'Welding'].map((category, n) => ({
      ...equipmentItem,
      id: `00000000-0000-4000-8000-00000000e10${n}`,
      name: 'Fz item',
      category,
    }));
    const equipment = [...twins, equipmentItem];
    const { calls, user } = await open('/hires', {
      'GET /api/equipment': {
        body: { equipment, pagination: { page: 1, limit: 1000, total: equipment.length, pages: 1 } },
      },
    });
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    const input = within(dialog).getByRole('combobox', { name: 'Equipment' });
    const listed = () => within(screen.getByRole('listbox')).getAllByRole('option');
    await user.click(input);
    await waitFor(() => expect(listed()).toHaveLength(4));
    await user.type(input, 'Mini');
    await waitFor(() => expect(listed()).toHaveLength(1));
    // Accents folded, as the server's searches (AQ-1).
    await user.clear(input);
    await user.type(input, 'MÍNI DÏGGER');
    await waitFor(() => expect(listed()).toHaveLength(1));
    await user.clear(input);
    await user.type(input, 'Lighting');
    await waitFor(() => expect(listed()).toHaveLength(1));
    await user.click(listed()[0]!);
    await pick(user, dialog, 'Supplier', 'Speedy Hire Leeds');
    await pick(user, dialog, 'Site', 'Leeds Depot');
    await user.type(within(dialog).getByTestId('hire-price'), '100');
    await choose(user, dialog, 'Pricing term', 'Per day');
    setDate(dialog, 'Start date', '2026-03-01');
    setDate(dialog, 'End date', '2026-03-10');
    await user.click(within(dialog).getByTestId('hire-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.url === '/api/hires')?.body).toMatchObject({
        equipment_id: twins[1]!.id,
      }),
    );
  });

  it('shows net, VAT and total live from the shared rules, sends them, then the success modal', async () => {
    const { calls, user } = await open('/hires', {
      'POST /api/hires': (call) => ({
        status: 201,
        body: {
          hire: hire({ id: HIRE_B, ...(call.body as Record<string, unknown>) }),
          message: HIRES_MESSAGES.HIRE_CREATED,
          purchase_order_available: false,
        },
      }),
    });
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    expect(within(dialog).getByTestId('summary-total')).toHaveTextContent('—');
    await pick(user, dialog, 'Equipment', 'Mini Digger');
    await pick(user, dialog, 'Supplier', 'Speedy Hire Leeds');
    await pick(user, dialog, 'Site', 'Leeds Depot');
    await user.type(within(dialog).getByTestId('hire-price'), '100');
    await choose(user, dialog, 'Pricing term', 'Per week');
    await user.type(within(dialog).getByTestId('hire-delivery'), '50');
    // A decimal comma is pence, as typed in Spanish (AY-2): a number input made it £125.
    await user.type(within(dialog).getByTestId('hire-operator'), '12,5');
    setDate(dialog, 'Start date', '2026-03-01');
    setDate(dialog, 'End date', '2026-03-10');
    // 10 days at £100 a week: 2 weeks, + £50 delivery + £12.50 operator = £262.50 net.
    expect(within(dialog).getByTestId('summary-duration')).toHaveTextContent('10 days');
    expect(within(dialog).getByTestId('summary-net')).toHaveTextContent('£262.50');
    expect(within(dialog).getByTestId('summary-vat')).toHaveTextContent('£52.50');
    expect(within(dialog).getByTestId('summary-total')).toHaveTextContent('£315.00');
    await user.click(within(dialog).getByTestId('hire-save'));

    const success = await screen.findByRole('dialog', { name: 'Hire created successfully!' });
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/hires');
    const expected = computeHireTotals({
      price: 100,
      pricing_term: 'week',
      hire_start_date: '2026-03-01',
      hire_end_date: '2026-03-10',
      delivery_charge: 50,
      operator_cost: 12.5,
    });
    expect(post?.body).toMatchObject({
      equipment_id: EQUIPMENT,
      supplier_id: SUPPLIER,
      site_id: SITE,
      price: 100,
      pricing_term: 'week',
      delivery_charge: 50,
      operator_cost: 12.5,
      hire_start_date: '2026-03-01',
      hire_end_date: '2026-03-10',
      hire_status: 'active',
      hire_duration_days: expected.hire_duration_days,
      net_cost: expected.net_cost,
      vat_amount: expected.vat_amount,
      total_cost: expected.total_cost,
    });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    const before = listCalls(calls).length;
    await user.click(within(success).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The keyboard carries on from New Hire, not from the top of the page.
    await waitFor(() => expect(screen.getByTestId('hire-add')).toHaveFocus());
  });

  it("compares this hire's price per day with the item's latest price", async () => {
    const { user } = await open('/hires', {
      'GET /api/equipment/pricing': {
        body: {
          [EQUIPMENT]: {
            price_per_day: 20,
            supplier_id: SUPPLIER,
            supplier_name: 'Speedy Hire Leeds',
            hire_start_date: '2026-02-01',
          },
        },
      },
    });
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    expect(within(dialog).getByTestId('comparison-none')).toHaveTextContent(
      'No earlier price for this equipment yet.',
    );
    await pick(user, dialog, 'Equipment', 'Mini Digger');
    const comparison = within(dialog).getByTestId('price-comparison');
    expect(comparison).toHaveTextContent(
      'Latest price: £20.00/day from Speedy Hire Leeds (hire starting 1 Feb 2026)',
    );
    await user.type(within(dialog).getByTestId('hire-price'), '100');
    await choose(user, dialog, 'Pricing term', 'Per week');
    setDate(dialog, 'Start date', '2026-03-01');
    setDate(dialog, 'End date', '2026-03-10');
    // £100 a week is £14.29 a day (spec §9: price / 7).
    expect(comparison).toHaveTextContent('This hire: £14.29/day');
    expect(within(dialog).getByTestId('comparison-difference')).toHaveTextContent(
      '£5.71/day less than the latest price',
    );
  });

  it('edits through ?edit={id}: loads the hire, offers every status, PUTs, and clears the parameter', async () => {
    const { calls, user, router } = await open(`/hires?edit=${HIRE_A}`, {
      [`GET /api/hires/${HIRE_A}`]: { body: { hire: hire() } },
      [`PUT /api/hires/${HIRE_A}`]: (call) => ({
        body: { hire: hire(call.body as Record<string, unknown>), message: 'Hire updated successfully' },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Hire' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Its price is compared with the latest before it, not with itself.
    const pricingCalls = () => calls.filter((call) => call.url.includes('/api/equipment/pricing'));
    await waitFor(() => expect(pricingCalls().length).toBeGreaterThan(0));
    for (const call of pricingCalls()) expect(call.url).toContain(`exclude_hire_id=${HIRE_A}`);
    expect(within(dialog).getByTestId('hire-price')).toHaveValue('100');
    expect(within(dialog).getByRole('combobox', { name: 'Equipment' })).toHaveValue('Mini Digger');
    expect(within(dialog).getByTestId('summary-total')).toHaveTextContent('£300.00');
    await choose(user, dialog, 'Status', 'Collection Booked');
    await user.click(within(dialog).getByTestId('hire-save'));
    expect(await screen.findByText('Hire updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      hire_status: 'collection_booked',
      price: 100,
      total_cost: 300,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Hire' })).not.toBeInTheDocument());
  });

  it('says, once a change the order covers is made, that saving updates the purchase order in Zahara too', async () => {
    const onOrder = hire({ zahara_po_number: 'PO-1010', zahara_document_id: 'DOC-1010' });
    const { user } = await open(`/hires?edit=${HIRE_A}`, {
      [`GET /api/hires/${HIRE_A}`]: { body: { hire: onOrder } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Hire' });
    expect(within(dialog).getByTestId('hire-price')).toHaveValue('100');
    // The status and the notes are not on the order.
    await choose(user, dialog, 'Status', 'Collection Booked');
    expect(within(dialog).queryByTestId('hire-order-updated')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByTestId('hire-price'));
    await user.type(within(dialog).getByTestId('hire-price'), '120');
    expect(await within(dialog).findByTestId('hire-order-updated')).toHaveTextContent(
      "This hire is on Purchase Order #PO-1010 in Zahara. Saving updates the order's lines there too, unless the order is completed in Zahara.",
    );
  });

  it('reads the hires again a moment after an edit of a hire on a purchase order, to show how its update went', async () => {
    const onOrder = { zahara_po_number: 'PO-1010', zahara_document_id: 'DOC-1010' };
    let savedAt = Infinity;
    const { user } = await open(`/hires?edit=${HIRE_A}`, {
      [`GET /api/hires/${HIRE_A}`]: { body: { hire: hire(onOrder) } },
      [`PUT /api/hires/${HIRE_A}`]: (call) => {
        savedAt = Date.now();
        return {
          body: {
            hire: hire({ ...(call.body as Record<string, unknown>), ...onOrder }),
            message: 'Hire updated successfully',
          },
        };
      },
      // The connector's outcome reaches the hire two seconds after the save: after the re-read the save itself makes.
      'GET /api/hires': () =>
        hirePage(
          [
            hire({
              ...onOrder,
              ...(Date.now() - savedAt > 2_000 && {
                purchase_order_update_error:
                  'Purchase order PO-1010 is completed in Zahara, so this change was not sent to it. Change it there if it needs to.',
              }),
            }),
          ],
          1,
        ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Hire' });
    await user.clear(within(dialog).getByTestId('hire-price'));
    await user.type(within(dialog).getByTestId('hire-price'), '120');
    await user.click(within(dialog).getByTestId('hire-save'));
    expect(await screen.findByText('Hire updated successfully')).toBeInTheDocument();
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`);
    expect(await within(card).findByTestId('hire-po-not-updated', {}, { timeout: 10_000 })).toHaveTextContent(
      'Your last change is not on the purchase order in Zahara: Purchase order PO-1010 is completed in Zahara',
    );
  }, 20_000);

  it('opens a new hire prefilled from the equipment screen link and clears every parameter', async () => {
    const { router } = await open(
      `/hires?equipment_id=${EQUIPMENT}&equipment_name=Mini%20Digger&supplier_id=${SUPPLIER}&price_per_day=45.5&keep=1`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Hire' });
    await waitFor(() => expect(router.state.location.search).toBe('?keep=1'));
    expect(within(dialog).getByTestId('hire-price')).toHaveValue('45.5');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Equipment' })).toHaveValue('Mini Digger'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Supplier' })).toHaveValue('Speedy Hire Leeds');
    expect(within(dialog).getByRole('combobox', { name: 'Pricing term' })).toHaveTextContent('Per day');
  });

  it('opens for ?open_modal=true after the limit check, and still opens when the check fails', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = await open('/hires?open_modal=true', {
      'GET /api/hires/subscription-usage': { status: 503, body: { error: 'Service unavailable' } },
    });
    expect(await screen.findByRole('dialog', { name: 'New Hire' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(logged).toHaveBeenCalledWith('Failed to check the hire limit', expect.anything());
  });
});

describe('Upgrade Required (spec §2, §4 Hire limit)', () => {
  it('names the plan in the user’s language', async () => {
    await i18n.changeLanguage('es');
    try {
      mockFetch(base({ 'GET /api/hires/subscription-usage': usage(5, 5) }));
      renderApp('/hires');
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByTestId('hire-add', {}, { timeout: 15_000 }));
      expect(await screen.findByTestId('upgrade-plan')).toHaveTextContent('Plan actual: Edición Gratuita');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("shows current/max and the plan instead of the form at the limit; 'Maybe Later' closes it", async () => {
    const { user } = await open('/hires', { 'GET /api/hires/subscription-usage': usage(5, 5) });
    await user.click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(within(dialog).getByTestId('upgrade-usage')).toHaveTextContent('Active hires: 5 / 5');
    expect(within(dialog).getByTestId('upgrade-plan')).toHaveTextContent('Current plan: Free Edition');
    expect(screen.queryByRole('dialog', { name: 'New Hire' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upgrade Required' })).not.toBeInTheDocument(),
    );
  });

  it("'Upgrade Now' goes to /subscription", async () => {
    const { user, router } = await open('/hires?open_modal=true', {
      'GET /api/hires/subscription-usage': usage(30, 25, 'teams'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    // Opened from the link (open_modal=true), the usage shows as it does from the button.
    expect(within(dialog).getByTestId('upgrade-usage')).toBeVisible();
    expect(within(dialog).getByTestId('upgrade-usage')).toHaveTextContent('Active hires: 30 / 25');
    expect(within(dialog).getByTestId('upgrade-plan')).toHaveTextContent('Current plan: Teams Edition');
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('never blocks an unlimited plan', async () => {
    const { user } = await open('/hires', {
      'GET /api/hires/subscription-usage': usage(500, null, 'unlimited'),
    });
    await user.click(screen.getByTestId('hire-add'));
    expect(await screen.findByRole('dialog', { name: 'New Hire' })).toBeInTheDocument();
  });

  it("opens when the server refuses the creation with the limit's 403", async () => {
    let checks = 0;
    const { user } = await open('/hires', {
      'GET /api/hires/subscription-usage': () => usage(checks++ === 0 ? 4 : 5, 5),
      'POST /api/hires': { status: 403, body: { error: HIRES_MESSAGES.HIRE_LIMIT_REACHED } },
    });
    await user.click(screen.getByTestId('hire-add'));
    const form = await screen.findByRole('dialog', { name: 'New Hire' });
    await pick(user, form, 'Equipment', 'Mini Digger');
    await pick(user, form, 'Supplier', 'Speedy Hire Leeds');
    await pick(user, form, 'Site', 'Leeds Depot');
    await user.type(within(form).getByTestId('hire-price'), '10');
    await choose(user, form, 'Pricing term', 'Fixed price');
    setDate(form, 'End date', '2099-01-01');
    await user.click(within(form).getByTestId('hire-save'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(within(dialog).getByTestId('upgrade-usage')).toHaveTextContent('Active hires: 5 / 5');
  });
});

describe('Quick-add modals on the hire form (spec §2, §3, §5)', () => {
  it('offers a user who is not an administrator the quick-add of a site only (spec §6; audit M)', async () => {
    signInForTest({ ...testUser, role: 'user' });
    const { user } = await open('/hires');
    await user.click(screen.getByTestId('hire-add'));
    const form = await screen.findByRole('dialog', { name: 'New Hire' });
    expect(within(form).getByRole('button', { name: 'Quick add site' })).toBeInTheDocument();
    for (const name of ['Quick add equipment', 'Quick add supplier'])
      expect(within(form).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('adds equipment with the quick-add lists and required description, and selects it', async () => {
    const created = { ...equipmentItem, id: '00000000-0000-4000-8000-00000000e002', name: 'Hilti Breaker' };
    const { calls, user } = await open('/hires', {
      'POST /api/equipment': {
        status: 201,
        body: { equipment: created, message: 'Equipment created successfully' },
      },
    });
    await user.click(screen.getByTestId('hire-add'));
    const form = await screen.findByRole('dialog', { name: 'New Hire' });
    await user.click(within(form).getByRole('button', { name: 'Quick add equipment' }));
    const quick = await screen.findByRole('dialog', { name: 'Quick Add Equipment' });
    await user.click(within(quick).getByTestId('quick-equipment-save'));
    for (const message of [
      'Equipment name is required',
      'Category is required',
      'Unit of measure is required',
      'Description is required',
    ])
      expect(await within(quick).findByText(message)).toBeInTheDocument();

    await user.click(within(quick).getByRole('combobox', { name: 'Power' }));
    const powers = screen.getAllByRole('option').map((option) => option.textContent);
    expect(powers).not.toContain('Hydraulic');
    expect(powers).toContain('Battery');
    await user.click(screen.getByRole('option', { name: '110V' }));
    await user.type(within(quick).getByTestId('quick-equipment-name'), 'Hilti Breaker');
    await choose(user, quick, 'Category', 'Breaking & Drilling');
    await choose(user, quick, 'Unit of measure', 'Per Tonne');
    await user.type(within(quick).getByTestId('quick-equipment-description'), 'Heavy breaker');
    await user.click(within(quick).getByTestId('quick-equipment-save'));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick Add Equipment' })).not.toBeInTheDocument(),
    );
    expect(within(form).getByRole('combobox', { name: 'Equipment' })).toHaveValue('Hilti Breaker');
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/equipment')
      ?.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({
      name: 'Hilti Breaker',
      category: 'Breaking & Drilling',
      unit_of_measure: 'Per Tonne',
      power: '110V',
      description: 'Heavy breaker',
    });
  });

  it('adds a supplier and selects it', async () => {
    const created = { ...supplierItem, id: '00000000-0000-4000-8000-00000000f002', name: 'Brandon Hire' };
    const { calls, user } = await open('/hires', {
      'POST /api/suppliers': {
        status: 201,
        body: { supplier: created, message: 'Supplier created successfully' },
      },
    });
    await user.click(screen.getByTestId('hire-add'));
    const form = await screen.findByRole('dialog', { name: 'New Hire' });
    await user.click(within(form).getByRole('button', { name: 'Quick add supplier' }));
    const quick = await screen.findByRole('dialog', { name: 'Quick Add Supplier' });
    await user.click(within(quick).getByTestId('quick-supplier-save'));
    expect(await within(quick).findByText('Supplier name is required')).toBeInTheDocument();
    await user.type(within(quick).getByTestId('quick-supplier-name'), 'Brandon Hire');
    await user.click(within(quick).getByTestId('quick-supplier-save'));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Supplier' })).toHaveValue('Brandon Hire'),
    );
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/suppliers')?.body).toEqual({
      name: 'Brandon Hire',
    });
  });

  it('adds a site and selects it', async () => {
    const { calls, user } = await open('/hires', {
      'POST /api/sites': (call) => ({
        status: 201,
        body: {
          site: {
            ...siteItem,
            ...(call.body as Record<string, unknown>),
            id: '00000000-0000-4000-8000-0000000005b9',
          },
          message: 'Site created successfully',
        },
      }),
    });
    await user.click(screen.getByTestId('hire-add'));
    const form = await screen.findByRole('dialog', { name: 'New Hire' });
    await user.click(within(form).getByRole('button', { name: 'Quick add site' }));
    const quick = await screen.findByRole('dialog', { name: 'Quick Add Site' });
    await user.click(within(quick).getByTestId('site-save'));
    expect(await within(quick).findByText('Site name is required')).toBeInTheDocument();
    await user.type(within(quick).getByTestId('site-name'), 'Sheffield Works');
    await user.type(within(quick).getByTestId('site-address-line-1'), '1 Furnace Hill');
    await user.type(within(quick).getByTestId('site-city'), 'Sheffield');
    await user.type(within(quick).getByTestId('site-postcode'), 'S3 7AF');
    await user.click(within(quick).getByTestId('site-save'));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Site' })).toHaveValue('Sheffield Works'),
    );
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/sites')?.body).toMatchObject({
      name: 'Sheffield Works',
      country: 'GB',
    });
  });
});

describe('The accounting integration on hires (spec §2 Hires, §4 After creating a hire, §5, §8)', () => {
  const OTHER_SUPPLIER = '00000000-0000-4000-8000-00000000f009';
  const DOCUMENT_URL = 'https://zahara.example/bu/po/{documentId}/view';
  const active = integrationStatus({ document_url_template: DOCUMENT_URL });
  const sameSupplier = hire({ id: HIRE_B, equipment_name: 'Tower Light', total_cost: 120 });
  const posts = (calls: FetchCall[], path: string) =>
    calls.filter((call) => call.method === 'POST' && call.url === path);

  async function createHire(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByTestId('hire-add'));
    const form = await screen.findByRole('dialog', { name: 'New Hire' });
    await pick(user, form, 'Equipment', 'Mini Digger');
    await pick(user, form, 'Supplier', 'Speedy Hire Leeds');
    await pick(user, form, 'Site', 'Leeds Depot');
    await user.type(within(form).getByTestId('hire-price'), '10');
    await choose(user, form, 'Pricing term', 'Fixed price');
    setDate(form, 'End date', '2099-01-01');
    await user.click(within(form).getByTestId('hire-save'));
  }

  const created = (available: boolean, id = HIRE_B) => ({
    'POST /api/hires': {
      status: 201,
      body: {
        hire: hire({ id }),
        message: HIRES_MESSAGES.HIRE_CREATED,
        purchase_order_available: available,
      },
    },
  });

  it('hides Create Order while the integration is not configured', async () => {
    await open();
    await screen.findByTestId(`hire-card-${HIRE_A}`);
    await userEvent.setup({ delay: null }).click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByTestId('bulk-completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Order' })).not.toBeInTheDocument();
  });

  it("refuses hires of two suppliers with the spec's message and creates nothing", async () => {
    const { calls, user } = await open('/hires', {
      ...active,
      'GET /api/hires': hirePage([
        hire(),
        hire({ id: HIRE_B, supplier_id: OTHER_SUPPLIER, supplier_name: 'HSS' }),
      ]),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    expect(
      await screen.findByText(
        'Selected hires must be from the same supplier. Please select hires from one supplier only.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-po-dialog')).not.toBeInTheDocument();
    expect(posts(calls, '/api/zahara/purchase-order/create-bulk')).toHaveLength(0);
  });

  it('creates one order for hires of one supplier and reports PO number, line items and hires', async () => {
    const { calls, user } = await open('/hires', {
      ...active,
      'GET /api/hires': hirePage([hire(), sameSupplier]),
      'POST /api/zahara/purchase-order/create-bulk': {
        status: 201,
        body: {
          success: true,
          zaharaPoId: '7001',
          zaharaPoNumber: 'PO-1001',
          lineItemCount: 2,
          hireCount: 2,
          message: 'ok',
        },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create purchase order' });
    expect(dialog).toHaveTextContent(
      'Create one purchase order in Zahara for 2 hire(s) from Speedy Hire Leeds?',
    );
    expect(within(dialog).getByTestId('bulk-po-total')).toHaveTextContent('£420.00');
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(
      await screen.findByText(
        'Purchase Order #PO-1001 successfully created in Zahara! 2 line item(s) for 2 hire(s).',
      ),
    ).toBeInTheDocument();
    expect(posts(calls, '/api/zahara/purchase-order/create-bulk')[0]?.body).toEqual({
      hireIds: [HIRE_A, HIRE_B],
    });
  });

  it('says hires already on one order have it, rather than offering (and announcing) a new one', async () => {
    const onOrder = { zahara_po_number: 'PO-1009', zahara_document_id: 'DOC-1009' };
    const { calls, user } = await open('/hires', {
      ...active,
      'GET /api/hires': hirePage([hire(onOrder), { ...sameSupplier, ...onOrder }]),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    expect(
      await screen.findByText(
        'Purchase Order #PO-1009 in Zahara already covers the selected hire(s): no new order is needed.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-po-dialog')).not.toBeInTheDocument();
    expect(posts(calls, '/api/zahara/purchase-order/create-bulk')).toHaveLength(0);
  });

  it("reports 'Failed to create bulk purchase order: {error}'", async () => {
    const { user } = await open('/hires', {
      ...active,
      'GET /api/hires': hirePage([hire(), sameSupplier]),
      'POST /api/zahara/purchase-order/create-bulk': {
        status: 409,
        body: { error: 'A selected hire is already on another purchase order' },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    await user.click(await screen.findByTestId('bulk-po-confirm'));
    expect(
      await screen.findByText(
        'Failed to create bulk purchase order: A selected hire is already on another purchase order',
      ),
    ).toBeInTheDocument();
  });

  it('drops Create Order once an order finds Zahara disconnected elsewhere (another tab, another administrator)', async () => {
    let connected = true;
    const { user } = await open('/hires', {
      'GET /api/zahara/status': () => ({
        body: {
          success: true,
          data: {
            is_active: connected,
            auto_create_purchase_orders: false,
            document_url_template: 'https://zahara.example/po/{documentId}',
          },
        },
      }),
      'GET /api/hires': hirePage([hire(), sameSupplier]),
      'POST /api/zahara/purchase-order/create-bulk': () => {
        connected = false;
        return { status: 409, body: { error: ACCOUNTING_MESSAGES.NOT_CONFIGURED } };
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    await user.click(await screen.findByTestId('bulk-po-confirm'));
    expect(
      await screen.findByText(new RegExp(ACCOUNTING_MESSAGES.NOT_CONFIGURED.slice(0, 20))),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Create Order' })).not.toBeInTheDocument(),
    );
  });

  it('does not call an order the connector is still making failed: Zahara slow, the order maybe made', async () => {
    const { user } = await open('/hires', {
      ...active,
      'GET /api/hires': hirePage([hire(), sameSupplier]),
      'POST /api/zahara/purchase-order/create-bulk': {
        status: 409,
        body: { error: ACCOUNTING_MESSAGES.PURCHASE_ORDER_IN_PROGRESS },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    await user.click(await screen.findByTestId('bulk-po-confirm'));
    expect(await screen.findByText(ACCOUNTING_MESSAGES.PURCHASE_ORDER_IN_PROGRESS)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to create bulk purchase order/)).not.toBeInTheDocument();
  });

  it('asks about the purchase order after a hire when the answer says one can be made, and creates it', async () => {
    const { calls, user } = await open('/hires', {
      ...active,
      ...created(true),
      'POST /api/zahara/purchase-order/create': {
        status: 201,
        body: { success: true, zaharaPoId: '7002', zaharaPoNumber: 'PO-1002', message: 'ok' },
      },
    });
    await createHire(user);
    const prompt = await screen.findByTestId('po-prompt');
    expect(prompt).toHaveTextContent('Hire created successfully!');
    expect(prompt).toHaveTextContent('create a purchase order in Zahara for this hire of Mini Digger');
    expect(screen.queryByTestId('hire-created-continue')).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Create Purchase Order' }));
    expect(
      await screen.findByText('Purchase Order #PO-1002 successfully created in Zahara!'),
    ).toBeInTheDocument();
    expect(posts(calls, '/api/zahara/purchase-order/create')[0]?.body).toEqual({ hireId: HIRE_B });
    expect(posts(calls, '/api/zahara/purchase-order/create')[0]?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('asks Zahara once for a double click, on the prompt and on the bulk order (AN-5)', async () => {
    const order = {
      status: 201,
      body: { success: true, zaharaPoId: '7002', zaharaPoNumber: 'PO-1002', message: 'ok' },
    };
    const { calls, user } = await open('/hires', {
      ...active,
      ...created(true),
      'GET /api/hires': hirePage([hire(), sameSupplier]),
      'POST /api/zahara/purchase-order/create': order,
      'POST /api/zahara/purchase-order/create-bulk': {
        status: 201,
        body: { ...order.body, lineItemCount: 2, hireCount: 2 },
      },
    });
    await createHire(user);
    const create = within(await screen.findByTestId('po-prompt')).getByRole('button', {
      name: 'Create Purchase Order',
    });
    // Both clicks in one task, as a fast double click (or Playwright's dblclick) sends them.
    fireEvent.click(create);
    fireEvent.click(create);
    expect(
      await screen.findByText('Purchase Order #PO-1002 successfully created in Zahara!'),
    ).toBeInTheDocument();
    expect(posts(calls, '/api/zahara/purchase-order/create')).toHaveLength(1);

    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    const confirm = await screen.findByTestId('bulk-po-confirm');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByTestId('bulk-po-dialog')).not.toBeInTheDocument());
    expect(posts(calls, '/api/zahara/purchase-order/create-bulk')).toHaveLength(1);
  });

  it("'Not now' creates nothing", async () => {
    const { calls, user } = await open('/hires', { ...active, ...created(true) });
    await createHire(user);
    await user.click(within(await screen.findByTestId('po-prompt')).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('po-prompt')).not.toBeInTheDocument());
    expect(posts(calls, '/api/zahara/purchase-order/create')).toHaveLength(0);
  });

  it("reports 'Failed to create purchase order: {error}'", async () => {
    const { user } = await open('/hires', {
      ...active,
      ...created(true),
      'POST /api/zahara/purchase-order/create': {
        status: 502,
        body: { error: 'Zahara is not answering. Please try again in a few minutes.' },
      },
    });
    await createHire(user);
    await user.click(await screen.findByTestId('po-prompt-create'));
    expect(
      await screen.findByText(
        'Failed to create purchase order: Zahara is not answering. Please try again in a few minutes.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the success modal, not the prompt, when no order can be made', async () => {
    const { user } = await open('/hires', created(false));
    await createHire(user);
    expect(await screen.findByRole('dialog', { name: 'Hire created successfully!' })).toBeInTheDocument();
    expect(screen.queryByTestId('po-prompt')).not.toBeInTheDocument();
  });

  it("links a card's PO number to the Zahara document, where the server's template says", async () => {
    await open('/hires', active);
    const card = await screen.findByTestId(`hire-card-${HIRE_B}`);
    const link = within(card).getByRole('link', { name: /PO #PO-77/ });
    expect(link).toHaveTextContent('PO #PO-77');
    await waitFor(() => expect(link).toHaveAttribute('href', 'https://zahara.example/bu/po/DOC-77/view'));
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("links to Zahara's own web app while the status is not known", async () => {
    await open('/hires', {
      'GET /api/zahara/status': { status: 500, body: { error: 'Internal server error' } },
    });
    const card = await screen.findByTestId(`hire-card-${HIRE_B}`);
    expect(within(card).getByRole('link', { name: /PO #PO-77/ })).toHaveAttribute(
      'href',
      'https://app.myzahara.net/PurchaseOrder/Details/DOC-77',
    );
  });

  it('offers Create Order and the prompt to a user who is not an administrator (spec §6), from the status', async () => {
    signInForTest({ ...testUser, role: 'user' });
    const { calls, user } = await open('/hires', {
      ...active,
      ...created(true),
      'GET /api/zahara/settings': { status: 403, body: { error: 'Forbidden' } },
      'POST /api/zahara/purchase-order/create': {
        status: 201,
        body: { success: true, zaharaPoId: '7003', zaharaPoNumber: 'PO-1003', message: 'ok' },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(await screen.findByRole('button', { name: 'Create Order' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await createHire(user);
    await user.click(await screen.findByTestId('po-prompt-create'));
    expect(
      await screen.findByText('Purchase Order #PO-1003 successfully created in Zahara!'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/zahara/settings')).toHaveLength(0);
  });

  it('shows the new number on the hire at once and reads the hire until the hires service has it', async () => {
    let reads = 0;
    const readAt: number[] = [];
    // A hire of this test's own: an earlier test's watch still running reads its own hire.
    const HIRE_PO = '00000000-0000-4000-8000-00000000a0f4';
    const { user } = await open('/hires', {
      ...active,
      ...created(true, HIRE_PO),
      'POST /api/zahara/purchase-order/create': {
        status: 201,
        body: { success: true, zaharaPoId: 'DOC-1004', zaharaPoNumber: 'PO-1004', message: 'ok' },
      },
      // The connector's event reaches the hires service after the first read.
      [`GET /api/hires/${HIRE_PO}`]: () => {
        reads += 1;
        readAt.push(Date.now());
        return {
          body: {
            hire: hire({
              id: HIRE_PO,
              ...(reads > 1 ? { zahara_po_number: 'PO-1004', zahara_document_id: 'DOC-1004' } : {}),
            }),
          },
        };
      },
    });
    await createHire(user);
    await user.click(await screen.findByTestId('po-prompt-create'));
    await screen.findByText('Purchase Order #PO-1004 successfully created in Zahara!');
    await waitFor(() => expect(reads).toBe(2), { timeout: 10_000 });
    // The watch ends with the number: its next read would come 5 s later. The hire lists are
    // read again then, but not the hire just read: nothing reads it again.
    await new Promise((resolve) => setTimeout(resolve, PURCHASE_ORDER_CHECK_MS[2] + 2_500));
    expect(readAt).toHaveLength(2);
  }, 60_000);

  it("shows why a hire's purchase order failed, and no failure once it has one", async () => {
    const failure = {
      purchase_order_error: 'Zahara is unavailable',
      purchase_order_failed_at: '2026-03-01T10:00:00Z',
    };
    await open('/hires', {
      'GET /api/hires': hirePage([hire(failure), { ...second, ...failure }], 1),
    });
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`);
    expect(within(card).getByTestId('hire-po-error')).toHaveTextContent(
      'Purchase order failed: Zahara is unavailable',
    );
    const ordered = screen.getByTestId(`hire-card-${HIRE_B}`);
    expect(within(ordered).queryByTestId('hire-po-error')).not.toBeInTheDocument();
  });

  it('says when the last change of a hire did not reach its purchase order in Zahara', async () => {
    const onOrder = { zahara_po_number: 'PO-1010', zahara_document_id: 'DOC-1010' };
    await open('/hires', {
      'GET /api/hires': hirePage(
        [
          hire({
            ...onOrder,
            purchase_order_update_error: 'Zahara is not answering. Please try again in a few minutes.',
          }),
          { ...second, ...onOrder },
        ],
        1,
      ),
    });
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`);
    expect(within(card).getByTestId('hire-po-not-updated')).toHaveTextContent(
      'Your last change is not on the purchase order in Zahara: Zahara is not answering. Please try again in a few minutes.',
    );
    expect(within(card).getByTestId('hire-po')).toHaveTextContent('PO-1010');
    const upToDate = screen.getByTestId(`hire-card-${HIRE_B}`);
    expect(within(upToDate).queryByTestId('hire-po-not-updated')).not.toBeInTheDocument();
  });
});

describe('in Spanish (spec §1)', () => {
  it('translates the screen, the bulk bar and the summary', async () => {
    await i18n.changeLanguage('es');
    mockFetch(base());
    renderApp('/hires');
    expect(
      await screen.findByRole('heading', { name: 'Alquileres', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`);
    expect(within(card).getByTestId('hire-po')).toHaveTextContent('Sin orden de compra');
    expect(within(card).getByTestId('hire-duration')).toHaveTextContent('10 días');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    // The pickers' own buttons too (MUI draws them, in English unless told).
    await userEvent.setup({ delay: null }).click(screen.getByTestId('hire-add'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('button', { name: 'Abrir' })).toHaveLength(3);
    expect(within(dialog).queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
  });

  it('translates the purchase-order failure', async () => {
    await i18n.changeLanguage('es');
    mockFetch(base({ 'GET /api/hires': hirePage([hire({ purchase_order_error: 'Clave no válida' })], 1) }));
    renderApp('/hires');
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`, {}, { timeout: 15_000 });
    expect(within(card).getByTestId('hire-po-error')).toHaveTextContent(
      'Error al crear la orden de compra: Clave no válida',
    );
  });

  it('shows an order still being made as pending on the card, not failed', async () => {
    mockFetch(
      base({
        'GET /api/hires': hirePage(
          [hire({ purchase_order_error: ACCOUNTING_MESSAGES.PURCHASE_ORDER_UNCONFIRMED })],
          1,
        ),
      }),
    );
    renderApp('/hires');
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`, {}, { timeout: 15_000 });
    expect(within(card).getByTestId('hire-po-pending')).toHaveTextContent(
      `Purchase order pending: ${ACCOUNTING_MESSAGES.PURCHASE_ORDER_UNCONFIRMED}`,
    );
    expect(within(card).queryByTestId('hire-po-error')).not.toBeInTheDocument();
  });

  it('words a failure the connector names in Spanish too (an unmatched supplier)', async () => {
    await i18n.changeLanguage('es');
    mockFetch(
      base({
        'GET /api/hires': hirePage(
          [hire({ purchase_order_error: ACCOUNTING_MESSAGES.SUPPLIER_NOT_MATCHED })],
          1,
        ),
      }),
    );
    renderApp('/hires');
    const card = await screen.findByTestId(`hire-card-${HIRE_A}`, {}, { timeout: 15_000 });
    expect(within(card).getByTestId('hire-po-error')).toHaveTextContent(
      'Error al crear la orden de compra: El proveedor de este alquiler no está vinculado con un proveedor de Zahara.',
    );
  });
});
