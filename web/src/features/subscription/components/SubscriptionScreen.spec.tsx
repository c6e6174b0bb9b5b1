import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, type PlanId } from '@planted/domain';
import { i18n } from '../../../lib/i18n';
import { browser } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session-store';
import type { Customer, User } from '../../../lib/types';
import {
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testCustomer,
  testUser,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
});
afterEach(() => {
  jest.restoreAllMocks();
  return i18n.changeLanguage('en');
});

type Answers = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;

/** The plans as billing serves them: the domain's table with the card provider's price ids. */
const SERVED_PLANS = PLANS.map((plan) => ({
  ...plan,
  stripe_price_id_monthly: plan.id === 'free' ? null : `price_${plan.id}_monthly`,
  stripe_price_id_yearly: plan.id === 'free' ? null : `price_${plan.id}_yearly`,
}));

/** Billing's record of a company, as GET /subscriptions/current and the changes answer it. */
const subscriptionOf = (customer: Customer) => ({
  plan: customer.subscription_plan,
  status: customer.status,
  billing_interval: customer.subscription_plan === 'free' ? null : 'month',
  subscription_start_date: customer.subscription_start_date,
  subscription_end_date: customer.subscription_end_date,
  subscription_canceled_at: customer.subscription_canceled_at,
});

const onPlan = (plan: PlanId, over: Partial<Customer> = {}): Customer => ({
  ...testCustomer,
  status: plan === 'free' ? 'free' : 'active',
  subscription_plan: plan,
  subscription_start_date: plan === 'free' ? null : '2026-03-01T10:00:00.000Z',
  subscription_end_date: plan === 'free' ? null : '2026-04-01T10:00:00.000Z',
  subscription_canceled_at: null,
  ...over,
});

const users = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ ...testUser, id: `00000000-0000-4000-8000-00000000010${n}` }));

/**
 * Opens /subscription (or `path`) signed in as `user`, with `stored` as the session's company
 * and `customer` as the server's: billing's GET /subscriptions/current and identity's GET
 * /auth/profile answer it (and go on answering it: identity and billing's record do not
 * change within a test unless its answers say so).
 */
async function open({
  path = '/subscription',
  customer = onPlan('free'),
  stored = customer,
  user = testUser,
  answers = {},
}: { path?: string; customer?: Customer; stored?: Customer; user?: User; answers?: Answers } = {}) {
  signInForTest(user, stored);
  const fetched = mockFetch({
    'GET /api/auth/profile': { body: { user, customer } },
    'GET /api/subscriptions/current': { body: { subscription: subscriptionOf(customer) } },
    'GET /api/subscriptions/plans': { body: { plans: SERVED_PLANS } },
    'GET /api/hires/subscription-usage': {
      body: { plan: customer.subscription_plan, usage: { hires: { current: 3, max: 5 } } },
    },
    'GET /api/users': { body: { users: users(1) } },
    'GET /api/invitations': {
      body: { invitations: [], seats: { used: 1, pending: 0, limit: 2, plan: 'free' } },
    },
    ...answers,
  });
  const view = renderApp(path);
  const heading = i18n.language === 'es' ? 'Suscripción' : 'Subscription';
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
  return { ...fetched, ...view, user: userEvent.setup({ delay: null }) };
}

/** Waits until the current plan panel shows these usage figures ('30 / Unlimited', 'Not available'). */
async function usageReads(hires: string, users: string) {
  const panel = await screen.findByTestId('current-plan');
  await waitFor(() => expect(within(panel).getByTestId('usage-hires-figure')).toHaveTextContent(hires));
  await waitFor(() => expect(within(panel).getByTestId('usage-users-figure')).toHaveTextContent(users));
}

