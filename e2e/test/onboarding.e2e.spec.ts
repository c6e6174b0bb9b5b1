// A company's first day, in order: sign up, sign out, a mistyped password, sign in, invite a
// colleague by email, and the colleague accepts in a browser of their own and signs in.
// The steps share one admin browser; each builds on the one before.
import { newAccount } from '../support/api';
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
import { acceptLinkFrom, subjectOf, waitForMailTo } from '../support/mailbox';
import { e2eEnv } from '../support/state';

const admin = newAccount('Onboarding');
const invitee = {
  email: admin.email.replace('onboarding-', 'invitee-'),
  name: 'Vera Viewer',
  password: 'viewer-pass-1',
};

let browser: BrowserSession;
let acceptLink = '';

beforeAll(async () => {
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(() => {
  // An uncaught exception in the page is a bug even when the screen looked right.
  expect(browser.pageErrors.map(String)).toEqual([]);
});

describe('signing up, signing in and inviting a colleague', () => {
  it('signs a company up through /signup, showing the validation messages on the way', async () => {
    const { page } = browser;
    await page.goto('/signup');
    await visible(page.getByRole('heading', { name: 'Create your account' }));
    await visible(page.getByRole('button', { name: 'Sign up with Google' }));
    await screenshot(page, 'onboarding-01-signup');

    await page.getByTestId('signup-customerName').fill(admin.companyName);
    await page.getByTestId('signup-customerAddress').fill('1 Yard');
    await page.getByTestId('signup-userName').fill(admin.name);
    await page.getByTestId('signup-email').fill(admin.email);
    await page.getByTestId('signup-password').fill(admin.password);
    await page.getByTestId('signup-confirmPassword').fill(`${admin.password}x`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await visible(page.getByText('Address must be at least 10 characters', { exact: true }));
    await visible(page.getByText('Passwords do not match', { exact: true }));
    await screenshot(page, 'onboarding-02-signup-validation');
    expect(await page.getByTestId('signup-customerAddress').getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('signup-customerAddress').fill(admin.companyAddress);
    await page.getByTestId('signup-confirmPassword').fill(admin.password);
    await hidden(page.getByText('Passwords do not match', { exact: true }));
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await atPath(page, '/dashboard');
    await visible(page.getByText('Registration successful.'));
    await visible(page.getByRole('heading', { name: `Welcome to Planted, ${admin.name}!` }));
    expect(await page.getByTestId('sidebar-company-name').textContent()).toBe(admin.companyName);
    await screenshot(page, 'onboarding-03-dashboard-after-signup');
  });

  it('signs out from the sidebar and lands on /login with the session gone', async () => {
    const { page } = browser;
    await page.getByTestId('sign-out-button').click();
    await atPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    expect(await storageItem(page, 'token')).toBeNull();
    expect(await storageItem(page, 'token', 'sessionStorage')).toBeNull();
    await screenshot(page, 'onboarding-04-login-after-sign-out');
  });

  it("says 'Invalid email or password' for a wrong password", async () => {
    const { page } = browser;
    await signIn(page, admin.email, 'not-my-password');
    const error = await visible(page.getByTestId('login-error'));
    expect((await error.textContent())?.trim()).toBe('Invalid email or password');
    expect(page.url()).toMatch(/\/login$/);
    await screenshot(page, 'onboarding-05-login-wrong-password');
  });

  it("signs in to /dashboard with the welcome and the 'Free Edition' status badge", async () => {
    const { page } = browser;
    await signIn(page, admin.email, admin.password, { remember: true });
    await atPath(page, '/dashboard');
    await visible(page.getByText('Login successful.'));
    const welcome = await visible(page.getByTestId('dashboard-welcome'));
    expect(await welcome.textContent()).toBe(`Welcome back, ${admin.name}!`);
    // One badge in the sidebar, one next to the greeting.
    const badges = page.getByTestId('status-badge');
    expect(await badges.count()).toBe(2);
    expect(await badges.allTextContents()).toEqual(['Free Edition', 'Free Edition']);
    for (const label of [
      'Total Hires',
      'Active Hires',
      'Active Sites',
      'Total Spending',
      'Quick Actions',
      'Plant Reminders',
    ]) {
      await visible(page.getByText(label, { exact: true }).first());
    }
    expect(await storageItem(page, 'token')).toBeTruthy(); // Remember me keeps it in localStorage
    await screenshot(page, 'onboarding-06-dashboard');
  });

  it('invites a viewer from /users, and the invitation email carries the accept link', async () => {
    const { page } = browser;
    await page.getByTestId('nav-users').click();
    await atPath(page, '/users');
    await visible(page.getByRole('heading', { name: 'Users', exact: true }));
    const members = page.getByTestId('team-members');
    await visible(members.getByText(admin.email, { exact: true }));
    // An administrator sees each member's role as a select (to change it) rather than a badge.
    expect(
      await members
        .getByTestId('user-role-select')
        .evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value)),
    ).toEqual(['admin']);

    const form = page.getByRole('form', { name: 'Invite a user' });
    await form.getByTestId('invite-user-email').fill(invitee.email);
    await form.getByTestId('invite-user-name').fill(invitee.name);
    await form.getByRole('combobox', { name: 'Role' }).click();
    const options = page.getByRole('option');
    await visible(options.first());
    expect(await options.allTextContents()).toEqual(['User', 'Viewer', 'Administrator']);
    await page.getByRole('option', { name: 'Viewer' }).click();
    await hidden(options.first());
    expect(await form.getByRole('combobox', { name: 'Role' }).textContent()).toBe('Viewer');
    await screenshot(page, 'onboarding-07-users-invite-filled');
    await form.getByRole('button', { name: 'Send Invite', exact: true }).click();
    await visible(page.getByText(`Invitation sent to ${invitee.email}`, { exact: true }));
    expect(await form.getByTestId('invite-user-email').inputValue()).toBe('');
    await screenshot(page, 'onboarding-08-users-invite-sent');

    const mail = await waitForMailTo(invitee.email);
    expect(subjectOf(mail)).toContain('invited');
    acceptLink = acceptLinkFrom(mail);
    expect(new URL(acceptLink).origin).toBe(new URL(e2eEnv('baseUrl')).origin);
  });

  it('lets the invitee accept in a browser of their own, then sign in to the dashboard', async () => {
    expect(acceptLink).not.toBe('');
    const second = await openBrowser();
    try {
      const { page } = second;
      await page.goto(acceptLink);
      await visible(page.getByRole('heading', { name: 'Accept your invitation' }));
      await visible(page.getByText(`You have been invited to join ${admin.companyName} on Planted.`));
      const email = page.getByTestId('invite-email');
      expect(await email.inputValue()).toBe(invitee.email);
      expect(await email.getAttribute('readonly')).not.toBeNull();
      expect(await page.getByTestId('invite-name').inputValue()).toBe(invitee.name);
      await screenshot(page, 'onboarding-09-accept-invite');

      await page.getByTestId('invite-name').fill('');
      await page.getByRole('button', { name: 'Accept Invitation', exact: true }).click();
      await visible(page.getByText('Name is required', { exact: true }));
      await visible(page.getByText('Password is required', { exact: true }));

      await page.getByTestId('invite-name').fill(invitee.name);
      await page.getByTestId('invite-password').fill(invitee.password);
      await page.getByTestId('invite-confirm-password').fill(invitee.password);
      await page.getByRole('button', { name: 'Accept Invitation', exact: true }).click();
      await atPath(page, '/login');
      await visible(page.getByText('Your account is ready. Please sign in.'));
      await screenshot(page, 'onboarding-10-login-after-accept');

      await signIn(page, invitee.email, invitee.password);
      await atPath(page, '/dashboard');
      await visible(page.getByRole('heading', { name: `Welcome back, ${invitee.name}!` }));
      expect(await page.getByTestId('sidebar-company-name').textContent()).toBe(admin.companyName);
      await screenshot(page, 'onboarding-11-invitee-dashboard');

      // A viewer sees the team but not the invite form.
      await page.getByTestId('nav-users').click();
      await atPath(page, '/users');
      await visible(page.getByTestId('invite-admin-only'));
      expect(await page.getByRole('form', { name: 'Invite a user' }).count()).toBe(0);

      // The link works once.
      await page.goto(acceptLink);
      await visible(page.getByRole('heading', { name: 'Invitation problem' }));
      expect((await page.getByTestId('invite-error').textContent())?.trim()).toBe(
        'Invalid or expired invitation',
      );
      await screenshot(page, 'onboarding-12-accept-invite-used');
      expect(second.pageErrors.map(String)).toEqual([]);
    } finally {
      await second.close();
    }

    // The admin's team list now holds the new member, as a Viewer.
    const { page } = browser;
    await page.reload();
    const row = page.getByTestId('team-members').getByRole('listitem').filter({ hasText: invitee.email });
    await visible(row);
    await expect(row.getByRole('combobox', { name: `Role of ${invitee.name}` }).inputValue()).resolves.toBe(
      'viewer',
    );
    await visible(row.getByRole('button', { name: `Remove ${invitee.name}` }));
    await screenshot(page, 'onboarding-13-users-with-invitee');
  });
});
