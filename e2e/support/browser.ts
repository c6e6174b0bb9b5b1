import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import chromiumSettings from './chromium.json';
import { e2eEnv } from './state';

// Shared with the web benchmarks (bench/web-*.mjs); CHROMIUM_PATH overrides the binary.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumSettings.executablePath;
export const CHROMIUM_ARGS: readonly string[] = chromiumSettings.args;
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const SCREENSHOT_DIR = path.join(__dirname, '..', 'screenshots');

const openSessions = new Set<BrowserSession>();

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors thrown in the page (a healthy screen throws none). */
  pageErrors: Error[];
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh user data directory of its own: every session starts with
 * empty storage and cache, and two sessions (say, an admin and an invitee) share nothing.
 */
export async function openBrowser(
  options: { viewport?: { width: number; height: number }; phone?: boolean } = {},
): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'planted-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    baseURL: e2eEnv('baseUrl'),
    viewport: options.viewport ?? DESKTOP,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    ...(options.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const session: BrowserSession = {
    context,
    page,
    pageErrors,
    async close() {
      openSessions.delete(session);
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
  openSessions.add(session);
  return session;
}

/** Screenshots of every open browser, named after the failed test. */
export async function failureScreenshots(testName: string): Promise<void> {
  const slug = testName.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
  let n = 0;
  for (const session of openSessions) {
    n += 1;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await session.page
      .screenshot({
        path: path.join(SCREENSHOT_DIR, `FAILED-${slug}-${n}.png`),
        fullPage: true,
        timeout: 10_000,
      })
      .catch(() => undefined);
  }
}

/**
 * Waits until no CSS transition or animation is running (a dialog fading in, a drawer
 * sliding): colours read mid-fade are blends that fail contrast checks they pass at rest.
 * Infinite animations (spinners, skeleton pulses) do not count. On a busy machine a fade can
 * take well over its nominal 225 ms, hence polling rather than a fixed pause.
 */
export async function settled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForTimeout(50);
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        if (animation.playState !== 'running') return true;
        const timing = animation.effect?.getComputedTiming();
        return timing?.iterations === Infinity;
      }),
    undefined,
    { timeout, polling: 50 },
  );
}

/**
 * A full-page PNG of the current screen in e2e/screenshots/, named by the step. Every screen
 * photographed is also checked for untranslated texts (see untranslatedKeys).
 */
export async function screenshot(page: Page, step: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${step}.png`);
  // Let transitions (drawers, dialogs, ripples) settle so the picture shows the screen at rest.
  await settled(page);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  const raw = await untranslatedKeys(page);
  if (raw.length > 0) throw new Error(`${step}: untranslated keys on screen: ${raw.join(', ')}`);
  return file;
}

let keyPattern: RegExp | undefined;

/**
 * Translation keys shown as they are (i18next shows 'nav.dashboard' when the text is missing):
 * any '<group>.<name>' whose group is an object key of the English locale files.
 */
export async function untranslatedKeys(page: Page): Promise<string[]> {
  if (!keyPattern) {
    const dir = path.join(__dirname, '../../web/src/locales/en');
    const groups = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const texts = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      for (const [key, value] of Object.entries(texts))
        if (value && typeof value === 'object') groups.add(key);
    }
    keyPattern = new RegExp(`(?<![\\w@./-])(?:${[...groups].join('|')})\\.[A-Za-z_][\\w.]*`, 'g');
  }
  const text = await page.evaluate(() => document.body.innerText);
  return [...new Set(text.match(keyPattern) ?? [])];
}

/** Waits until the locator is visible (Playwright's auto-waiting, without @playwright/test's expect). */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

export async function hidden(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** Waits for the browser to be at `pathname` (the path only, query ignored). */
export async function atPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function storageItem(
  page: Page,
  key: string,
  area: 'localStorage' | 'sessionStorage' = 'localStorage',
): Promise<string | null> {
  return page.evaluate(([k, a]) => window[a as 'localStorage' | 'sessionStorage'].getItem(k), [
    key,
    area,
  ] as const);
}

/** Signs in through the /login form. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { remember?: boolean } = {},
): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