const card = (plan: PlanId) => screen.getByTestId(`plan-${plan}`);
const action = (plan: PlanId) => within(card(plan)).getByTestId(`plan-action-${plan}`);
const callsTo = (calls: FetchCall[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url.split('?')[0] === url);

describe('plan cards (spec §2 Subscription, §4 Plans, §9 Plans)', () => {
  it('shows the four plans in order with monthly prices, Teams marked Most Popular', async () => {
    await open();
    await screen.findByTestId('plan-teams');
    const cards = screen.getAllByTestId(/^plan-(free|teams|business|unlimited)$/);
    expect(cards.map((element) => element.dataset.testid)).toEqual([
      'plan-free',
      'plan-teams',
      'plan-business',
      'plan-unlimited',
    ]);
    expect(within(card('free')).getByTestId('plan-price')).toHaveTextContent(/^£0\/month$/);
    expect(within(card('teams')).getByTestId('plan-price')).toHaveTextContent(/^£79\/month$/);
    expect(within(card('business')).getByTestId('plan-price')).toHaveTextContent(/^£129\/month$/);
    expect(within(card('unlimited')).getByTestId('plan-price')).toHaveTextContent(/^£179\/month$/);
    expect(screen.getAllByTestId('plan-most-popular')).toHaveLength(1);
    expect(within(card('teams')).getByTestId('plan-most-popular')).toHaveTextContent('Most Popular');
    expect(within(card('teams')).getByRole('heading', { level: 3 })).toHaveTextContent('Teams Edition');
    expect(
      within(card('teams'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Up to 25 active hires', 'Up to 5 users', 'Everything in Free Edition']);
    expect(card('unlimited')).toHaveTextContent('Unlimited active hires');
    expect(card('unlimited')).toHaveTextContent('Unlimited users');
    expect(screen.getByTestId('pricing-vat')).toHaveTextContent('exclude VAT');
  });

  it("labels plans above a free company's Upgrade and its own 'Current Plan' (disabled)", async () => {
    await open();
    await screen.findByTestId('plan-teams');
    expect(action('free')).toHaveTextContent('Current Plan');
    expect(action('free')).toBeDisabled();
    for (const [plan, name] of [
      ['teams', 'Teams Edition'],
      ['business', 'Business Edition'],
      ['unlimited', 'Unlimited'],
    ] as const) {
      expect(action(plan)).toHaveTextContent('Upgrade');
      expect(action(plan)).toBeEnabled();
      expect(action(plan)).toHaveAccessibleName(`Upgrade to ${name}`);
    }
  });

  it('labels lower plans Downgrade and higher ones Upgrade on the Business Edition', async () => {
    await open({ customer: onPlan('business') });
    await screen.findByTestId('plan-teams');
    expect(action('free')).toHaveTextContent('Downgrade');
    expect(action('teams')).toHaveTextContent('Downgrade');
    expect(action('business')).toHaveTextContent('Current Plan');
    expect(action('business')).toBeDisabled();
    expect(action('unlimited')).toHaveTextContent('Upgrade');
  });

  it('falls back to the built-in plan list when loading the plans fails (spec §8)', async () => {
    const { calls, user } = await open({
      answers: { 'GET /api/subscriptions/plans': { status: 503, body: { error: 'Service unavailable' } } },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await screen.findByTestId('plan-teams');
    expect(within(card('business')).getByTestId('plan-price')).toHaveTextContent('£129/month');
    expect(within(card('teams')).getByTestId('plan-most-popular')).toBeInTheDocument();
    expect(action('teams')).toHaveTextContent('Upgrade');
    // The built-in list has no price ids: checkout is not asked for (spec §5 Checkout).
    await user.click(action('teams'));
    expect(await screen.findByText('Price ID not available for this plan')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/subscriptions/checkout')).toEqual([]);
  });
});

describe('current plan and usage (spec §2 Subscription, §7)', () => {
  it('tells an admin the seats pending invitations take, which count toward the user limit (BB-2)', async () => {
    await open({
      answers: {
        'GET /api/invitations': {
          body: { invitations: [], seats: { used: 1, pending: 1, limit: 2, plan: 'free' } },
        },
      },
    });
    await usageReads('3 / 5', '1 / 2');
    const panel = screen.getByTestId('current-plan');
    await waitFor(() =>
      expect(within(panel).getByTestId('usage-users-pending')).toHaveTextContent(
        '+ 1 pending invitation, which takes a seat',
      ),
    );
    expect(within(panel).getByRole('progressbar', { name: 'Users' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows the free plan, its status, no billing, and usage against the limits', async () => {
    await open({ answers: { 'GET /api/users': { body: { users: users(2) } } } });
    const panel = await screen.findByTestId('current-plan');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Current plan' })).toBeInTheDocument();
    expect(within(panel).getByTestId('current-plan-name')).toHaveTextContent('Free Edition');
    expect(within(panel).getByTestId('status-badge')).toHaveTextContent('Free Edition');
    expect(within(panel).getByTestId('current-next-billing')).toHaveTextContent('—');
    expect(within(panel).getByTestId('current-billing')).toHaveTextContent('No charge');
    await waitFor(() => expect(within(panel).getByTestId('usage-hires-figure')).toHaveTextContent('3 / 5'));
    await waitFor(() => expect(within(panel).getByTestId('usage-users-figure')).toHaveTextContent('2 / 2'));
    expect(within(panel).getByRole('progressbar', { name: 'Active hires' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(within(panel).queryByTestId('cancel-subscription')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('will-downgrade')).not.toBeInTheDocument();
  });

  it('shows a paid plan with its next billing date, what it costs, and Unlimited for null limits', async () => {
    await open({
      customer: onPlan('unlimited'),
      answers: {
        'GET /api/hires/subscription-usage': {
          body: { plan: 'unlimited', usage: { hires: { current: 61, max: null } } },
        },
        'GET /api/users': { body: { users: users(4) } },
      },
    });
    const panel = await screen.findByTestId('current-plan');
    expect(within(panel).getByTestId('current-plan-name')).toHaveTextContent('Unlimited');
    expect(within(panel).getByTestId('status-badge')).toHaveTextContent('Active');
    expect(within(panel).getByTestId('current-next-billing')).toHaveTextContent('1 Apr 2026');
    await waitFor(() =>
      expect(within(panel).getByTestId('current-billing')).toHaveTextContent(
        '£179.00 a month + VAT, by card',
      ),
    );
    await waitFor(() =>
      expect(within(panel).getByTestId('usage-hires-figure')).toHaveTextContent('61 / Unlimited'),
    );
    await waitFor(() =>
      expect(within(panel).getByTestId('usage-users-figure')).toHaveTextContent('4 / Unlimited'),
    );
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('cancel-subscription')).toHaveTextContent('Cancel Subscription');
  });

  it("says 'Not available' when a count cannot be read", async () => {
    await open({
      answers: {
        'GET /api/hires/subscription-usage': { status: 500, body: { error: 'Internal server error' } },
      },
    });
    const panel = await screen.findByTestId('current-plan');
    await waitFor(() =>
      expect(within(panel).getByTestId('usage-hires-figure')).toHaveTextContent('Not available'),
    );
  });

  it("takes the plan from billing's record and brings the session's copy up to date", async () => {
    // Stored as free; billing has meanwhile applied the Teams Edition (a webhook).
    await open({ stored: onPlan('free'), customer: onPlan('teams') });
    await waitFor(() => expect(screen.getByTestId('current-plan-name')).toHaveTextContent('Teams Edition'));
    await waitFor(() => expect(sessionStore.getState().customer?.subscription_plan).toBe('teams'));
    expect(sessionStore.getState().customer?.subscription_end_date).toBe('2026-04-01T10:00:00.000Z');
    expect(action('teams')).toHaveTextContent('Current Plan');
  });

  it("shows the session's plan when billing's record cannot be read", async () => {
    await open({
      customer: onPlan('business'),
      answers: { 'GET /api/subscriptions/current': { status: 503, body: { error: 'Service unavailable' } } },
    });
    await screen.findByTestId('plan-teams');
    expect(screen.getByTestId('current-plan-name')).toHaveTextContent('Business Edition');
    expect(action('business')).toHaveTextContent('Current Plan');
  });
});

describe('upgrade through checkout (spec §4 Plans, §7, §8)', () => {
  it('starts checkout for the monthly price and sends the browser to the checkout URL', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { calls, user } = await open({
      answers: {
        'POST /api/subscriptions/checkout': { body: { checkoutUrl: 'https://pay.example/c/pay/cs_test_1' } },
      },
    });
    await screen.findByTestId('plan-teams');
    await user.click(screen.getByRole('button', { name: 'Upgrade to Teams Edition' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/c/pay/cs_test_1'));
    expect(callsTo(calls, 'POST', '/api/subscriptions/checkout').map((call) => call.body)).toEqual([
      { priceId: 'price_teams_monthly', billingInterval: 'month' },
    ]);
    // Nothing else can be started while the browser leaves.
    expect(action('business')).toBeDisabled();
  });

  it('starts checkout for a lower paid plan too', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { calls, user } = await open({
      customer: onPlan('business'),
      answers: { 'POST /api/subscriptions/checkout': { body: { checkoutUrl: '/c/pay/cs_test_2' } } },
    });
    await screen.findByTestId('plan-teams');
    await user.click(action('teams'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/c/pay/cs_test_2'));
    expect(callsTo(calls, 'POST', '/api/subscriptions/checkout')[0].body).toEqual({
      priceId: 'price_teams_monthly',
      billingInterval: 'month',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("tells a company over a lower plan's limits what that means before checkout", async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { calls, user } = await open({
      customer: onPlan('unlimited'),
      answers: {
        'GET /api/hires/subscription-usage': {
          body: { plan: 'unlimited', usage: { hires: { current: 30, max: null } } },
        },
        'GET /api/users': { body: { users: users(6) } },
        'POST /api/subscriptions/checkout': { body: { checkoutUrl: '/c/pay/cs_test_3' } },
      },
    });
    await usageReads('30 / Unlimited', '6 / Unlimited');
    await screen.findByTestId('plan-teams');
    await user.click(action('teams'));
    const dialog = await screen.findByRole('dialog', { name: 'Move to the Teams Edition?' });
    expect(dialog).toHaveTextContent(
      'The Teams Edition allows up to 25 active hires and 5 users; your company has 30 active hires and 6 users.',
    );
    expect(dialog).toHaveTextContent('The unused part of your current plan is credited');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/subscriptions/checkout')).toHaveLength(0);

    await user.click(action('teams'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue to checkout' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/c/pay/cs_test_3'));
    expect(callsTo(calls, 'POST', '/api/subscriptions/checkout')[0].body).toEqual({
      priceId: 'price_teams_monthly',
      billingInterval: 'month',
    });
  });

  it('promises no credit for a period whose payment failed', async () => {
    const { user } = await open({
      customer: onPlan('unlimited', { status: 'past_due' }),
      answers: {
        'GET /api/hires/subscription-usage': {
          body: { plan: 'unlimited', usage: { hires: { current: 30, max: null } } },
        },
        'GET /api/users': { body: { users: users(6) } },
      },
    });
    await usageReads('30 / Unlimited', '6 / Unlimited');
    await screen.findByTestId('plan-teams');
    await user.click(action('teams'));
    const dialog = await screen.findByRole('dialog', { name: 'Move to the Teams Edition?' });
    expect(dialog).toHaveTextContent('your company has 30 active hires and 6 users');
    expect(dialog).not.toHaveTextContent('credited');
  });

  it('goes straight to checkout for a lower plan when a count cannot be read', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = await open({
      customer: onPlan('unlimited'),
      answers: {
        'GET /api/hires/subscription-usage': { status: 500 },
        'GET /api/users': { body: { users: users(6) } },
        'POST /api/subscriptions/checkout': { body: { checkoutUrl: '/c/pay/cs_test_4' } },
      },
    });
    await usageReads('Not available', '6 / Unlimited');
    await user.click(action('teams'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/c/pay/cs_test_4'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to start checkout process. Please try again.' when checkout fails", async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = await open({
      answers: { 'POST /api/subscriptions/checkout': { status: 502, body: {} } },
    });
    await screen.findByTestId('plan-teams');
    await user.click(action('unlimited'));
    expect(
      await screen.findByText('Failed to start checkout process. Please try again.'),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    // The buttons are usable again.
    expect(action('unlimited')).toBeEnabled();
  });

  it("shows the server's error when it gives one", async () => {
    const { user } = await open({
      answers: {
        'POST /api/subscriptions/checkout': {
          status: 400,
          body: { error: 'Price ID not available for this plan' },
        },
      },
    });
    await screen.findByTestId('plan-teams');
    await user.click(action('teams'));
    expect(await screen.findByText('Price ID not available for this plan')).toBeInTheDocument();
  });

  it('lets non-admins see the plans but not start a checkout (the server refuses them)', async () => {
    const { calls, user } = await open({ user: { ...testUser, role: 'user' } });
    await screen.findByTestId('plan-teams');
    expect(screen.getByTestId('admins-only')).toHaveTextContent(
      'Only an administrator of your company can change the plan.',
    );
    expect(action('teams')).toHaveTextContent('Upgrade');
    expect(action('teams')).toBeDisabled();
    await user.click(action('teams')).catch(() => undefined);
    expect(callsTo(calls, 'POST', '/api/subscriptions/checkout')).toEqual([]);
  });
});

describe('downgrade to free (spec §4 Plans, §7, §8)', () => {
  it("asks first, then schedules it; the company shows 'Will downgrade at renewal'", async () => {
    const { calls, user } = await open({
      customer: onPlan('teams'),
      answers: {
        'POST /api/subscriptions/downgrade-to-free': () => {
          const scheduled = onPlan('teams', { subscription_canceled_at: '2026-03-10T09:00:00.000Z' });
          // Identity has not heard of it yet: the profile still answers the plan as it was.
          return {
            body: {
              subscription: subscriptionOf(scheduled),
              message: 'Your plan will change to Free Edition at the next renewal date',
            },
          };
        },
      },
    });
    await screen.findByTestId('plan-teams');
    expect(action('free')).toHaveTextContent('Downgrade');
    await user.click(screen.getByRole('button', { name: 'Downgrade to Free Edition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to the Free Edition?' });
    expect(dialog).toHaveTextContent('You keep Teams Edition until 1 Apr 2026');
    expect(dialog).toHaveTextContent('up to 5 active hires and 2 users');
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/subscriptions/downgrade-to-free')).toEqual([]);

    await user.click(action('free'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Downgrade at renewal' }),
    );
    expect(
      await screen.findByText('Your plan will move to the Free Edition at renewal.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/subscriptions/downgrade-to-free')).toHaveLength(1);
    const panel = screen.getByTestId('current-plan');
    // The plan stays until the renewal date.
    expect(within(panel).getByTestId('current-plan-name')).toHaveTextContent('Teams Edition');
    expect(within(panel).getByTestId('will-downgrade')).toHaveTextContent(
      'Will downgrade at renewal Your plan stays as it is until 1 Apr 2026, then moves to the Free Edition.',
    );
    expect(within(panel).queryByTestId('cancel-subscription')).not.toBeInTheDocument();
    expect(action('free')).toHaveTextContent('Downgrade scheduled');
    expect(action('free')).toBeDisabled();
    expect(action('teams')).toHaveTextContent('Current Plan');
    // The profile was asked again, and billing's answer kept over its older copy.
    expect(callsTo(calls, 'GET', '/api/auth/profile').length).toBeGreaterThan(0);
    expect(sessionStore.getState().customer?.subscription_canceled_at).toBe('2026-03-10T09:00:00.000Z');
  });

  it('Cancel Subscription asks the same question', async () => {
    const { calls, user } = await open({
      customer: onPlan('business'),
      answers: {
        'POST /api/subscriptions/downgrade-to-free': {
          body: {
            subscription: subscriptionOf(
              onPlan('business', { subscription_canceled_at: '2026-03-10T09:00:00.000Z' }),
            ),
            message: 'ok',
          },
        },
      },
    });
    await user.click(await screen.findByTestId('cancel-subscription'));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to the Free Edition?' });
    expect(dialog).toHaveTextContent('You keep Business Edition until 1 Apr 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Downgrade at renewal' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/subscriptions/downgrade-to-free')).toHaveLength(1),
    );
  });

  it('takes a scheduled downgrade back with Keep, for admins only', async () => {
    const scheduled = onPlan('teams', { subscription_canceled_at: '2026-03-10T09:00:00.000Z' });
    const kept = onPlan('teams');
    let keptNow = false;
    const { calls, user } = await open({
      customer: scheduled,
      answers: {
        'GET /api/subscriptions/current': () => ({
          body: { subscription: subscriptionOf(keptNow ? kept : scheduled) },
        }),
        'GET /api/auth/profile': () => ({ body: { user: testUser, customer: keptNow ? kept : scheduled } }),
        'POST /api/subscriptions/keep-plan': () => {
          keptNow = true;
          return { body: { subscription: subscriptionOf(kept), message: 'ok' } };
        },
      },
    });
    const alert = await screen.findByTestId('will-downgrade');
    await user.click(within(alert).getByRole('button', { name: 'Keep Teams Edition' }));
    expect(
      await screen.findByText('Your Teams Edition plan continues: nothing changes at renewal.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/subscriptions/keep-plan')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('will-downgrade')).not.toBeInTheDocument());
    // The focus goes on to where the next action is, not to the page.
    await waitFor(() => expect(screen.getByTestId('cancel-subscription')).toHaveFocus());
  });

  it('says why Keep failed, and shows the plan as billing now has it', async () => {
    const scheduled = onPlan('teams', { subscription_canceled_at: '2026-03-10T09:00:00.000Z' });
    const ended = onPlan('free');
    let endedNow = false;
    const { user } = await open({
      customer: scheduled,
      answers: {
        'GET /api/subscriptions/current': () => ({
          body: { subscription: subscriptionOf(endedNow ? ended : scheduled) },
        }),
        'POST /api/subscriptions/keep-plan': () => {
          endedNow = true;
          return {
            status: 409,
            body: { error: 'The plan has already ended. Choose a plan to subscribe again.' },
          };
        },
      },
    });
    const alert = await screen.findByTestId('will-downgrade');
    await user.click(within(alert).getByRole('button', { name: 'Keep Teams Edition' }));
    expect(
      await screen.findByText('The plan has already ended. Choose a plan to subscribe again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('will-downgrade')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('current-plan-name')).toHaveTextContent('Free Edition'));
  });

  it('shows no Keep button to non-admins', async () => {
    await open({
      user: { ...testUser, role: 'user' },
      customer: onPlan('teams', { subscription_canceled_at: '2026-03-10T09:00:00.000Z' }),
    });
    const alert = await screen.findByTestId('will-downgrade');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it("says 'Failed to downgrade subscription. Please try again.' when it fails", async () => {
    const { user } = await open({
      customer: onPlan('teams'),
      answers: { 'POST /api/subscriptions/downgrade-to-free': { status: 500, body: {} } },
    });
    await screen.findByTestId('plan-teams');
    await user.click(action('free'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Downgrade at renewal' }),
    );
    expect(
      await screen.findByText('Failed to downgrade subscription. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('current-plan')).not.toHaveTextContent('Will downgrade at renewal');
  });
});

describe('return from checkout (spec §4 Return from checkout, §8)', () => {
  it('confirms the session once, refreshes the profile and plans, says so, and clears the query', async () => {
    const { calls, router } = await open({
      path: '/subscription?success=true&session_id=cs_test_abc',
      answers: {
        // Identity hears of it from billing's event a moment later; the profile lags.
        'POST /api/subscriptions/success': () => ({
          body: {
            subscription: subscriptionOf(onPlan('teams')),
            message: 'Subscription updated successfully',
          },
        }),
      },
    });
    expect(
      await screen.findByText('Your subscription has been updated. Thank you!', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/subscriptions/success').map((call) => call.body)).toEqual([
      { sessionId: 'cs_test_abc' },
    ]);
    const confirmedAt = calls.findIndex((call) => call.url === '/api/subscriptions/success');
    const later = calls.slice(confirmedAt + 1).map((call) => `${call.method} ${call.url}`);
    expect(later).toEqual(expect.arrayContaining(['GET /api/auth/profile', 'GET /api/subscriptions/plans']));
    expect(screen.getByTestId('current-plan-name')).toHaveTextContent('Teams Edition');
    expect(action('teams')).toHaveTextContent('Current Plan');
    expect(router.state.location.pathname).toBe('/subscription');
    expect(router.state.location.search).toBe('');
    expect(sessionStore.getState().customer?.subscription_plan).toBe('teams');
  });

  it("says 'Failed to update subscription. Please contact support.' when confirming fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = await open({
      path: '/subscription?success=true&session_id=cs_test_abc',
      answers: { 'POST /api/subscriptions/success': { status: 500, body: {} } },
    });
    expect(
      await screen.findByText('Failed to update subscription. Please contact support.'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('current-plan-name')).toHaveTextContent('Free Edition');
  });

  it('treats success without a session id as a failure, asking nothing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = await open({ path: '/subscription?success=true' });
    expect(
      await screen.findByText('Failed to update subscription. Please contact support.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/subscriptions/success')).toEqual([]);
  });

  it("says 'Payment was canceled. You can try again anytime.' and clears the query", async () => {
    const { calls, router } = await open({ path: '/subscription?canceled=true' });
    expect(await screen.findByText('Payment was canceled. You can try again anytime.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(callsTo(calls, 'POST', '/api/subscriptions/success')).toEqual([]);
  });
});

describe('in Spanish (spec §1)', () => {
  it('names the plans, actions and usage in Spanish', async () => {
    await i18n.changeLanguage('es');
    await open({ customer: onPlan('teams') });
    await screen.findByTestId('plan-teams');
    expect(action('teams')).toHaveTextContent('Plan actual');
    expect(action('business')).toHaveTextContent('Mejorar');
    expect(action('free')).toHaveTextContent('Rebajar');
    expect(within(card('teams')).getByTestId('plan-most-popular')).toHaveTextContent('Más popular');
    expect(within(card('teams')).getByRole('heading', { level: 3 })).toHaveTextContent('Edición Equipos');
    expect(screen.getByRole('heading', { level: 2, name: 'Plan actual' })).toBeInTheDocument();
    expect(screen.getByTestId('current-next-billing')).toHaveTextContent('1 abr 2026');
  });
});
