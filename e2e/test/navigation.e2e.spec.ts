// Route guards and layout: protected screens while signed out, unknown paths while signed in,
// every navigation entry, and the signed-in layout on a phone-sized screen.
import { newAccount, registerCompany } from '../support/api';
import {
  atPath,
  hidden,
  openBrowser,
  PHONE,
  screenshot,
  signIn,
  visible,
  type BrowserSession,
} from '../support/browser';
import { e2eEnv } from '../support/state';

const sessions: BrowserSession[] = [];

async function session(options?: Parameters<typeof openBrowser>[0]): Promise<BrowserSession> {
  const opened = await openBrowser(options);
  sessions.push(opened);
  return opened;
}

afterEach(() => {
  for (const opened of sessions) expect(opened.pageErrors.map(String)).toEqual([]);
});

afterAll(async () => {
  await Promise.all(sessions.map((opened) => opened.close()));
});

describe('route guards', () => {
  let signedIn: BrowserSession;

  it('sends a signed-out visitor of /users to /login, and back to /users after signing in (the demo user npm start seeds)', async () => {
    signedIn = await session();
    const { page } = signedIn;
    await page.goto('/users');
    await atPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await visible(page.getByRole('link', { name: 'Start your free trial' }));
    await screenshot(page, 'navigation-01-login-from-protected-url');

    await signIn(page, e2eEnv('demoEmail'), e2eEnv('demoPassword'));
    await atPath(page, '/users');
    await visible(page.getByRole('heading', { name: 'Users', exact: true }));
    await visible(page.getByText(e2eEnv('demoEmail'), { exact: true }));
  });

  it('shows Login successful. once: a reload of the page it landed on does not bring it back', async () => {
    const { page } = await session();
    await signIn(page, e2eEnv('demoEmail'), e2eEnv('demoPassword'));
    await atPath(page, '/dashboard');
    await visible(page.getByTestId('route-flash').getByText('Login successful.'));
    await page.reload();
    await visible(page.getByTestId('dashboard-welcome'));
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Login successful.').count()).toBe(0);
  });

  it('sends an unknown path to /dashboard while signed in', async () => {
    const { page } = signedIn;
    await page.goto('/no-such-screen/at-all');
    await atPath(page, '/dashboard');
    await visible(page.getByTestId('dashboard-welcome'));
    expect(await page.getByTestId('dashboard-welcome').textContent()).toBe('Welcome back, Demo Admin!');
    await page.goto('/');
    await atPath(page, '/dashboard');
  });

  it('validates the login form before calling the server', async () => {
    const visitor = await session();
    const { page } = visitor;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByText('Email is required', { exact: true }));
    await visible(page.getByText('Password is required', { exact: true }));
    await page.getByTestId('login-email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByText('Please enter a valid email address', { exact: true }));
    await screenshot(page, 'navigation-02-login-validation');
  });

  it('has an icon for its tab that the server sends', async () => {
    const { page } = await session();
    await page.goto('/login');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBeTruthy();
    const icon = await page.request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  });

  it('opens every navigation entry of the sidebar', async () => {
    const { page } = signedIn;
    await page.goto('/dashboard');
    // Navigation key, path, and the screen's heading (most screens are placeholders for now).
    const entries: [string, string, string][] = [
      ['hires', '/hires', 'Hires'],
      ['equipment', '/equipment', 'Equipment'],
      ['sites', '/sites', 'Site Management'],
      ['suppliers', '/suppliers', 'Suppliers'],
      ['users', '/users', 'Users'],
      ['integrations', '/integrations', 'Integrations'],
      ['subscription', '/subscription', 'Subscription'],
      ['profile', '/profile', 'Profile'],
      ['hiresMap', '/hires-map', 'Hires Map'],
      ['dashboard', '/dashboard', 'Welcome back, Demo Admin!'],
    ];
    for (const [key, pathname, heading] of entries) {
      await page.getByTestId(`nav-${key}`).click();
      await atPath(page, pathname);
      await visible(page.locator('main').getByRole('heading', { level: 1, name: heading, exact: true }));
      await visible(page.locator(`[data-testid="nav-${key}"][aria-current="page"]`));
      expect(await page.getByTestId(`nav-${key}`).getAttribute('class')).toContain('active');
      // One navigation entry is current (a screen's pagination marks its own current page too).
      expect(await page.locator('[data-testid^="nav-"][aria-current="page"]').count()).toBe(1);
      await screenshot(page, `navigation-03-screen-${key}`);
    }
    await page.getByTestId('nav-home').click();
    await atPath(page, '/home');
    await visible(page.getByRole('link', { name: 'Get Started' }).first());
    await screenshot(page, 'navigation-04-home');
  });
});

