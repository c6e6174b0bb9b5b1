import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_MESSAGES } from '@planted/contracts';
import { i18n } from '../../../lib/i18n';
import { validationKey } from '../../../lib/validation-text';
import '../schemas';
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
afterEach(() => i18n.changeLanguage('en'));

type Answers = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;

const MASKED = '••••••••0001';
const SUPPLIER_ID = '00000000-0000-4000-8000-0000000000c1';
const MATCH_ID = '00000000-0000-4000-8000-0000000000d1';

const settings = (over: Record<string, unknown> = {}) => ({
  api_key: MASKED,
  has_api_key: true,
  nominal_code: '7100',
  nominal_code_id: 10005,
  nominal_description: 'Plant hire',
  tax_code: 'T1',
  tax_code_id: 202,
  tax_description: 'Standard rate purchases 20%',
  tax_percentage: 20,
  cost_code: null,
  cost_code_id: null,
  cost_description: null,
  division_code: null,
  division_code_id: null,
  division_description: null,
  is_active: true,
  auto_create_purchase_orders: false,
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

const unconfigured = settings({
  api_key: null,
  has_api_key: false,
  nominal_code: null,
  nominal_code_id: null,
  nominal_description: null,
  tax_code: null,
  tax_code_id: null,
  tax_description: null,
  tax_percentage: null,
  is_active: false,
  updated_at: null,
});

const ourSupplier = {
  id: SUPPLIER_ID,
  name: 'Speedy Hire Leeds',
  contact_email: null,
  contact_phone: null,
  address: null,
  is_active: true,
  created_by: testUser.customer_id,
  created_by_you: true,
  is_favorite: false,
  has_customer_note: false,
  zahara_supplier_id: null,
};

/** A match of our supplier with Northern Plant Hire (1000001), as GET /api/zahara/supplier-matches lists it. */
const matchOf = (over: Record<string, unknown> = {}) => ({
  id: MATCH_ID,
  supplier_id: SUPPLIER_ID,
  supplier_name: 'Speedy Hire Leeds',
  zahara_supplier_id: 1000001,
  zahara_nominal_id: null,
  zahara_default_tax_code_id: null,
  zahara_cost_code_id: null,
  zahara_division_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

const zaharaSupplier = {
  supplierId: 1000001,
  supplierName: 'Northern Plant Hire Ltd',
  referenceNumber: 'NOR001',
  defaultNominalCode: '7100',
  defaultTaxCode: 'T1',
  defaultNominalCodeId: 10005,
  defaultTaxCodeId: 202,
  defaultCostCodeId: 5004,
  defaultDivisionId: 802,
};

const base = (over: Answers = {}): Answers => ({
  'GET /api/zahara/settings': { body: { success: true, data: settings() } },
  'GET /api/suppliers': {
    body: { suppliers: [ourSupplier], pagination: { page: 1, limit: 1000, total: 1, pages: 1 } },
  },
  'GET /api/zahara/suppliers': { body: { success: true, data: [zaharaSupplier] } },
  'GET /api/zahara/supplier-matches': { body: { success: true, data: [] } },
  ...over,
});

async function open(over: Answers = {}, heading = 'Zahara accounting') {
  const fetched = mockFetch(base(over));
  const view = renderApp('/zahara');
  await screen.findByRole('heading', { name: heading, level: 1, hidden: true }, { timeout: 15_000 });
  return { ...fetched, ...view, user: userEvent.setup({ delay: null }) };
}

const sent = (calls: FetchCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.split('?')[0] === path);

describe('API key and saving (spec §2 Accounting integration settings, §3, §7)', () => {
  it('shows a saved key only masked, the saved codes, and that the integration is active', async () => {
    await open();
    const key = await screen.findByTestId('zahara-api-key');
    expect(key).toHaveValue(MASKED);
    expect(screen.getByTestId('zahara-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('zahara-nominal-code')).toHaveValue('7100');
    expect(screen.getByTestId('zahara-nominal-result')).toHaveTextContent('Plant hire');
    expect(screen.getByTestId('zahara-tax-result')).toHaveTextContent('Standard rate purchases 20% (20%)');
  });

  it('saves every settings field with is_active true, keeping the masked key, then says so', async () => {
    const { calls, user } = await open({
      'PUT /api/zahara/settings': (call) => ({
        body: {
          success: true,
          data: settings({
            ...(call.body as object),
            api_key: MASKED,
            updated_at: '2026-03-02T10:00:00.000Z',
          }),
          message: ACCOUNTING_MESSAGES.SETTINGS_SAVED,
        },
      }),
    });
    await user.click(await screen.findByTestId('zahara-auto-create'));
    await user.click(screen.getByTestId('zahara-save'));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/zahara/settings')[0]?.body).toEqual({
      api_key: MASKED,
      nominal_code: '7100',
      nominal_code_id: 10005,
      nominal_description: 'Plant hire',
      tax_code: 'T1',
      tax_code_id: 202,
      tax_description: 'Standard rate purchases 20%',
      tax_percentage: 20,
      cost_code: null,
      cost_code_id: null,
      cost_description: null,
      division_code: null,
      division_code_id: null,
      division_description: null,
      auto_create_purchase_orders: true,
      is_active: true,
    });
  });

  it('disconnects after a confirmation: the key removed (null, is_active false), the codes kept, then says so', async () => {
    let saved = settings();
    const { calls, user } = await open({
      'GET /api/zahara/settings': () => ({ body: { success: true, data: saved } }),
      'PUT /api/zahara/settings': (call) => {
        saved = settings({
          ...(call.body as object),
          api_key: null,
          has_api_key: false,
          is_active: false,
          updated_at: '2026-03-02T10:00:00.000Z',
        });
        return { body: { success: true, data: saved, message: ACCOUNTING_MESSAGES.SETTINGS_SAVED } };
      },
    });
    await user.click(await screen.findByTestId('zahara-disconnect'));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Zahara?' });
    expect(sent(calls, 'PUT', '/api/zahara/settings')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Zahara disconnected')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/zahara/settings')[0]?.body).toMatchObject({
      api_key: null,
      is_active: false,
      nominal_code: '7100',
      nominal_code_id: 10005,
      tax_code: 'T1',
      auto_create_purchase_orders: false,
    });
    await waitFor(() => expect(screen.getByTestId('zahara-status')).toHaveTextContent('Not configured'));
    expect(screen.getByTestId('zahara-api-key')).toHaveValue('');
    expect(screen.queryByTestId('zahara-disconnect')).not.toBeInTheDocument();
  });

  it('sends nothing when the disconnection is cancelled, and says when it fails', async () => {
    const { calls, user } = await open({ 'PUT /api/zahara/settings': { status: 500 } });
    await user.click(await screen.findByTestId('zahara-disconnect'));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Zahara?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT', '/api/zahara/settings')).toHaveLength(0);
    await user.click(screen.getByTestId('zahara-disconnect'));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect Zahara?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByTestId('zahara-disconnect-error')).toHaveTextContent(
      'Failed to disconnect Zahara',
    );
    expect(screen.getByTestId('zahara-status')).toHaveTextContent('Active');
  });

  it("shows 'Failed to save settings' when the answer gives no reason", async () => {
    const { user } = await open({ 'PUT /api/zahara/settings': { status: 500 } });
    await user.click(await screen.findByTestId('zahara-save'));
    expect(await screen.findByTestId('zahara-settings-error')).toHaveTextContent('Failed to save settings');
  });

  it('without a key: not configured, and lookups, Test Connection, Save and matching wait for one', async () => {
    const { user, calls } = await open({
      'GET /api/zahara/settings': { body: { success: true, data: unconfigured } },
    });
    expect(await screen.findByTestId('zahara-status')).toHaveTextContent('Not configured');
    expect(screen.getByTestId('zahara-api-key')).toHaveValue('');
    for (const id of [
      'zahara-save',
      'zahara-test-connection',
      'zahara-nominal-lookup',
      'zahara-division-lookup',
      'zahara-match',
    ])
      expect(screen.getByTestId(id)).toBeDisabled();
    expect(screen.getByTestId('zahara-matching-needs-key')).toBeInTheDocument();
    // Zahara's suppliers are not asked for without a key.
    expect(sent(calls, 'GET', '/api/zahara/suppliers')).toHaveLength(0);

    await user.type(screen.getByTestId('zahara-api-key'), 'bu-key-company-a-0001');
    expect(screen.getByTestId('zahara-save')).toBeEnabled();
    expect(screen.getByTestId('zahara-nominal-lookup')).toBeEnabled();
  });

  it("shows 'Failed to load settings' with Try Again", async () => {
    await open({ 'GET /api/zahara/settings': { status: 500, body: { error: 'Internal server error' } } });
    expect(await screen.findByTestId('zahara-load-error')).toHaveTextContent('Failed to load settings');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("shows a user who is not an administrator the matches, not the settings or the matching form (they are an administrator's)", async () => {
    signInForTest({ ...testUser, role: 'user' });
    const { calls } = await open({
      'GET /api/zahara/settings': { status: 403, body: { error: 'Forbidden' } },
      ...integrationStatus(),
      'GET /api/zahara/supplier-matches': {
        body: {
          success: true,
          data: [matchOf()],
        },
      },
    });
    expect(await screen.findByTestId('zahara-admins-only')).toHaveTextContent(
      'Only administrators can view or change the Zahara settings and match suppliers.',
    );
    expect(screen.queryByTestId('zahara-api-key')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Supplier matching' })).toBeInTheDocument();
    expect(await screen.findByTestId('zahara-match-row')).toHaveTextContent('Speedy Hire Leeds');
    expect(screen.queryByTestId('zahara-match')).not.toBeInTheDocument();
    expect(screen.queryByTestId('zahara-unmatch')).not.toBeInTheDocument();
    expect(screen.queryByTestId('zahara-matching-needs-key')).not.toBeInTheDocument();
    expect(sent(calls, 'GET', '/api/zahara/settings')).toHaveLength(0);
    expect(sent(calls, 'GET', '/api/zahara/suppliers')).toHaveLength(0);
  });

  it('tells a user who is not an administrator when the integration is not configured yet', async () => {
    signInForTest({ ...testUser, role: 'user' });
    await open(integrationStatus({ is_active: false }));
    expect(await screen.findByTestId('zahara-matching-needs-key')).toHaveTextContent(
      'The integration is not configured yet: an administrator saves the Zahara API key on this page.',
    );
    expect(await screen.findByTestId('zahara-matches-empty')).toHaveTextContent('No suppliers matched yet.');
  });
});

describe('Test Connection (spec §8 Integration test)', () => {
  it('tries a key typed but not saved, and says the connection works', async () => {
    const { calls, user } = await open({
      'POST /api/zahara/test-connection': { body: { success: true, message: 'Connection successful' } },
    });
    const key = await screen.findByTestId('zahara-api-key');
    await user.clear(key);
    await user.type(key, 'bu-key-company-b-0002');
    await user.click(screen.getByTestId('zahara-test-connection'));
    expect(await screen.findByTestId('zahara-connection-result')).toHaveTextContent('Connection successful');
    expect(sent(calls, 'POST', '/api/zahara/test-connection')[0]?.body).toEqual({
      api_key: 'bu-key-company-b-0002',
    });
  });

  it('clears the refusal of an earlier key once a key typed after it connects', async () => {
    const refused = 'Zahara does not know this API key. Check it in Zahara and try again.';
    const { user } = await open({
      'PUT /api/zahara/settings': {
        status: 400,
        body: { error: refused, details: [{ param: 'api_key', msg: refused }] },
      },
      'POST /api/zahara/test-connection': { body: { success: true, message: 'Connection successful' } },
    });
    const key = await screen.findByTestId('zahara-api-key');
    await user.clear(key);
    await user.type(key, 'badkey12345');
    await user.click(screen.getByTestId('zahara-save'));
    expect(await screen.findByTestId('zahara-settings-error')).toHaveTextContent(refused);
    await user.clear(key);
    await user.type(key, 'bu-key-company-b-0002');
    await user.click(screen.getByTestId('zahara-test-connection'));
    expect(await screen.findByTestId('zahara-connection-result')).toHaveTextContent('Connection successful');
    expect(screen.queryByTestId('zahara-settings-error')).toBeNull();
    expect(screen.queryByText(refused)).toBeNull();
  });

  it("uses the saved key when the field still shows it masked, and on failure says 'Connection failed, please check your settings'", async () => {
    const { calls, user } = await open({
      'POST /api/zahara/test-connection': {
        status: 502,
        body: { error: ACCOUNTING_MESSAGES.ZAHARA_AUTH_FAILED },
      },
    });
    await user.click(await screen.findByTestId('zahara-test-connection'));
    expect(await screen.findByTestId('zahara-connection-result')).toHaveTextContent(
      'Connection failed, please check your settings',
    );
    expect(sent(calls, 'POST', '/api/zahara/test-connection')[0]?.body).toEqual({});
  });

  it('lets the outcome go after 5 seconds, and at once when the key it was about changes (audit AD-1)', async () => {
    const { user } = await open({
      'POST /api/zahara/test-connection': {
        status: 502,
        body: { error: ACCOUNTING_MESSAGES.ZAHARA_AUTH_FAILED },
      },
    });
    const key = await screen.findByTestId('zahara-api-key');
    await user.click(screen.getByTestId('zahara-test-connection'));
    expect(await screen.findByTestId('zahara-connection-result')).toHaveTextContent('Connection failed');
    await user.type(key, 'x');
    expect(screen.queryByTestId('zahara-connection-result')).toBeNull();
    await user.click(screen.getByTestId('zahara-test-connection'));
    expect(await screen.findByTestId('zahara-connection-result')).toHaveTextContent('Connection failed');
    await waitFor(() => expect(screen.queryByTestId('zahara-connection-result')).toBeNull(), {
      timeout: 7000,
    });
  }, 20_000);

  it('shows no outcome for a key changed while it was being tested (audit AF-2)', async () => {
    let answer: (() => void) | undefined;
    const { user } = await open({
      'POST /api/zahara/test-connection': () => ({
        body: { success: true, message: 'Connection successful' },
        wait: new Promise<void>((resolve) => (answer = resolve)),
      }),
    });
    const key = await screen.findByTestId('zahara-api-key');
    await user.clear(key);
    await user.type(key, 'bu-key-company-b-0002');
    await user.click(screen.getByTestId('zahara-test-connection'));
    await user.type(key, 'x');
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    await waitFor(() =>
      expect(screen.getByTestId('zahara-test-connection')).toHaveTextContent('Test Connection'),
    );
    expect(screen.queryByTestId('zahara-connection-result')).toBeNull();
  });
});

describe('Code lookups (spec §5 Accounting lookups, §7, §8)', () => {
  it.each([
    ['nominal', 'Please enter a nominal code'],
    ['tax', 'Please enter a tax code'],
    ['cost', 'Please enter a cost code'],
    ['division', 'Please enter a division name'],
  ])('a blank %s code says %p and asks nothing', async (kind, message) => {
    const { calls, user } = await open();
    const input = await screen.findByTestId(`zahara-${kind}-code`);
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getByTestId(`zahara-${kind}-lookup`));
    expect(screen.getByTestId(`zahara-${kind}-result`)).toHaveTextContent(message);
    expect(calls.some((call) => call.url.startsWith('/api/zahara/lookup-'))).toBe(false);
  });

  it.each([
    ['nominal', '/api/zahara/lookup-nominal-code', ACCOUNTING_MESSAGES.NOMINAL_CODE_NOT_FOUND],
    ['tax', '/api/zahara/lookup-tax-code', ACCOUNTING_MESSAGES.TAX_CODE_NOT_FOUND],
    ['cost', '/api/zahara/lookup-cost-code', ACCOUNTING_MESSAGES.COST_CODE_NOT_FOUND],
    ['division', '/api/zahara/lookup-division', ACCOUNTING_MESSAGES.DIVISION_NOT_FOUND],
  ])("an unknown %s code shows the server's %s answer", async (kind, path, message) => {
    const { calls, user } = await open({ [`POST ${path}`]: { status: 404, body: { error: message } } });
    const input = await screen.findByTestId(`zahara-${kind}-code`);
    await user.clear(input);
    await user.type(input, 'ZZ9');
    await user.click(screen.getByTestId(`zahara-${kind}-lookup`));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent(calls, 'POST', path)[0]?.body).toEqual(
      kind === 'division' ? { name: 'ZZ9' } : { code: 'ZZ9' },
    );
  });

  it("falls back to 'Failed to lookup cost code' when the answer says nothing", async () => {
    const { user } = await open({ 'POST /api/zahara/lookup-cost-code': { status: 500 } });
    await user.type(await screen.findByTestId('zahara-cost-code'), 'CC310');
    await user.click(screen.getByTestId('zahara-cost-lookup'));
    expect(await screen.findByText('Failed to lookup cost code')).toBeInTheDocument();
  });

  it('shows what was found and saves its id and description; a code typed anew forgets them', async () => {
    const { calls, user } = await open({
      'POST /api/zahara/lookup-cost-code': {
        body: { success: true, data: { id: 5004, code: 'CC310', description: 'Plant hire - non-operated' } },
      },
      'POST /api/zahara/lookup-division': {
        body: {
          success: true,
          data: {
            id: 802,
            code: 'NW',
            name: 'North West',
            description: 'Manchester, Liverpool and Lancashire',
          },
        },
      },
      'PUT /api/zahara/settings': (call) => ({
        body: {
          success: true,
          data: settings(call.body as Record<string, unknown>),
          message: 'Settings saved successfully',
        },
      }),
    });
    await user.type(await screen.findByTestId('zahara-cost-code'), 'cc310');
    await user.click(screen.getByTestId('zahara-cost-lookup'));
    await waitFor(() =>
      expect(screen.getByTestId('zahara-cost-result')).toHaveTextContent('Plant hire - non-operated'),
    );
    // Zahara's spelling of the code replaces what was typed.
    expect(screen.getByTestId('zahara-cost-code')).toHaveValue('CC310');
    await user.type(screen.getByTestId('zahara-division-code'), 'north west');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('zahara-division-result')).toHaveTextContent(
        'Manchester, Liverpool and Lancashire',
      ),
    );
    // The nominal code changes after its lookup: its id and description go.
    await user.type(screen.getByTestId('zahara-nominal-code'), '5');
    expect(screen.getByTestId('zahara-nominal-result')).not.toHaveTextContent('Plant hire');

    await user.click(screen.getByTestId('zahara-save'));
    await screen.findByText('Settings saved successfully');
    expect(sent(calls, 'PUT', '/api/zahara/settings')[0]?.body).toMatchObject({
      cost_code: 'CC310',
      cost_code_id: 5004,
      cost_description: 'Plant hire - non-operated',
      division_code: 'North West',
      division_code_id: 802,
      division_description: 'Manchester, Liverpool and Lancashire',
      nominal_code: '71005',
      nominal_code_id: null,
      nominal_description: null,
    });
    // A lookup with the saved key sends none.
    expect(sent(calls, 'POST', '/api/zahara/lookup-cost-code')[0]?.body).toEqual({ code: 'cc310' });
  });

  it("shows a tax code's rate", async () => {
    const { user } = await open({
      'POST /api/zahara/lookup-tax-code': {
        body: {
          success: true,
          data: {
            id: 205,
            code: 'T5',
            codeName: 'Reduced rate',
            description: 'Reduced rate purchases 5%',
            taxPercentage: 5,
          },
        },
      },
    });
    const input = await screen.findByTestId('zahara-tax-code');
    await user.clear(input);
    await user.type(input, 'T5');
    await user.click(screen.getByTestId('zahara-tax-lookup'));
    await waitFor(() =>
      expect(screen.getByTestId('zahara-tax-result')).toHaveTextContent('Reduced rate purchases 5% (5%)'),
    );
  });
});

describe('Supplier matching (spec §2, §5, §7)', () => {
  async function pick(user: ReturnType<typeof userEvent.setup>, testId: string, option: RegExp) {
    await user.click(screen.getByTestId(testId));
    await user.click(await screen.findByRole('option', { name: option }));
  }

  it("says 'Please select both suppliers to match' and sends nothing until both are picked", async () => {
    const { calls, user } = await open();
    await screen.findByTestId('zahara-matches-empty');
    await user.click(screen.getByTestId('zahara-match'));
    expect(await screen.findByTestId('zahara-match-error')).toHaveTextContent(
      'Please select both suppliers to match',
    );
    await pick(user, 'zahara-match-ours', /Speedy Hire Leeds/);
    await user.click(screen.getByTestId('zahara-match'));
    expect(screen.getByTestId('zahara-match-error')).toHaveTextContent(
      'Please select both suppliers to match',
    );
    expect(sent(calls, 'POST', '/api/zahara/supplier-matches')).toHaveLength(0);
  });

  it("matches two suppliers with the Zahara supplier's default codes, then lists the match", async () => {
    let matched = false;
    const match = matchOf({
      zahara_nominal_id: 10005,
      zahara_default_tax_code_id: 202,
      zahara_cost_code_id: 5004,
      zahara_division_id: 802,
    });
    const { calls, user } = await open({
      'GET /api/zahara/supplier-matches': () => ({ body: { success: true, data: matched ? [match] : [] } }),
      [`DELETE /api/zahara/supplier-matches/${SUPPLIER_ID}`]: () => {
        matched = false;
        return { body: { success: true, message: 'Supplier match removed' } };
      },
      'POST /api/zahara/supplier-matches': () => {
        matched = true;
        return {
          status: 201,
          body: { success: true, data: match, message: 'Suppliers matched successfully' },
        };
      },
    });
    await screen.findByTestId('zahara-matches-empty');
    await pick(user, 'zahara-match-ours', /Speedy Hire Leeds/);
    await pick(user, 'zahara-match-theirs', /Northern Plant Hire Ltd \(NOR001\)/);
    await user.click(screen.getByTestId('zahara-match'));
    expect(
      await screen.findByText('Speedy Hire Leeds matched with Northern Plant Hire Ltd'),
    ).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/zahara/supplier-matches')[0]?.body).toEqual({
      supplier_id: SUPPLIER_ID,
      zahara_supplier_id: 1000001,
      zahara_nominal_id: 10005,
      zahara_default_tax_code_id: 202,
      zahara_cost_code_id: 5004,
      zahara_division_id: 802,
    });
    const row = await screen.findByTestId('zahara-match-row');
    expect(within(row).getByText('Speedy Hire Leeds')).toBeInTheDocument();
    expect(within(row).getByText('Zahara: Northern Plant Hire Ltd (NOR001)')).toBeInTheDocument();

    // Removed again, after a confirmation.
    await user.click(within(row).getByRole('button', { name: 'Remove the match of Speedy Hire Leeds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this match?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove match' }));
    expect(await screen.findByText('Speedy Hire Leeds is no longer matched')).toBeInTheDocument();
    expect(await screen.findByTestId('zahara-matches-empty')).toBeInTheDocument();
    expect(sent(calls, 'DELETE', `/api/zahara/supplier-matches/${SUPPLIER_ID}`)).toHaveLength(1);
  });

  it('says when a match could not be removed, and keeps it listed', async () => {
    const { calls, user } = await open({
      'GET /api/zahara/supplier-matches': { body: { success: true, data: [matchOf()] } },
      [`DELETE /api/zahara/supplier-matches/${SUPPLIER_ID}`]: { status: 500 },
    });
    const row = await screen.findByTestId('zahara-match-row');
    await user.click(within(row).getByTestId('zahara-unmatch'));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this match?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE', `/api/zahara/supplier-matches/${SUPPLIER_ID}`)).toHaveLength(0);
    await user.click(within(row).getByTestId('zahara-unmatch'));
    dialog = await screen.findByRole('dialog', { name: 'Remove this match?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove match' }));
    expect(await screen.findByTestId('zahara-unmatch-error')).toHaveTextContent('Failed to remove the match');
    expect(screen.getByTestId('zahara-match-row')).toHaveTextContent('Speedy Hire Leeds');
  });

  it("reports 'Failed to load Zahara suppliers'", async () => {
    await open({ 'GET /api/zahara/suppliers': { status: 502 } });
    expect(await screen.findByTestId('zahara-suppliers-error')).toHaveTextContent(
      'Failed to load Zahara suppliers',
    );
  });

  it('lists only the suppliers that match the search when several share a name, and matches the one picked', async () => {
    // Community suppliers may share a name: each row must stay its own (AN-1: rows keyed by the
    // name were left on screen from the unfiltered list, and a click could pick one of them).
    const twins = [1, 2, 3].map((n) => ({
      ...ourSupplier,
      id: `00000000-0000-4000-8000-00000000010${n}`,
      name: 'Fz sup',
      created_by_you: false,
    }));
    const pennine = {
      ...ourSupplier,
      id: '00000000-0000-4000-8000-0000000001ff',
      name: 'Pennine Plant Hire Ltd',
    };
    const suppliers = [...twins, pennine, ourSupplier];
    const { calls, user } = await open({
      'GET /api/suppliers': {
        body: { suppliers, pagination: { page: 1, limit: 1000, total: suppliers.length, pages: 1 } },
      },
      'POST /api/zahara/supplier-matches': {
        status: 201,
        body: {
          success: true,
          data: matchOf({ supplier_id: pennine.id }),
          message: 'Suppliers matched successfully',
        },
      },
    });
    await screen.findByTestId('zahara-matches-empty');
    const input = screen.getByTestId('zahara-match-ours');
    await user.click(input);
    expect(await screen.findAllByRole('option', { name: 'Fz sup' })).toHaveLength(3);
    const listed = () => within(screen.getByRole('listbox')).getAllByRole('option');
    await user.type(input, 'Pennine');
    await waitFor(() => expect(listed()).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: 'Pennine Plant Hire Ltd' }));
    expect(input).toHaveValue('Pennine Plant Hire Ltd');
    // The second of the same-named ones, picked from the list, is that one.
    await user.clear(input);
    await user.type(input, 'Fz');
    await waitFor(() => expect(listed()).toHaveLength(3));
    await user.click(listed()[1]!);
    expect(input).toHaveValue('Fz sup');
    await user.clear(input);
    await user.type(input, 'Pennine');
    await user.click(await screen.findByRole('option', { name: 'Pennine Plant Hire Ltd' }));
    await pick(user, 'zahara-match-theirs', /Northern Plant Hire/);
    await user.click(screen.getByTestId('zahara-match'));
    await waitFor(() => expect(sent(calls, 'POST', '/api/zahara/supplier-matches')).toHaveLength(1));
    expect(sent(calls, 'POST', '/api/zahara/supplier-matches')[0]?.body).toMatchObject({
      supplier_id: pennine.id,
    });
  });

  it("shows the server's reason when a match fails, else 'Failed to match suppliers'", async () => {
    const { user } = await open({ 'POST /api/zahara/supplier-matches': { status: 500 } });
    await screen.findByTestId('zahara-matches-empty');
    await pick(user, 'zahara-match-ours', /Speedy Hire Leeds/);
    await pick(user, 'zahara-match-theirs', /Northern Plant Hire/);
    await user.click(screen.getByTestId('zahara-match'));
    expect(await screen.findByTestId('zahara-match-error')).toHaveTextContent('Failed to match suppliers');
  });
});

describe('In Spanish (spec §1)', () => {
  it('shows the screen and the server messages in Spanish', async () => {
    await i18n.changeLanguage('es');
    const { user } = await open(
      {
        'POST /api/zahara/lookup-nominal-code': {
          status: 404,
          body: { error: ACCOUNTING_MESSAGES.NOMINAL_CODE_NOT_FOUND },
        },
      },
      'Contabilidad Zahara',
    );
    expect(await screen.findByRole('button', { name: 'Probar conexión' })).toBeInTheDocument();
    await user.click(screen.getByTestId('zahara-nominal-lookup'));
    expect(await screen.findByText('No se encontró el código nominal')).toBeInTheDocument();
  });
});

describe('accounting messages (forms:accounting)', () => {
  it('has every contract message in English word for word, and in Spanish', () => {
    for (const text of Object.values(ACCOUNTING_MESSAGES)) {
      const key = validationKey(text);
      expect(key).not.toBeNull();
      expect(i18n.getFixedT('en')(key!)).toBe(text);
      expect(i18n.getFixedT('es')(key!)).not.toBe(text);
    }
  });
});
