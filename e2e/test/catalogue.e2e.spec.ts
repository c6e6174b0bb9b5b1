// The shared catalogue in the browser (issue 9): an admin adds equipment with an image, finds it
// by search and category, favourites it; a supplier one company adds is a read-only community
// supplier for another, whose communication details and notes stay private to it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { newAccount, registerCompany } from '../support/api';
import {
  atPath,
  hidden,
  openBrowser,
  screenshot,
  signIn,
  visible,
  type BrowserSession,
} from '../support/browser';
import { makePng } from '../support/png';

const first = newAccount('CatA');
const second = newAccount('CatB');
const tag = Date.now().toString(36);
const equipmentName = `Kango 950 Breaker ${tag}`;
const supplierName = `Northern Plant Hire ${tag}`;

let a: BrowserSession;
let b: BrowserSession;
let imageDir = '';
let imagePath = '';

async function signedIn(account: typeof first): Promise<BrowserSession> {
  const session = await openBrowser();
  await signIn(session.page, account.email, account.password);
  await atPath(session.page, '/dashboard');
  return session;
}

/** Picks `option` in the MUI select labelled `label` inside the open dialog. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const equipmentCard = (page: Page) =>
  page.locator('[data-testid^="equipment-card-"]', { hasText: equipmentName });
const supplierCard = (page: Page) =>
  page.locator('[data-testid^="supplier-card-"]', { hasText: supplierName });

beforeAll(async () => {
  imageDir = await mkdtemp(path.join(os.tmpdir(), 'planted-e2e-equipment-'));
  imagePath = path.join(imageDir, 'breaker.png');
  await writeFile(imagePath, makePng(800, 600));
  await registerCompany(first);
  await registerCompany(second);
  a = await signedIn(first);
  b = await signedIn(second);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await rm(imageDir, { recursive: true, force: true });
});

afterEach(() => {
  expect(a.pageErrors.map(String)).toEqual([]);
  expect(b.pageErrors.map(String)).toEqual([]);
});

describe('equipment', () => {
  it('adds equipment with an image, shown on its card', async () => {
    const { page } = a;
    await page.goto('/equipment');
    await page.getByTestId('equipment-add').click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add Equipment' }));
    await dialog.getByTestId('equipment-name').fill(equipmentName);
    await choose(page, 'Category', 'Breaking & Drilling');
    await choose(page, 'Unit of measure', 'Per Day');
    await choose(page, 'Power', '110V');
    await dialog
      .getByTestId('equipment-description')
      .fill('Heavy-duty 110V breaker for concrete and masonry.');
    await dialog.getByTestId('equipment-image-input').setInputFiles(imagePath);
    expect(await (await visible(dialog.getByTestId('equipment-image-source'))).textContent()).toBe(
      'Source: Browse',
    );
    await visible(dialog.getByRole('img', { name: 'Preview of the new image' }));
    await screenshot(page, 'catalogue-equipment-add');
    await dialog.getByTestId('equipment-save').click();
    await visible(page.getByText('Equipment created successfully'));
    await hidden(page.getByRole('dialog', { name: 'Add Equipment' }));

    await page.getByTestId('equipment-search').fill(equipmentName);
    const card = await visible(equipmentCard(page));
    const image = card.getByTestId('equipment-image');
    await visible(image);
    expect(await image.getAttribute('src')).toMatch(/^\/files\/equipment\//);
    // The stored copy is served and decodes as an image.
    await page.waitForFunction(
      (id) => {
        const img = document.querySelector<HTMLImageElement>(`[data-testid="${id}"] img`);
        return Boolean(img && img.complete && img.naturalWidth > 0);
      },
      await card.getAttribute('data-testid'),
    );
    expect(await card.getByTestId('equipment-create-hire').getAttribute('href')).toContain(
      '/hires?equipment_id=',
    );
    await screenshot(page, 'catalogue-equipment-card');
  });

  it('finds it by search and category, and says so when nothing matches', async () => {
    const { page } = b;
    await page.goto('/equipment');
    await page.getByTestId('equipment-search').fill(tag);
    await visible(equipmentCard(page));
    // Another company sees it, without the owner's edit and delete icons.
    expect(await equipmentCard(page).getByTestId('equipment-edit').count()).toBe(0);
    const filter = page.getByTestId('equipment-category-filter');
    const breaking = await filter
      .locator('option', { hasText: /^Breaking & Drilling \(\d+\)$/ })
      .textContent();
    expect(breaking).toMatch(/^Breaking & Drilling \(\d+\)$/);
    await filter.selectOption('Breaking & Drilling');
    await visible(equipmentCard(page));
    await filter.selectOption('Welding');
    await visible(page.getByText('No equipment matches these filters'));
    await page.getByTestId('equipment-clear-filters').click();
    expect(await page.getByTestId('equipment-search').inputValue()).toBe('');
    await hidden(page.getByTestId('equipment-clear-filters'));
  });

  it('favourites it, and My Favorites shows it', async () => {
    const { page } = b;
    await page.goto('/equipment');
    await page.getByTestId('equipment-search').fill(equipmentName);
    const heart = equipmentCard(page).getByTestId('equipment-favorite');
    await visible(heart);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid^="equipment-card-"]')].some(
          (card) =>
            card.textContent?.includes(name) &&
            card.querySelector('[data-testid="equipment-favorite"]')?.getAttribute('aria-pressed') === 'true',
        ),
      equipmentName,
    );
    await page.getByRole('button', { name: 'My Favorites' }).click();
    await page.getByTestId('equipment-clear-filters').click();
    await visible(equipmentCard(page));
    // The other company has not favourited it.
    await a.page.goto('/equipment');
    await a.page.getByRole('button', { name: 'My Favorites' }).click();
    await visible(a.page.getByText('No favorite equipment yet'));
  });
});

describe('suppliers', () => {
  it("is read-only for another company ('Community'), which keeps its own details", async () => {
    await a.page.goto('/suppliers');
    await a.page.getByTestId('supplier-add').click();
    const add = await visible(a.page.getByRole('dialog', { name: 'Add Supplier' }));
    await add.getByTestId('supplier-name').fill(supplierName);
    await add.getByTestId('supplier-phone').fill('0113 496 0123');
    await add.getByTestId('supplier-address').fill('4 Canal Wharf, Leeds LS11 5PS');
    await add.getByTestId('supplier-save').click();
    await visible(a.page.getByText('Supplier created successfully'));
    await a.page.getByTestId('supplier-search').fill(supplierName);
    expect(await (await visible(supplierCard(a.page))).getByTestId('supplier-origin').textContent()).toBe(
      'Created by you',
    );

    const { page } = b;
    await page.goto('/suppliers');
    await page.getByTestId('supplier-search').fill(supplierName);
    const card = await visible(supplierCard(page));
    expect(await card.getByTestId('supplier-origin').textContent()).toBe('Community');
    expect(await card.getByTestId('supplier-delete').count()).toBe(0);
    await card.getByTestId('supplier-edit').click();
    const dialog = await visible(page.getByRole('dialog', { name: supplierName }));
    await visible(dialog.getByText('Read-only (created by another customer)'));
    expect(await dialog.getByTestId('supplier-name').getAttribute('readonly')).not.toBeNull();
    await dialog.getByTestId('supplier-contact-name').fill('Priya from B');
    await screenshot(page, 'catalogue-supplier-community');
    await dialog.getByTestId('supplier-save').click();
    await visible(page.getByText('Supplier updated successfully'));
    // The basic information is unchanged, and B's contact is B's alone.
    await a.page.reload();
    await a.page.getByTestId('supplier-search').fill(supplierName);
    await (await visible(supplierCard(a.page))).getByTestId('supplier-edit').click();
    const own = await visible(a.page.getByRole('dialog', { name: 'Edit Supplier' }));
    expect(await own.getByTestId('supplier-name').inputValue()).toBe(supplierName);
    expect(await own.getByTestId('supplier-contact-name').inputValue()).toBe('');
    await own.getByRole('button', { name: 'Cancel' }).click();
  });

  it('keeps a note private to the company that wrote it', async () => {
    const note = `Only B may read this ${tag}`;
    const { page } = b;
    await page.goto('/suppliers');
    await page.getByTestId('supplier-search').fill(supplierName);
    await (await visible(supplierCard(page))).getByTestId('supplier-edit').click();
    const dialog = await visible(page.getByRole('dialog', { name: supplierName }));
    await dialog.getByTestId('supplier-note').fill(note);
    await dialog.getByTestId('supplier-add-note').click();
    await visible(dialog.getByTestId('supplier-timeline-events').getByText(note));
    await page.keyboard.press('Escape');
    await visible(supplierCard(page).getByTestId('supplier-has-note'));

    await a.page.goto('/suppliers');
    await a.page.getByTestId('supplier-search').fill(supplierName);
    const card = await visible(supplierCard(a.page));
    expect(await card.getByTestId('supplier-has-note').count()).toBe(0);
    await card.getByTestId('supplier-edit').click();
    const own = await visible(a.page.getByRole('dialog', { name: 'Edit Supplier' }));
    await visible(own.getByTestId('supplier-timeline-events'));
    expect(await own.getByText(note).count()).toBe(0);
  });
});
