// The accounting integration in the browser (issue 12): an admin configures Zahara on /zahara
// (the key, a failed and a working connection test, code lookups, Save), matches a supplier,
// creates a hire and accepts the purchase-order prompt, and sees the PO number on the card;
// then one order for two hires of one supplier from the bulk bar. Zahara is the run's
// simulator (libs/zahara-local): what the screens say is checked against what Zahara holds.
import type { Locator, Page } from 'playwright-core';
import { apiToken, newAccount, registerCompany } from '../support/api';
import {
  atPath,
  hidden,
  openBrowser,
  screenshot,
  signIn,
  visible,
  type BrowserSession,
} from '../support/browser';
import { apiCall, catalogueByApi, hireByApi, siteByApi, type ApiHire, type HireIds } from '../support/hires';
import { waitFor } from '@planted/testing';
import { e2eEnv } from '../support/state';

const tag = Date.now().toString(36);
const admin = newAccount('Zahara');
// A business unit key of the simulator's pattern (16+ letters, digits, - or _): a tenant with the seed data.
const ZAHARA_KEY = `e2e-bu-key-${tag}-0001`;
const ZAHARA_SUPPLIER = 'Northern Plant Hire Ltd';

let session: BrowserSession;
let token = '';
let ids: HireIds;
let supplierName = '';
let equipmentName = '';
/** The hire made before Zahara was configured. */
let earlier: ApiHire;

interface ZaharaOrder {
  DocumentId: number;
  PurchaseOrderNumber: string;
  ExternalId: string | null;
  SupplierId: number;
  LineItems: { Description: string; NominalCodeId: number | null; TaxCodeId: number | null }[];
}

