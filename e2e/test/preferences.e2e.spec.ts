// Per-user preferences: language (English/Spanish, kept across a reload), dark mode (kept in
// localStorage as darkMode, selecting the theme 'business') and the profile picture (cropped in
// the browser, uploaded, served from /files/...).
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newAccount, registerCompany } from '../support/api';
import {
  atPath,
  hidden,
  openBrowser,
  screenshot,
  signIn,
  storageItem,
  visible,
  type BrowserSession,
} from '../support/browser';
import type { Page } from 'playwright-core';
import { makePng } from '../support/png';
import { e2eEnv } from '../support/state';

const account = newAccount('Prefs');
let browser: BrowserSession;
let pictureDir = '';

beforeAll(async () => {
  pictureDir = await mkdtemp(path.join(os.tmpdir(), 'planted-e2e-png-'));
  await registerCompany(account);
  browser = await openBrowser();
  await signIn(browser.page, account.email, account.password, { remember: true });
  await atPath(browser.page, '/dashboard');
});

afterAll(async () => {
  await browser?.close();
  await rm(pictureDir, { recursive: true, force: true });
});

afterEach(() => {
  expect(browser.pageErrors.map(String)).toEqual([]);
});

/** The sidebar navigation entry `key` once it reads `label`. */
const navLabelled = (page: Page, key: string, label: string) =>
  page.locator(`[data-testid="nav-${key}"]`, { hasText: new RegExp(`^\\s*${label}\\s*$`) });

const themeOf = (browserSession: BrowserSession) =>
  browserSession.page.evaluate(() => document.documentElement.dataset.theme ?? null);

