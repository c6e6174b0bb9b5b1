// Billing in the browser (issue 11): a new company on the Free Edition upgrades to the Teams
// Edition through the local Stripe's hosted checkout page (once cancelled, once paid) and comes
// back to /subscription with the query string cleared; it then schedules the downgrade to free
// ('Will downgrade at renewal'), and when the local Stripe's clock passes the renewal date its
// webhook brings the company back to the Free Edition. Also the screen at phone size.
//
// Needs the system with the billing service and the local Stripe (started by
// support/start-system.mjs), and E2E_STRIPE_URL: the local Stripe's base URL, whose
// POST /_local/clock/advance {to: unix seconds} (or {seconds}) moves its clock on and sends
// the webhooks that makes.
import type { Page } from 'playwright-core';
import { apiToken, newAccount, registerCompany } from '../support/api';
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
import { apiCall } from '../support/hires';
import { e2eEnv } from '../support/state';

const account = newAccount('Billing');
let b: BrowserSession;
let token = '';

const DAY_SECONDS = 24 * 60 * 60;

interface CurrentSubscription {
  subscription: {
    plan: string;
    status: string;
    subscription_end_date: string | null;
    subscription_canceled_at: string | null;
  };
}

const current = async () =>
  (await apiCall<CurrentSubscription>(token, 'GET', '/subscriptions/current')).subscription;

/** The text of the element with `testId`, trimmed. */
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** Waits for the element with `testId` to read `expected` (its text changes as answers arrive). */
async function reads(page: Page, testId: string, expected: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const actual = await text(page, testId).catch(() => '');
    if (actual === expected) return;
    if (Date.now() > deadline) throw new Error(`${testId} reads '${actual}', not '${expected}'`);
    await page.waitForTimeout(200);
  }
}

/** Opens /subscription and waits for the plans and the company's plan. */
async function openSubscription(page: Page): Promise<void> {
  await page.goto('/subscription');
  await visible(page.getByRole('heading', { level: 1, name: 'Subscription' }));
  await visible(page.getByTestId('plan-action-teams'));
}