describe('on a phone-sized screen (390x844)', () => {
  it('shows the dashboard with the sidebar collapsed behind a menu button, and the drawer opens and closes', async () => {
    const account = newAccount('Phone');
    await registerCompany(account);
    const phone = await session({ viewport: PHONE, phone: true });
    const { page } = phone;
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await screenshot(page, 'phone-01-login');
    await signIn(page, account.email, account.password);
    await atPath(page, '/dashboard');
    await visible(page.getByTestId('dashboard-welcome'));
    await visible(page.getByTestId('menu-button'));
    await hidden(page.getByTestId('nav-dashboard'));
    await page.getByText('Login successful.').waitFor({ state: 'detached', timeout: 10_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The stat cards sit two by two, so Quick Actions start on the first screen.
    const [first, second, third] = await Promise.all(
      ['totalHires', 'activeHires', 'totalSites'].map((key) => page.getByTestId(`stat-${key}`).boundingBox()),
    );
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x);
    expect(third!.y).toBeGreaterThan(first!.y);
    const newHire = await page.getByTestId('quick-newHire').boundingBox();
    expect(newHire!.y + newHire!.height).toBeLessThanOrEqual(PHONE.height);
    await screenshot(page, 'phone-02-dashboard');

    await page.getByTestId('menu-button').click();
    await visible(page.getByTestId('nav-dashboard'));
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('true');
    // Rows a finger can hit (44 px), and the user's name shown whole.
    for (const key of ['dashboard', 'users', 'logout', 'hiresMap'])
      expect((await page.getByTestId(`nav-${key}`).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const name = page.getByTestId('sidebar-user-name');
    expect(await name.textContent()).toBe(account.name);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'phone-03-dashboard-menu-open');

    // The drawer has a close button of its own.
    await page.getByRole('button', { name: 'Close navigation menu' }).click();
    await hidden(page.getByTestId('nav-dashboard'));
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId('menu-button').click();
    await visible(page.getByTestId('nav-dashboard'));

    await page.getByTestId('nav-users').click();
    await atPath(page, '/users');
    await hidden(page.getByTestId('nav-dashboard'));
    await visible(page.getByRole('heading', { name: 'Users', exact: true }));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    // The email wraps inside the card instead of being cut off.
    const email = await visible(page.getByTestId('team-members').getByText(account.email, { exact: true }));
    expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const card = (await page.getByTestId('team-members').boundingBox())!;
    const box = (await email.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    await screenshot(page, 'phone-04-users');

    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Profile', exact: true }));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-05-profile');
  });

  it('scrolls each control the keyboard reaches clear of the help button at the foot of the window', async () => {
    const phone = await session({ viewport: PHONE, phone: true });
    const { page } = phone;
    await signIn(page, e2eEnv('demoEmail'), e2eEnv('demoPassword'));
    await atPath(page, '/dashboard');
    const covered: string[] = [];
    for (const path of ['/dashboard', '/hires', '/sites', '/profile', '/zahara']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const help = (await page.getByTestId('help-button').boundingBox())!;
      for (let stop = 0; stop < 60; stop++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const r = el.getBoundingClientRect();
          return {
            name: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
            help: el.dataset.testid === 'help-button',
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
          };
        });
        if (!focused || focused.help || focused.width === 0) continue;
        const overlaps =
          focused.x < help.x + help.width &&
          help.x < focused.x + focused.width &&
          focused.y < help.y + help.height &&
          help.y < focused.y + focused.height;
        if (overlaps) covered.push(`${path}: ${focused.name}`);
      }
    }
    expect(covered).toEqual([]);
  });

  it('scrolls each control the keyboard reaches backwards (Shift+Tab) clear of the app bar fixed at the top', async () => {
    const phone = await session({ viewport: PHONE, phone: true });
    const { page } = phone;
    await signIn(page, e2eEnv('demoEmail'), e2eEnv('demoPassword'));
    await atPath(page, '/dashboard');
    const covered: string[] = [];
    let checked = 0;
    for (const path of ['/suppliers', '/equipment', '/sites', '/hires']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Down the page first, then back up it.
      for (let stop = 0; stop < 40; stop++) await page.keyboard.press('Tab');
      for (let stop = 0; stop < 25; stop++) {
        await page.keyboard.press('Shift+Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const bar = document.querySelector('header');
          if (!el || el === document.body || !bar || bar.contains(el)) return null;
          const r = el.getBoundingClientRect();
          return {
            name: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
            top: r.top,
            height: r.height,
            barBottom: bar.getBoundingClientRect().bottom,
          };
        });
        if (!focused || focused.height === 0) continue;
        checked++;
        if (focused.top < focused.barBottom) covered.push(`${path}: ${focused.name}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(covered).toEqual([]);
  });
});

describe('public pages', () => {
  it('keeps the header on one line at 390x844, with the page links in a menu', async () => {
    const phone = await session({ viewport: PHONE, phone: true });
    const { page } = phone;
    await page.goto('/home');
    await visible(page.getByTestId('hero-start-trial'));
    const header = (await page.locator('header').boundingBox())!;
    const brand = (await page.getByTestId('brand-link').boundingBox())!;
    const getStarted = (await page.getByTestId('header-get-started').boundingBox())!;
    expect(Math.abs(getStarted.y + getStarted.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(4);
    expect(header.height).toBeLessThan(80);
    await hidden(page.locator('header nav'));

    await visible(page.getByRole('button', { name: 'Open menu' }));
    const menuButton = page.getByTestId('site-menu-button');
    await menuButton.click();
    const menu = await visible(page.getByRole('dialog', { name: 'Menu' }));
    // Hidden from the accessibility tree while the menu is open, so found by test id.
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Features', 'Pricing', 'Integrations', 'Sign In'])
      await visible(menu.getByRole('link', { name, exact: true }));
    await screenshot(page, 'phone-06-home-menu-open');
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await atPath(page, '/pricing');
    await hidden(page.getByRole('dialog'));
    await visible(page.getByTestId('plan-teams'));
    // Whole pounds, and the Teams price level with the others despite its 'Most Popular' chip.
    expect(await page.getByTestId('plan-teams').getByTestId('plan-price').textContent()).toBe('£79/month');
    await screenshot(page, 'phone-07-pricing');
  });

  it('lines the four plan prices up at 1280x800, the Most Popular one included', async () => {
    const desktop = await session();
    const { page } = desktop;
    await page.goto('/pricing');
    await visible(page.getByTestId('plan-teams'));
    const prices = page.getByTestId('plan-price');
    expect(await prices.count()).toBe(4);
    const tops = await Promise.all(
      [0, 1, 2, 3].map(async (n) => Math.round((await prices.nth(n).boundingBox())!.y)),
    );
    expect(new Set(tops).size).toBe(1);
    expect(await prices.allTextContents()).toEqual(['£0/month', '£79/month', '£129/month', '£179/month']);
  });
});