describe('preferences', () => {
  it('switches the interface to Spanish and back, and the choice outlives a reload', async () => {
    const { page } = browser;
    const navDashboard = page.getByTestId('nav-dashboard');
    await visible(navDashboard);
    expect((await navDashboard.textContent())?.trim()).toBe('Dashboard');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.getByTestId('language-select').selectOption('es');
    await visible(navLabelled(page, 'dashboard', 'Panel'));
    expect((await page.getByTestId('nav-users').textContent())?.trim()).toBe('Usuarios');
    expect((await page.getByTestId('sign-out-button').textContent())?.trim()).toBe('Cerrar sesión');
    expect(await storageItem(page, 'language')).toBe('es');
    await visible(page.getByTestId('dashboard-welcome'));
    expect(await page.getByTestId('dashboard-welcome').textContent()).not.toBe(
      `Welcome back, ${account.name}!`,
    );

    await page.reload();
    await visible(navLabelled(page, 'dashboard', 'Panel'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByTestId('language-select').inputValue()).toBe('es');
    await visible(page.getByTestId('dashboard-welcome'));
    await screenshot(page, 'preferences-01-dashboard-spanish');

    await page.getByTestId('nav-profile').click();
    await atPath(page, '/profile');
    await visible(page.getByRole('heading', { name: 'Perfil', exact: true }));
    await screenshot(page, 'preferences-02-profile-spanish');

    await page.getByTestId('language-select').selectOption('en');
    await visible(navLabelled(page, 'dashboard', 'Dashboard'));
    await visible(page.getByRole('heading', { name: 'Profile', exact: true }));
    expect(await storageItem(page, 'language')).toBe('en');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Profile', exact: true }));
    expect((await page.getByTestId('nav-dashboard').textContent())?.trim()).toBe('Dashboard');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('keeps dark mode, turned on at /profile, across a reload', async () => {
    const { page } = browser;
    if (new URL(page.url()).pathname !== '/profile') await page.goto('/profile');
    const toggle = page
      .getByRole('switch', { name: 'Dark mode' })
      .or(page.getByRole('checkbox', { name: 'Dark mode' }));
    await visible(toggle);
    expect(await toggle.isChecked()).toBe(false);
    expect(await themeOf(browser)).toBe('corporate');
    await screenshot(page, 'preferences-03-profile-light');

    await toggle.check();
    expect(await storageItem(page, 'darkMode')).toBe('true');
    expect(await themeOf(browser)).toBe('business');

    await page.reload();
    await visible(toggle);
    expect(await toggle.isChecked()).toBe(true);
    expect(await storageItem(page, 'darkMode')).toBe('true');
    expect(await themeOf(browser)).toBe('business');
    // The dark theme really paints the page dark.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect((r + g + b) / 3).toBeLessThan(80);
    await screenshot(page, 'preferences-04-profile-dark');

    await page.getByTestId('nav-dashboard').click();
    await atPath(page, '/dashboard');
    await visible(page.getByTestId('dashboard-welcome'));
    await screenshot(page, 'preferences-05-dashboard-dark');

    await page.getByTestId('nav-profile').click();
    await toggle.uncheck();
    expect(await storageItem(page, 'darkMode')).toBe('false');
    expect(await themeOf(browser)).toBe('corporate');
  });

  it("says 'Please select an image file' for a file that is not an image, or not one the browser can show", async () => {
    const { page } = browser;
    if (new URL(page.url()).pathname !== '/profile') await page.goto('/profile');
    const input = page.getByTestId('profile-picture-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await visible(page.getByTestId('picture-message').getByText('Please select an image file'));
    expect(await page.getByRole('dialog').count()).toBe(0);

    // An image type on the outside, nothing a browser can decode inside (as with a corrupt file).
    const broken = path.join(pictureDir, 'broken.png');
    writeFileSync(broken, 'not really a PNG');
    await page.getByTestId('picture-message').getByRole('button', { name: 'Close' }).click();
    await input.setInputFiles(broken);
    await visible(page.getByTestId('picture-message').getByText('Please select an image file'));
    await hidden(page.getByRole('dialog'));
    await screenshot(page, 'preferences-06-profile-picture-not-an-image');
  });

  it('uploads a profile picture through the crop dialog, then shows it from /files/...', async () => {
    const { page } = browser;
    if (new URL(page.url()).pathname !== '/profile') await page.goto('/profile');
    const avatar = page.getByTestId('profile-avatar');
    await visible(avatar);
    expect(await avatar.locator('img').count()).toBe(0); // initials until a picture is set

    // The page reads the file when it shows it, so the file stays until the test ends.
    const file = path.join(pictureDir, 'site-photo.png');
    writeFileSync(file, makePng(640, 480));
    await page.getByTestId('profile-picture-input').setInputFiles(file);

    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await visible(dialog);
    await visible(dialog.locator('img'));
    const save = dialog.getByRole('button', { name: 'Save Picture' });
    // Enabled once the cropper has reported the crop area.
    await visible(page.locator('[data-testid="crop-save"]:enabled'));
    await dialog.getByRole('slider').focus();
    await page.keyboard.press('ArrowRight'); // zoom a little, as a person would
    await screenshot(page, 'preferences-07-crop-dialog');
    await save.click();
    await hidden(dialog, 30_000);
    await visible(page.getByText('Profile picture updated successfully'));

    const img = avatar.locator('img');
    await visible(img);
    const src = (await img.getAttribute('src')) ?? '';
    expect(new URL(src, e2eEnv('baseUrl')).pathname).toMatch(/^\/files\/.+\.jpe?g$/);
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="profile-avatar"] img') as HTMLImageElement | null)
          ?.naturalWidth === 400,
      undefined,
      { polling: 100 },
    );
    // The sidebar avatar shows the same picture.
    expect(await page.getByTestId('sidebar-avatar').locator('img').getAttribute('src')).toBe(src);

    const res = await fetch(new URL(src, e2eEnv('baseUrl')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    await screenshot(page, 'preferences-08-profile-with-picture');

    // The picture is the user's, not just this page's: it is still there after a reload.
    await page.reload();
    await visible(avatar.locator('img'));
    expect(await avatar.locator('img').getAttribute('src')).toBe(src);
  });
});