/** Leaves for the local Stripe's hosted checkout page from the Upgrade button of `plan`. */
async function upgradeTo(page: Page, planName: string): Promise<void> {
  await page.getByRole('button', { name: `Upgrade to ${planName}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/c/pay/'), { timeout: 15_000 });
  await visible(page.getByRole('button', { name: 'Pay' }));
}

/** Back at /subscription with nothing left in the query string. */
async function backWithQueryCleared(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '', {
    timeout: 15_000,
    waitUntil: 'commit',
  });
}

beforeAll(async () => {
  await registerCompany(account);
  token = await apiToken(account);
  b = await openBrowser();
  await signIn(b.page, account.email, account.password);
  await atPath(b.page, '/dashboard');
});

afterAll(async () => {
  await b?.close();
});

afterEach(() => {
  expect(b.pageErrors.map(String)).toEqual([]);
});

describe('subscription: Free → Teams through checkout, and back to free at renewal', () => {
  it('shows the plans against the Free Edition, with its usage and no billing', async () => {
    const { page } = b;
    await openSubscription(page);
    await reads(page, 'current-plan-name', 'Free Edition');
    expect(await text(page, 'plan-action-free')).toBe('Current Plan');
    expect(await page.getByTestId('plan-action-free').isDisabled()).toBe(true);
    for (const plan of ['teams', 'business', 'unlimited'])
      expect(await text(page, `plan-action-${plan}`)).toBe('Upgrade');
    expect(await page.getByTestId('plan-teams').getByTestId('plan-most-popular').textContent()).toBe(
      'Most Popular',
    );
    expect(await text(page, 'current-billing')).toBe('No charge');
    await reads(page, 'usage-hires-figure', '0 / 5');
    await reads(page, 'usage-users-figure', '1 / 2');
  });

  it("comes back from a cancelled checkout with 'Payment was canceled…' and the query cleared", async () => {
    const { page } = b;
    await openSubscription(page);
    await upgradeTo(page, 'Teams Edition');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await backWithQueryCleared(page);
    await visible(page.getByText('Payment was canceled. You can try again anytime.'));
    await reads(page, 'current-plan-name', 'Free Edition');
    expect((await current()).plan).toBe('free');
  });

  it('upgrades to the Teams Edition through the checkout page and shows it on return', async () => {
    const { page } = b;
    await openSubscription(page);
    await upgradeTo(page, 'Teams Edition');
    // Plan prices exclude VAT (spec §9): the card pays £79.00 and 20 % VAT.
    await visible(page.getByText('£79.00 + £15.80 VAT'));
    await visible(page.getByText('£94.80'));
    await screenshot(page, 'subscription-local-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();
    await backWithQueryCleared(page);
    await visible(page.getByText('Your subscription has been updated. Thank you!'));
    await reads(page, 'current-plan-name', 'Teams Edition');
    expect(await text(page, 'plan-action-teams')).toBe('Current Plan');
    expect(await text(page, 'plan-action-free')).toBe('Downgrade');
    expect(await text(page, 'plan-action-business')).toBe('Upgrade');
    expect(await page.getByTestId('current-plan').getByTestId('status-badge').textContent()).toBe('Active');
    expect(await text(page, 'current-billing')).toBe('£79.00 a month + VAT, by card');
    await reads(page, 'usage-hires-figure', '0 / 25');
    await reads(page, 'usage-users-figure', '1 / 5');

    const subscription = await current();
    expect(subscription).toMatchObject({ plan: 'teams', status: 'active', subscription_canceled_at: null });
    const renewal = new Date(subscription.subscription_end_date ?? '');
    expect(renewal.getTime()).toBeGreaterThan(Date.now());
    // Day, short month, year (spec §1), in the browser's zone (Europe/London).
    const shown = await text(page, 'current-next-billing');
    expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Europe/London',
      })
        .format(renewal)
        .replace('Sept', 'Sep'),
    ).toBe(shown);
    await screenshot(page, 'subscription-teams');

    // Reloading the page confirms nothing again: the query string is gone.
    await page.reload();
    await reads(page, 'current-plan-name', 'Teams Edition');
    expect(new URL(page.url()).search).toBe('');
  });

  it("schedules the downgrade after a confirmation: 'Will downgrade at renewal', the plan kept", async () => {
    const { page } = b;
    await openSubscription(page);
    await reads(page, 'current-plan-name', 'Teams Edition');
    await page.getByRole('button', { name: 'Downgrade to Free Edition' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Downgrade to the Free Edition?' }));
    await dialog.getByRole('button', { name: 'Downgrade at renewal' }).click();
    await hidden(dialog);
    await visible(page.getByText('Your plan will move to the Free Edition at renewal.'));
    const notice = await visible(page.getByTestId('will-downgrade'));
    expect(await notice.textContent()).toContain('Will downgrade at renewal');
    await reads(page, 'current-plan-name', 'Teams Edition');
    expect(await text(page, 'plan-action-free')).toBe('Downgrade scheduled');
    expect(await page.getByTestId('cancel-subscription').count()).toBe(0);

    const subscription = await current();
    expect(subscription.plan).toBe('teams');
    expect(subscription.subscription_canceled_at).not.toBeNull();
    await screenshot(page, 'subscription-will-downgrade');

    // Still so after a reload (kept by billing, not only by this page).
    await page.reload();
    await visible(page.getByTestId('will-downgrade'));
  });

  it('is on the Free Edition once the renewal date has passed', async () => {
    const { page } = b;
    const { subscription_end_date } = await current();
    // To a day past the renewal date, on the local Stripe's clock (which other tests may
    // already have moved on): it renews or ends subscriptions on the way and sends their webhooks.
    const renewal = Math.floor(new Date(subscription_end_date ?? '').getTime() / 1000);
    expect(Number.isFinite(renewal)).toBe(true);
    const res = await fetch(`${e2eEnv('stripeUrl')}/_local/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: renewal + DAY_SECONDS }),
    });
    expect(res.status).toBe(200);

    // The webhook reaches billing through the gateway, and its event identity and hires.
    const deadline = Date.now() + 30_000;
    while ((await current()).plan !== 'free') {
      if (Date.now() > deadline) throw new Error(`still ${(await current()).plan} 30 s after the renewal`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await openSubscription(page);
    await reads(page, 'current-plan-name', 'Free Edition');
    expect(await page.getByTestId('will-downgrade').count()).toBe(0);
    expect(await text(page, 'plan-action-free')).toBe('Current Plan');
    expect(await text(page, 'plan-action-teams')).toBe('Upgrade');
    await reads(page, 'usage-users-figure', '1 / 2');
    await reads(page, 'usage-hires-figure', '0 / 5');
  });
});

describe('subscription at phone size', () => {
  it('fits 390 px without sideways scrolling, with every plan reachable', async () => {
    const phone = await openBrowser({ viewport: PHONE, phone: true });
    try {
      const { page } = phone;
      await signIn(page, account.email, account.password);
      await atPath(page, '/dashboard');
      await openSubscription(page);
      await reads(page, 'current-plan-name', 'Free Edition');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      for (const plan of ['free', 'teams', 'business', 'unlimited']) {
        const button = page.getByTestId(`plan-action-${plan}`);
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      }
      await screenshot(page, 'subscription-phone');
      expect(phone.pageErrors.map(String)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
