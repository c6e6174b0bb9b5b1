// Sites and hires in the browser (issue 10): a site and a hire made through the hire form's
// quick-add modals, whose totals on screen are the server's; editing through ?edit=; search and
// Show Completed; bulk complete and bulk delete; the Upgrade Required modal on the free plan's
// sixth active hire; and the hires map, offline, with its numbered markers and no key.
import type { Page } from 'playwright-core';
import { waitFor } from '@planted/testing';
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
import { apiCall, catalogueByApi, hireByApi, isoDay, type ApiHire, type HireIds } from '../support/hires';

const tag = Date.now().toString(36);
const owner = newAccount('HireA');
const limited = newAccount('HireB');
const mapper = newAccount('HireC');

let a: BrowserSession;
let token = '';

const api = <T>(method: string, path: string, body?: unknown, bearer = token) =>
  apiCall<T>(bearer, method, path, body);

const money = (value: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(value);
const day = isoDay;

/** Picks `option` in the MUI select labelled `label` inside the dialog named `dialogName`. */
async function choose(page: Page, dialogName: string, label: string, option: string): Promise<void> {
  await page.getByRole('dialog', { name: dialogName }).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const createHireByApi = (ids: HireIds, over: Record<string, unknown> = {}, bearer = token) =>
  hireByApi(bearer, ids, over);
const catalogueOf = (name: string, bearer = token) => catalogueByApi(bearer, name, tag);

const card = (page: Page, text: string) => page.locator('[data-testid^="hire-card-"]', { hasText: text });

let created: ApiHire;
const equipmentName = `Kango Breaker ${tag}`;
const siteName = `Leeds Riverside ${tag}`;

beforeAll(async () => {
  await registerCompany(owner);
  await registerCompany(limited);
  await registerCompany(mapper);
  token = await apiToken(owner);
  a = await openBrowser();
  await signIn(a.page, owner.email, owner.password);
  await atPath(a.page, '/dashboard');
});

afterAll(async () => {
  await a?.close();
});

afterEach(() => {
  expect(a.pageErrors.map(String)).toEqual([]);
});

describe('hires', () => {
  it('creates a site and a hire through the quick-add modals; the totals shown are the server’s', async () => {
    const { page } = a;
    await page.goto('/hires');
    await page.getByTestId('hire-add').click();
    const form = await visible(page.getByRole('dialog', { name: 'New Hire' }));

    await form.getByRole('button', { name: 'Quick add equipment' }).click();
    const quickEquipment = await visible(page.getByRole('dialog', { name: 'Quick Add Equipment' }));
    await quickEquipment.getByTestId('quick-equipment-name').fill(equipmentName);
    await choose(page, 'Quick Add Equipment', 'Category', 'Breaking & Drilling');
    await choose(page, 'Quick Add Equipment', 'Unit of measure', 'Per Day');
    await choose(page, 'Quick Add Equipment', 'Power', '110V');
    await quickEquipment.getByTestId('quick-equipment-description').fill('Heavy 110V breaker.');
    await screenshot(page, 'hires-quick-add-equipment');
    await quickEquipment.getByTestId('quick-equipment-save').click();
    await hidden(quickEquipment);
    expect(await form.getByRole('combobox', { name: 'Equipment' }).inputValue()).toBe(equipmentName);

    await form.getByRole('button', { name: 'Quick add supplier' }).click();
    const quickSupplier = await visible(page.getByRole('dialog', { name: 'Quick Add Supplier' }));
    await quickSupplier.getByTestId('quick-supplier-name').fill(`Northern Plant ${tag}`);
    await quickSupplier.getByTestId('quick-supplier-save').click();
    await hidden(quickSupplier);
    expect(await form.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe(`Northern Plant ${tag}`);

    await form.getByRole('button', { name: 'Quick add site' }).click();
    const quickSite = await visible(page.getByRole('dialog', { name: 'Quick Add Site' }));
    await quickSite.getByTestId('site-name').fill(siteName);
    await quickSite.getByTestId('site-address-line-1').fill('1 Wharf Street');
    await quickSite.getByTestId('site-city').fill('Leeds');
    await quickSite.getByTestId('site-postcode').fill('LS2 7EE');
    await quickSite.getByTestId('site-job-number').fill(`J-${tag}`);
    await quickSite.getByTestId('site-save').click();
    await hidden(quickSite);
    // Shown once the sites list the picker reads holds the new site (a refetch, slower on a busy machine).
    const pickedSite = await waitFor(async () => {
      const value = await form.getByRole('combobox', { name: 'Site' }).inputValue();
      return value ? value : undefined;
    }, 10_000);
    expect(pickedSite).toBe(`${siteName} (J-${tag})`);

    await form.getByTestId('hire-price').fill('85.55');
    await choose(page, 'New Hire', 'Pricing term', 'Per week');
    await form.getByTestId('hire-delivery').fill('25');
    await form.getByTestId('hire-operator').fill('12.10');
    await form.getByTestId('hire-start').fill(day(0));
    await form.getByTestId('hire-end').fill(day(9));
    const shown = {
      net: await form.getByTestId('summary-net').textContent(),
      vat: await form.getByTestId('summary-vat').textContent(),
      total: await form.getByTestId('summary-total').textContent(),
    };
    // 10 days at £85.55 a week is 2 weeks: £171.10 + £25 + £12.10 = £208.20 net.
    expect(shown).toEqual({ net: '£208.20', vat: '£41.64', total: '£249.84' });
    await screenshot(page, 'hires-form');
    await form.getByTestId('hire-save').click();
    const success = await visible(page.getByRole('dialog', { name: 'Hire created successfully!' }));
    await success.getByRole('button', { name: 'Continue' }).click();
    await hidden(success);
    // The keyboard carries on from New Hire, not from the top of the page (audit G).
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName,
      );
    await waitFor(async () => ((await focused()) === 'hire-add' ? true : undefined), 5_000).catch(
      () => undefined,
    );
    expect(await focused()).toBe('hire-add');

    const { hires } = await api<{ hires: ApiHire[] }>(
      'GET',
      `/hires?search=${encodeURIComponent(equipmentName)}`,
    );
    expect(hires).toHaveLength(1);
    created = hires[0];
    expect({
      net: money(created.net_cost),
      vat: money(created.vat_amount),
      total: money(created.total_cost),
    }).toEqual(shown);
    const hireCard = await visible(card(page, equipmentName));
    expect(await hireCard.getByTestId('hire-total').textContent()).toBe(money(created.total_cost));
    expect(await hireCard.getByTestId('hire-site').textContent()).toBe(`${siteName} · Job J-${tag}`);
    expect(await hireCard.getByTestId('hire-po').textContent()).toBe('No PO created');
    await screenshot(page, 'hires-list');
  });

  it('shows the new site on Site Management, found by its postcode', async () => {
    const { page } = a;
    await page.goto('/sites');
    await page.getByTestId('site-search').fill('ls2 7ee');
    const site = await visible(page.locator('[data-testid^="site-card-"]', { hasText: siteName }));
    expect(await site.getByTestId('site-job-number').textContent()).toBe(`Job J-${tag}`);
    expect(await site.getByTestId('site-status').textContent()).toBe('Active');
  });

  it('edits through ?edit=, which leaves the URL, and saves what the server computes', async () => {
    const { page } = a;
    await page.goto(`/hires?edit=${created.id}`);
    const form = await visible(page.getByRole('dialog', { name: 'Edit Hire' }));
    await page.waitForURL((url) => url.pathname === '/hires' && url.search === '');
    expect(await form.getByTestId('hire-price').inputValue()).toBe('85.55');
    await form.getByTestId('hire-price').fill('100');
    await choose(page, 'Edit Hire', 'Pricing term', 'Fixed price');
    expect(await form.getByTestId('summary-total').textContent()).toBe('£164.52');
    await form.getByTestId('hire-save').click();
    await visible(page.getByText('Hire updated successfully'));
    const { hire } = await api<{ hire: ApiHire }>('GET', `/hires/${created.id}`);
    expect(money(hire.total_cost)).toBe('£164.52');
    expect(await card(page, equipmentName).getByTestId('hire-total').textContent()).toBe('£164.52');
  });

  it('searches, and shows completed hires only with Show Completed', async () => {
    const { page } = a;
    const ids = {
      equipment_id: created.equipment_id,
      supplier_id: created.supplier_id,
      site_id: created.site_id,
    };
    const other = await catalogueOf('Tower Light');
    const { site } = await api<{ site: { id: string } }>('POST', '/sites', {
      name: `York Yard ${tag}`,
      address_line_1: '2 Skeldergate',
      city: 'York',
      postcode: 'YO1 6DH',
    });
    await createHireByApi({ ...other, site_id: site.id });
    await createHireByApi(ids, { hire_status: 'completed', price: 7 });

    await page.goto('/hires');
    // The search's own answer, so a failure says whether the screen asked and what the server said.
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/hires' &&
        new URL(response.url()).searchParams.get('search') === `Tower Light ${tag}`,
    );
    await page.getByTestId('hire-search').fill(`Tower Light ${tag}`);
    expect((await searched).status()).toBe(200);
    await visible(card(page, `Tower Light ${tag}`));
    await hidden(card(page, equipmentName));
    await page.getByRole('button', { name: 'Clear search' }).click();
    await visible(card(page, equipmentName));
    expect(await page.locator('[data-testid="hire-status"]', { hasText: 'Completed' }).count()).toBe(0);
    await page.getByRole('switch', { name: 'Show Completed' }).check();
    await visible(page.locator('[data-testid="hire-status"]', { hasText: 'Completed' }).first());
    await page.getByRole('switch', { name: 'Show Completed' }).uncheck();
    await hidden(page.locator('[data-testid="hire-status"]', { hasText: 'Completed' }).first());
  });

  it('marks hires completed in bulk, then deletes them in bulk', async () => {
    const { page } = a;
    await page.goto('/hires');
    await page.getByTestId('hire-search').fill(tag);
    await visible(card(page, equipmentName));
    await visible(card(page, `Tower Light ${tag}`));
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByTestId('bulk-completed').click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Update status' }));
    expect(await confirm.textContent()).toContain('update the status of 2 hire(s) to Completed?');
    await confirm.getByRole('button', { name: 'Update' }).click();
    await visible(page.getByText('Successfully updated 2 hire(s) to Completed!'));
    await visible(page.getByText('No hires match your search'));

    await page.getByRole('switch', { name: 'Show Completed' }).check();
    // The edited hire and the completed one, both of that equipment, and the tower light.
    await visible(card(page, equipmentName).nth(1));
    expect(await page.locator('[data-testid^="hire-card-"]').count()).toBe(3);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByTestId('bulk-delete').click();
    await page.getByRole('button', { name: 'Yes, Delete 3 Hire(s)' }).click();
    await visible(page.getByText('Successfully deleted 3 hire(s)!'));
    const { hires } = await api<{ hires: ApiHire[] }>(
      'GET',
      `/hires?search=${tag}&status=active,completed,collection_booked`,
    );
    expect(hires).toEqual([]);
  });

  it("opens Upgrade Required instead of the form for the free plan's sixth active hire", async () => {
    const other = await apiToken(limited);
    const ids = await catalogueOf('Generator', other);
    const { site } = await api<{ site: { id: string } }>(
      'POST',
      '/sites',
      { name: `Hull Docks ${tag}`, address_line_1: '3 Dock Street', city: 'Hull', postcode: 'HU1 3DX' },
      other,
    );
    for (let n = 0; n < 5; n++) await createHireByApi({ ...ids, site_id: site.id }, {}, other);
    const b = await openBrowser();
    try {
      await signIn(b.page, limited.email, limited.password);
      await atPath(b.page, '/dashboard');
      await b.page.goto('/hires');
      await b.page.getByTestId('hire-add').click();
      const dialog = await visible(b.page.getByRole('dialog', { name: 'Upgrade Required' }));
      expect(await dialog.getByTestId('upgrade-usage').textContent()).toBe('Active hires: 5 / 5');
      expect(await dialog.getByTestId('upgrade-plan').textContent()).toBe('Current plan: Free Edition');
      expect(await b.page.getByRole('dialog', { name: 'New Hire' }).count()).toBe(0);
      await screenshot(b.page, 'hires-upgrade-required');
      await dialog.getByRole('button', { name: 'Maybe Later' }).click();
      await hidden(dialog);
      // The server refuses it too.
      await expect(createHireByApi({ ...ids, site_id: site.id }, {}, other)).rejects.toThrow(/403/);
      await b.page.getByTestId('hire-add').click();
      await (
        await visible(b.page.getByRole('dialog', { name: 'Upgrade Required' }))
      )
        .getByRole('button', { name: 'Upgrade Now' })
        .click();
      await atPath(b.page, '/subscription');
      expect(b.pageErrors.map(String)).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe('hires map (no key, no internet)', () => {
  let m: BrowserSession;
  let mapToken = '';
  beforeAll(async () => {
    mapToken = await apiToken(mapper);
    m = await openBrowser();
    await signIn(m.page, mapper.email, mapper.password);
    await atPath(m.page, '/dashboard');
  });
  afterAll(async () => {
    await m?.close();
  });
  afterEach(() => {
    expect(m.pageErrors.map(String)).toEqual([]);
  });

  it('draws the Natural Earth basemap with one numbered marker per postcode and each hire in its panel', async () => {
    const { page } = m;
    await page.goto('/hires-map');
    await visible(page.getByTestId('map-empty'));
    // Nothing to show: London at zoom 9 (spec §9).
    expect(await page.getByTestId('offline-map').getAttribute('data-zoom')).toBe('9');

    const ids = await catalogueOf('Welfare Cabin', mapToken);
    const leeds = await api<{ site: { id: string; latitude: number | null } }>(
      'POST',
      '/sites',
      {
        name: `Leeds Map ${tag}`,
        address_line_1: '1 Park Row',
        city: 'Leeds',
        postcode: 'LS1 5AB',
      },
      mapToken,
    );
    const york = await api<{ site: { id: string; latitude: number | null } }>(
      'POST',
      '/sites',
      {
        name: `York Map ${tag}`,
        address_line_1: '1 Coney Street',
        city: 'York',
        postcode: 'YO1 9QL',
      },
      mapToken,
    );
    expect(leeds.site.latitude).not.toBeNull();
    expect(york.site.latitude).not.toBeNull();
    await createHireByApi({ ...ids, site_id: leeds.site.id }, {}, mapToken);
    await createHireByApi({ ...ids, site_id: leeds.site.id }, { price: 55 }, mapToken);
    await createHireByApi({ ...ids, site_id: york.site.id }, { hire_status: 'collection_booked' }, mapToken);
    await createHireByApi({ ...ids, site_id: york.site.id }, { hire_status: 'completed' }, mapToken);

    await page.reload();
    await visible(page.getByTestId('basemap'));
    const markers = page.getByTestId('map-marker');
    await visible(markers.first());
    expect(await markers.count()).toBe(2);
    expect(await markers.allTextContents()).toEqual(['1', '2']);
    const map = page.getByTestId('offline-map');
    const zoom = Number(await map.getAttribute('data-zoom'));
    expect(zoom).toBeGreaterThanOrEqual(6);
    expect(zoom).toBeLessThanOrEqual(12);
    expect(await page.getByTestId('google-map').count()).toBe(0);
    expect(
      (await page.locator('[data-testid="basemap"] path').first().getAttribute('d'))!.length,
    ).toBeGreaterThan(10_000);

    await page.getByRole('button', { name: /^Marker \d: LS1 5AB, 2 hires$/ }).click();
    const panel = await visible(page.getByTestId('marker-panel'));
    expect(await panel.getByTestId('marker-hire').count()).toBe(2);
    expect(await panel.textContent()).toContain(`Welfare Cabin ${tag}`);
    expect(await panel.textContent()).toContain(`Site: Leeds Map ${tag} (LS1 5AB)`);
    await page.getByRole('button', { name: /^Marker \d: YO1 9QL, 1 hire$/ }).click();
    expect(await page.getByTestId('marker-panel').textContent()).toContain('Collection Booked');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(Number(await map.getAttribute('data-zoom'))).toBe(zoom + 1);
    await screenshot(page, 'hires-map');

    // Completed hires join their postcode's marker only with the box ticked.
    await page.getByRole('checkbox', { name: 'Show Completed' }).check();
    await visible(page.getByRole('button', { name: /^Marker \d: YO1 9QL, 2 hires$/ }));
  });
});
