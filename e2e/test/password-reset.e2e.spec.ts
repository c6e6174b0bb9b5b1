// Issue 8: 'Forgot your password?' leads to a reset by email, through the fake SMTP mailbox,
// and the reset ends the session that was open elsewhere.
import { apiToken, newAccount, registerCompany } from '../support/api';
import { atPath, openBrowser, signIn, visible, type BrowserSession } from '../support/browser';
import { resetPathFrom, waitForMailTo } from '../support/mailbox';
import { waitFor } from '@planted/testing';
import { e2eEnv } from '../support/state';

const account = newAccount('Reset');
const NEW_PASSWORD = 'a-brand-new-password';
let browser: BrowserSession;

beforeAll(async () => {
  await registerCompany(account);
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(() => {
  expect(browser.pageErrors.map(String)).toEqual([]);
});

describe('password reset by email', () => {
  it('mails a link from /forgot-password; the link sets a new password, ends other sessions and leads to sign-in', async () => {
    const { page } = browser;
    const elsewhere = await apiToken(account);

    await page.goto('/login');
    await page.getByTestId('forgot-password').click();
    await atPath(page, '/forgot-password');
    await page.getByTestId('forgot-email').fill(account.email);
    await page.getByTestId('forgot-submit').click();
    await visible(page.getByTestId('forgot-sent'));

    await page.goto(resetPathFrom(await waitForMailTo(account.email)));
    await visible(page.getByTestId('reset-password'));
    // The token leaves the address bar as soon as the screen has read it.
    await page.waitForFunction(() => !window.location.search.includes('token='));
    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await atPath(page, '/login');
    await visible(page.getByText('Your password has been reset. Please sign in with your new password.'));

    const verifyElsewhere = () =>
      fetch(`${e2eEnv('baseUrl')}/api/auth/verify`, { headers: { authorization: `Bearer ${elsewhere}` } });
    await expect(
      waitFor(async () => ((await verifyElsewhere()).status === 401 ? true : undefined), 5000),
    ).resolves.toBe(true);

    await signIn(page, account.email, NEW_PASSWORD);
    await atPath(page, '/dashboard');
  });
});