/** What Zahara itself holds: a GET on its public API with the company's key. */
async function zahara<T>(path: string): Promise<T> {
  const res = await fetch(`${e2eEnv('zaharaUrl')}/api/${encodeURIComponent(ZAHARA_KEY)}/${path}`);
  if (!res.ok) throw new Error(`Zahara ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(token, method, path, body);

const card = (page: Page, id: string) => page.getByTestId(`hire-card-${id}`);

interface StoredOrder {
  zahara_po_number: string;
  zahara_document_id: string;
}

/**
 * The hire as the hires service holds it once the connector's event has reached it: the
 * card shows the number from the order's answer at once, the hires service a moment later.
 */
const storedOrder = (hireId: string) =>
  waitFor(
    async () => {
      const { hire } = await api<{ hire: Partial<Record<keyof StoredOrder, string | null>> }>(
        'GET',
        `/hires/${hireId}`,
      );
      const { zahara_po_number, zahara_document_id } = hire;
      return zahara_po_number && zahara_document_id ? { zahara_po_number, zahara_document_id } : undefined;
    },
    15_000,
    200,
  );

async function hiresNamed(name: string): Promise<ApiHire[]> {
  const { hires } = await api<{ hires: ApiHire[] }>('GET', `/hires?search=${encodeURIComponent(name)}`);
  return hires;
}

/** Picks the option named `option` in the Autocomplete whose input inside `scope` has `testId`. */
async function pickFrom(page: Page, scope: Locator, testId: string, option: string | RegExp): Promise<void> {
  const input = scope.getByTestId(testId);
  await input.click();
  await input.fill(typeof option === 'string' ? option.slice(0, 12) : '');
  await page.getByRole('option', { name: option }).first().click();
}

beforeAll(async () => {
  await registerCompany(admin);
  token = await apiToken(admin);
  const site = await siteByApi(token, {
    name: `Salford Quays ${tag}`,
    address_line_1: '1 The Quays',
    city: 'Salford',
    postcode: 'M50 3AZ',
  });
  ids = { ...(await catalogueByApi(token, 'Scissor Lift', tag)), site_id: site.id };
  supplierName = `Lights Ltd ${tag}`;
  equipmentName = `Scissor Lift ${tag}`;
  session = await openBrowser();
  await signIn(session.page, admin.email, admin.password);
  await atPath(session.page, '/dashboard');
});

afterAll(async () => {
  await session?.close();
});

afterEach(() => {
  expect(session.pageErrors.map(String)).toEqual([]);
});

describe('accounting integration', () => {
  it('hides every integration feature until Zahara is configured', async () => {
    const { page } = session;
    await page.goto('/integrations');
    await visible(page.getByTestId('integration-zahara-state').filter({ hasText: 'Not configured' }));
    await page.goto('/sites');
    await visible(page.locator('[data-testid^="site-card-"]').first());
    await hidden(page.getByTestId('sync-projects'));
    expect(await page.getByTestId('sync-projects').count()).toBe(0);
    earlier = await hireByApi(token, ids, { price: 30 });
    await page.goto('/hires');
    await page.getByTestId('hire-select').first().locator('input').check();
    await visible(page.getByTestId('bulk-completed'));
    expect(await page.getByTestId('bulk-create-order').count()).toBe(0);
  });

  it('configures the key on /zahara: a refused key fails the test, the right one passes, codes are looked up and saved', async () => {
    const { page } = session;
    await page.goto('/zahara');
    await visible(page.getByRole('heading', { name: 'Zahara accounting', level: 1 }));
    expect(await page.getByTestId('zahara-status').textContent()).toBe('Not configured');

    // Too short for a business unit: Zahara answers 401.
    await page.getByTestId('zahara-api-key').fill('not-a-bu-key');
    await page.getByTestId('zahara-test-connection').click();
    await visible(
      page
        .getByTestId('zahara-connection-result')
        .filter({ hasText: 'Connection failed, please check your settings' }),
    );
    // Nor is it saved: the field says why, and the integration stays off.
    await page.getByTestId('zahara-save').click();
    await visible(
      page
        .locator('#zahara-api-key-helper')
        .filter({ hasText: 'Zahara does not know this API key. Check it in Zahara and try again.' }),
    );
    expect(await page.getByTestId('zahara-status').textContent()).toBe('Not configured');

    await page.getByTestId('zahara-api-key').fill(ZAHARA_KEY);
    await page.getByTestId('zahara-test-connection').click();
    await visible(page.getByTestId('zahara-connection-result').filter({ hasText: 'Connection successful' }));

    await page.getByTestId('zahara-nominal-code').fill('7100');
    await page.getByTestId('zahara-nominal-lookup').click();
    await visible(page.getByTestId('zahara-nominal-result').filter({ hasText: 'Plant hire' }));
    await page.getByTestId('zahara-tax-code').fill('T1');
    await page.getByTestId('zahara-tax-lookup').click();
    await visible(
      page.getByTestId('zahara-tax-result').filter({ hasText: 'Standard rate purchases 20% (20%)' }),
    );
    await page.getByTestId('zahara-cost-code').fill('NOPE1');
    await page.getByTestId('zahara-cost-lookup').click();
    await visible(page.getByTestId('zahara-cost-result').filter({ hasText: 'Cost code not found' }));
    await page.getByTestId('zahara-cost-code').fill('CC310');
    await page.getByTestId('zahara-cost-lookup').click();
    await visible(page.getByTestId('zahara-cost-result').filter({ hasText: 'Plant hire - non-operated' }));
    await page.getByTestId('zahara-division-code').fill('');
    await page.getByTestId('zahara-division-lookup').click();
    await visible(
      page.getByTestId('zahara-division-result').filter({ hasText: 'Please enter a division name' }),
    );
    await page.getByTestId('zahara-division-code').fill('North West');
    await page.getByTestId('zahara-division-lookup').click();
    await visible(
      page.getByTestId('zahara-division-result').filter({ hasText: 'Manchester, Liverpool and Lancashire' }),
    );

    await page.getByTestId('zahara-save').click();
    await visible(page.getByText('Settings saved successfully'));
    await visible(page.getByTestId('zahara-status').filter({ hasText: 'Active' }));
    // The key is never shown again in full, on screen or in the answer.
    const shown = await page.getByTestId('zahara-api-key').inputValue();
    expect(shown).not.toBe(ZAHARA_KEY);
    expect(shown.endsWith(ZAHARA_KEY.slice(-4))).toBe(true);
    const { data } = await api<{ data: Record<string, unknown> }>('GET', '/zahara/settings');
    expect(JSON.stringify(data)).not.toContain(ZAHARA_KEY);
    expect(data).toMatchObject({
      is_active: true,
      nominal_code: '7100',
      tax_code: 'T1',
      tax_percentage: 20,
      cost_code: 'CC310',
      division_code: 'North West',
    });
    await screenshot(page, 'zahara-settings');

    await page.goto('/integrations');
    await visible(page.getByTestId('integration-zahara-state').filter({ hasText: 'Active' }));
  });

  it('matches our supplier with a Zahara supplier', async () => {
    const { page } = session;
    await page.goto('/zahara');
    await visible(page.getByTestId('zahara-matches-empty'));
    await page.getByTestId('zahara-match').click();
    await visible(
      page.getByTestId('zahara-match-error').filter({ hasText: 'Please select both suppliers to match' }),
    );
    const matching = page.locator('main');
    await pickFrom(page, matching, 'zahara-match-ours', supplierName);
    await pickFrom(page, matching, 'zahara-match-theirs', new RegExp(ZAHARA_SUPPLIER));
    await page.getByTestId('zahara-match').click();
    await visible(page.getByText(`${supplierName} matched with ${ZAHARA_SUPPLIER}`));
    const row = await visible(page.getByTestId('zahara-match-row').filter({ hasText: supplierName }));
    expect(await row.textContent()).toContain(ZAHARA_SUPPLIER);
    await screenshot(page, 'zahara-matching');
  });

  it('creates a hire, accepts the prompt, and shows the PO number Zahara gave on the card', async () => {
    const { page } = session;
    await page.goto('/hires');
    await page.getByTestId('hire-add').click();
    const form = await visible(page.getByRole('dialog', { name: 'New Hire' }));
    await pickFrom(page, form, 'hire-equipment', equipmentName);
    await pickFrom(page, form, 'hire-supplier', supplierName);
    await pickFrom(page, form, 'hire-site', `Salford Quays ${tag}`);
    await form.getByTestId('hire-price').fill('55');
    await form.getByRole('combobox', { name: 'Pricing term' }).click();
    await page.getByRole('option', { name: 'Per day', exact: true }).click();
    await form.getByTestId('hire-end').fill(new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10));
    await form.getByTestId('hire-save').click();

    const prompt = await visible(page.getByTestId('po-prompt'));
    expect(await prompt.textContent()).toContain('Hire created successfully!');
    await screenshot(page, 'zahara-po-prompt');
    await prompt.getByRole('button', { name: 'Create Purchase Order' }).click();
    const message = await visible(page.getByText(/Purchase Order #\S+ successfully created in Zahara!/));
    const number = /#(\S+) successfully/.exec((await message.textContent()) ?? '')?.[1];
    expect(number).toBeTruthy();
    await hidden(prompt);

    const made = (await hiresNamed(equipmentName)).filter((hire) => hire.id !== earlier.id);
    expect(made).toHaveLength(1);
    const [created] = made;
    const po = card(page, created.id).getByTestId('hire-po-link');
    await visible(po);
    expect(await po.textContent()).toBe(`PO #${number}`);
    const stored = await storedOrder(created.id);
    expect(stored.zahara_po_number).toBe(number);
    expect(await po.getAttribute('href')).toContain(encodeURIComponent(stored.zahara_document_id));

    // Zahara holds exactly one order for the hire, to the matched supplier, with the saved codes.
    const orders = await zahara<ZaharaOrder[]>(
      `PurchaseOrder/GetByExternalId/${encodeURIComponent(created.id)}`,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0].PurchaseOrderNumber).toBe(number);
    expect(String(orders[0].DocumentId)).toBe(stored.zahara_document_id);
    expect(orders[0].LineItems).toHaveLength(1);
    await screenshot(page, 'zahara-po-on-card');
  });

  it('makes one order for two hires of one supplier from the bulk bar, and refuses two suppliers', async () => {
    const { page } = session;
    const bulkName = `Tower Light ${tag}b`;
    const other = await catalogueByApi(token, 'Tower Light', `${tag}b`);
    // Two hires of the matched supplier, and one of an unmatched other supplier.
    const first = await hireByApi(token, { ...ids, equipment_id: other.equipment_id }, { price: 20 });
    const second = await hireByApi(token, { ...ids, equipment_id: other.equipment_id }, { price: 25 });
    const stranger = await hireByApi(token, { ...other, site_id: ids.site_id }, { price: 30 });

    await page.goto('/hires');
    await page.getByTestId('hire-search').fill(bulkName);
    await visible(card(page, stranger.id));
    await visible(card(page, first.id));
    for (const hire of [first, stranger])
      await card(page, hire.id).getByTestId('hire-select').locator('input').check();
    await page.getByTestId('bulk-create-order').click();
    await visible(
      page.getByText(
        'Selected hires must be from the same supplier. Please select hires from one supplier only.',
      ),
    );
    expect(await page.getByTestId('bulk-po-dialog').count()).toBe(0);

    await card(page, stranger.id).getByTestId('hire-select').locator('input').uncheck();
    await card(page, second.id).getByTestId('hire-select').locator('input').check();
    await page.getByTestId('bulk-create-order').click();
    const dialog = await visible(page.getByTestId('bulk-po-dialog'));
    expect(await dialog.textContent()).toContain(`for 2 hire(s) from ${supplierName}`);
    await screenshot(page, 'zahara-bulk-order');
    await dialog.getByTestId('bulk-po-confirm').click();
    const message = await visible(
      page.getByText(
        /Purchase Order #\S+ successfully created in Zahara! 2 line item\(s\) for 2 hire\(s\)\./,
      ),
    );
    const number = /#(\S+) successfully/.exec((await message.textContent()) ?? '')?.[1];
    await hidden(dialog);

    for (const hire of [first, second])
      await visible(
        card(page, hire.id)
          .getByTestId('hire-po-link')
          .filter({ hasText: `PO #${number}` }),
      );
    expect(await card(page, stranger.id).getByTestId('hire-po').textContent()).toBe('No PO created');
    const stored = await storedOrder(first.id);
    expect(stored.zahara_po_number).toBe(number);
    expect((await storedOrder(second.id)).zahara_document_id).toBe(stored.zahara_document_id);
    const order = await zahara<ZaharaOrder>(`PurchaseOrder/Get/${stored.zahara_document_id}`);
    expect(order.PurchaseOrderNumber).toBe(number);
    expect(order.LineItems).toHaveLength(2);
  });

  it('exports a supplier from its modal', async () => {
    const { page } = session;
    const exported = `Export Hire ${tag}`;
    await api('POST', '/suppliers', { name: exported });
    await page.goto('/suppliers');
    // Other specs add suppliers at the same time: find it rather than expect it on page 1.
    await page.getByTestId('supplier-search').fill(exported);
    await page.getByRole('button', { name: `Edit ${exported}` }).click();
    const modal = await visible(page.getByTestId('supplier-modal'));
    await modal.getByTestId('supplier-export').click();
    await visible(page.getByText(`${exported} exported to Zahara successfully!`));
    const found = await zahara<{ SupplierName: string }[]>(`Supplier/Search/${encodeURIComponent(exported)}`);
    expect(found.map((entry) => entry.SupplierName)).toEqual([exported]);
    await page.keyboard.press('Escape');
    await hidden(modal);
  });

  it('syncs projects on /sites with progress and the counts', async () => {
    const { page } = session;
    await page.goto('/sites');
    await visible(page.getByTestId('sync-last').filter({ hasText: 'No projects synced yet' }));
    await page.getByTestId('sync-projects').click();
    // Whichever comes first, so that a failure shows its message rather than a timeout.
    const result = await visible(page.getByTestId('sync-result').or(page.getByTestId('sync-error')), 60_000);
    expect(await result.textContent()).toMatch(
      /From Zahara: \d+ project\(s\) processed, \d+ site\(s\) created/,
    );
    await visible(page.getByTestId('sync-last').filter({ hasText: 'Last synced' }));
    // The seed projects are sites now, marked synced.
    await visible(page.getByTestId('site-synced').first());
    await screenshot(page, 'zahara-sync');
  });

  it('removes the supplier’s match, then disconnects: every integration feature hides again', async () => {
    const { page } = session;
    await page.goto('/zahara');
    const row = await visible(page.getByTestId('zahara-match-row').filter({ hasText: supplierName }));
    await row.getByRole('button', { name: `Remove the match of ${supplierName}` }).click();
    const unmatch = await visible(page.getByRole('dialog', { name: 'Remove this match?' }));
    await unmatch.getByRole('button', { name: 'Remove match' }).click();
    await visible(page.getByText(`${supplierName} is no longer matched`));
    await hidden(page.getByTestId('zahara-match-row').filter({ hasText: supplierName }));

    await page.getByTestId('zahara-disconnect').click();
    const disconnect = await visible(page.getByRole('dialog', { name: 'Disconnect Zahara?' }));
    await disconnect.getByRole('button', { name: 'Disconnect' }).click();
    await visible(page.getByText('Zahara disconnected'));
    await visible(page.getByTestId('zahara-status').filter({ hasText: 'Not configured' }));
    expect(await page.getByTestId('zahara-api-key').inputValue()).toBe('');
    await page.goto('/sites');
    await visible(page.getByRole('heading', { name: 'Site Management', level: 1 }));
    await hidden(page.getByTestId('sync-projects'));
    expect(await page.getByTestId('sync-projects').count()).toBe(0);
  });
});
