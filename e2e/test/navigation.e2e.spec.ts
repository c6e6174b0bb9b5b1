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
      expect(await page.locator('[aria-current="page"]').count()).toBe(1);
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
    await page.getByText('Login successful. Welcome back!').waitFor({ state: 'detached', timeout: 10_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-02-dashboard');

    await page.getByTestId('menu-button').click();
    await visible(page.getByTestId('nav-dashboard'));
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'phone-03-dashboard-menu-open');

    await page.getByTestId('nav-users').click();
    await atPath(page, '/users');
    await hidden(page.getByTestId('nav-dashboard'));
    await visible(page.getByRole('heading', { name: 'Users', exact: true }));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-04-users');

    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Profile', exact: true }));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-05-profile');
  });
});
