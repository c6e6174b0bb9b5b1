import { randomUUID } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  BillingCheckout,
  BillingCheckoutSuccess,
  BillingDowngradeToFree,
  BillingKeepPlan,
  BillingPlansList,
  BillingStripeWebhook,
  BillingSubscriptionGet,
} from '@planted/contracts';
import { PLANS } from '@planted/domain';
import { DEFAULT_VAT_TAX_RATE_ID, defaultPriceId } from '@planted/stripe-local';
import { waitFor } from '@planted/testing';
import { outbox } from '../src/db/schema';
import { SubscriptionsService } from '../src/subscriptions/subscriptions.service';
import {
  changesOf,
  errorOf,
  forwardable,
  newCompany,
  payOnHostedPage,
  rowOf,
  startBilling,
  waitForRow,
  type BillingHarness,
} from './support/billing-harness';

jest.setTimeout(60_000);

const TEAMS = defaultPriceId('teams', 'month');
const BUSINESS = defaultPriceId('business', 'month');
const DAY = 86_400;

let h: BillingHarness;

beforeAll(async () => {
  h = await startBilling();
});

afterAll(async () => {
  await h?.close();
});

/** An admin's company on Teams through the hosted checkout page and the return from it. */
async function upgraded(priceId = TEAMS) {
  const admin = newCompany();
  const { checkoutUrl, sessionId } = await h.client.send(BillingCheckout, {
    actor: admin,
    priceId,
    billingInterval: 'month',
  });
  await payOnHostedPage(checkoutUrl);
  const confirmed = await h.client.send(BillingCheckoutSuccess, { actor: admin, sessionId });
  return { admin, sessionId, confirmed };
}

/**
 * Waits until billing has applied every Stripe event the webhook took in: each one is in the
 * outbox when the webhook answers, published by the relay a moment later, then applied by the
 * consumer. Both must be empty.
 */
async function stripeEventsApplied(): Promise<void> {
  const jsm = await h.nc.jetstreamManager();
  await waitFor(async () => {
    const unpublished = await h.app.database.withSystem((tx) =>
      tx.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt)).limit(1),
    );
    if (unpublished.length > 0) return undefined;
    for await (const consumer of jsm.consumers.list(h.app.streamName))
      if (consumer.num_pending + consumer.num_ack_pending > 0) return undefined;
    return true;
  });
}

/** Runs `work` with the local Stripe's webhooks held back (what Stripe says, billing does not hear). */
async function withWebhooksHeld<T>(work: () => Promise<T>): Promise<T> {
  h.forwardWebhooks = false;
  try {
    return await work();
  } finally {
    h.forwardWebhooks = true;
  }
}

/** A checkout paid on the hosted page while its webhooks are held back: Stripe is answered, nothing applied. */
function paidWithoutNews(actor: ReturnType<typeof newCompany>, priceId: string) {
  return withWebhooksHeld(async () => {
    const started = await h.client.send(BillingCheckout, { actor, priceId, billingInterval: 'month' });
    await payOnHostedPage(started.checkoutUrl);
    await h.stripeLocal.webhooksIdle();
    return started;
  });
}

/**
 * A company on Teams that scheduled its downgrade, whose period then ended in Stripe with the
 * webhooks held back: billing still shows Teams. `then` runs while they are still held.
 */
async function downgradeEndedWithoutNews(then: (admin: ReturnType<typeof newCompany>) => Promise<void>) {
  const { admin } = await upgraded();
  const { subscription } = await h.client.send(BillingDowngradeToFree, { actor: admin });
  // The downgrade's own webhook applied first: applied after the clock moves, it would read the
  // ended subscription back from Stripe, which is the news this helper holds back.
  await h.stripeLocal.webhooksIdle();
  await stripeEventsApplied();
  await withWebhooksHeld(async () => {
    h.stripeLocal.clock.advanceTo(Date.parse(subscription.subscription_end_date!) / 1000 + 60);
    await h.stripeLocal.webhooksIdle();
    expect((await rowOf(h, admin.customerId))?.plan).toBe('teams');
    await then(admin);
  });
}

describe('plans (spec §9 Plans, §7 GET /subscriptions/plans)', () => {
  it('lists the four plans of the domain table in plan order with this deployment’s price ids', async () => {
    const { plans } = await h.client.send(BillingPlansList, {});
    expect(plans.map((p) => p.id)).toEqual(['free', 'teams', 'business', 'unlimited']);
    expect(plans.map((p) => [p.name, p.price_monthly, p.price_yearly, p.hire_limit, p.user_limit])).toEqual([
      ['Free Edition', 0, 0, 5, 2],
      ['Teams Edition', 79, 790, 25, 5],
      ['Business Edition', 129, 1290, 50, 10],
      ['Unlimited', 179, 1790, null, null],
    ]);
    expect(plans.filter((p) => p.most_popular).map((p) => p.id)).toEqual(['teams']);
    expect(plans.map((p) => p.stripe_price_id_monthly)).toEqual([
      null,
      TEAMS,
      BUSINESS,
      defaultPriceId('unlimited', 'month'),
    ]);
    // STRIPE_PRICE_BUSINESS_YEARLY is not set in this harness.
    expect(plans.map((p) => p.stripe_price_id_yearly)).toEqual([
      null,
      defaultPriceId('teams', 'year'),
      null,
      null,
    ]);
    expect(plans.map((p) => p.features)).toEqual(PLANS.map((p) => p.features));
  });
});

describe('checkout (spec §5 Checkout, §7 POST /subscriptions/checkout)', () => {
  it('refuses users who are not administrators', async () => {
    for (const role of ['user', 'viewer'] as const)
      expect(
        await errorOf(
          h.client.send(BillingCheckout, {
            actor: newCompany(role),
            priceId: TEAMS,
            billingInterval: 'month',
          }),
        ),
      ).toEqual({ code: 'FORBIDDEN', message: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION });
  });

  it("answers 'Price ID not available for this plan' for a price no plan has for that interval", async () => {
    const refused = { code: 'PRICE_ID_NOT_AVAILABLE', message: 'Price ID not available for this plan' };
    const admin = newCompany();
    for (const [priceId, billingInterval] of [
      ['price_made_up', 'month'],
      [defaultPriceId('teams', 'year'), 'month'],
      [TEAMS, 'year'],
    ] as const)
      expect(
        await errorOf(h.client.send(BillingCheckout, { actor: admin, priceId, billingInterval })),
      ).toEqual(refused);
    expect(
      await errorOf(h.client.send(BillingCheckout, { actor: admin, priceId: '', billingInterval: 'month' })),
    ).toEqual({ code: 'VALIDATION_FAILED', message: 'Price ID not available for this plan' });
  });

  it('opens a subscription-mode session on the local Stripe for the company’s one Stripe customer', async () => {
    const admin = newCompany();
    const first = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: TEAMS,
      billingInterval: 'month',
    });
    expect(first.checkoutUrl).toBe(`${h.stripeLocal.url}/c/pay/${first.sessionId}`);
    const second = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: BUSINESS,
      billingInterval: 'month',
    });
    expect(second.sessionId).not.toBe(first.sessionId);

    const [a, b] = await Promise.all(
      [first, second].map((s) =>
        h.stripe.checkout.sessions.retrieve(s.sessionId, { expand: ['line_items'] }),
      ),
    );
    expect(a).toMatchObject({
      mode: 'subscription',
      status: 'open',
      success_url: `http://app.example.test/subscription?success=true&session_id=${first.sessionId}`,
      cancel_url: 'http://app.example.test/subscription?canceled=true',
      metadata: { customer_id: admin.customerId, plan: 'teams' },
    });
    expect(a.line_items?.data.map((l) => l.price?.id)).toEqual([TEAMS]);
    expect(b.customer).toBe(a.customer);
    const customer = await h.stripe.customers.retrieve(a.customer as string);
    expect(customer).toMatchObject({ email: admin.email, metadata: { customer_id: admin.customerId } });
    expect((await rowOf(h, admin.customerId))?.stripeCustomerId).toBe(a.customer);
  });

  it('answers the same session to a retry with the same Idempotency-Key', async () => {
    const admin = newCompany();
    const key = randomUUID();
    const send = () =>
      h.withKey(key, () =>
        h.client.send(BillingCheckout, { actor: admin, priceId: TEAMS, billingInterval: 'month' }),
      );
    const first = await send();
    expect((await send()).sessionId).toBe(first.sessionId);
  });
});

describe('return from checkout (spec §4, §7 POST /subscriptions/success)', () => {
  it('applies the plan, status active and the dates once the session is paid; again changes nothing', async () => {
    const admin = newCompany();
    const { checkoutUrl, sessionId } = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: TEAMS,
      billingInterval: 'month',
    });
    h.forwardWebhooks = false;
    try {
      expect(await errorOf(h.client.send(BillingCheckoutSuccess, { actor: admin, sessionId }))).toEqual({
        code: 'CONFLICT',
        message: BILLING_MESSAGES.SESSION_NOT_PAID,
      });
      const location = await payOnHostedPage(checkoutUrl);
      expect(location).toBe(`http://app.example.test/subscription?success=true&session_id=${sessionId}`);
      const now = h.stripeLocal.clock.now();

      const { subscription, message } = await h.client.send(BillingCheckoutSuccess, {
        actor: admin,
        sessionId,
      });
      expect(message).toBe(BILLING_MESSAGES.SUBSCRIPTION_UPDATED);
      expect(subscription).toMatchObject({ plan: 'teams', status: 'active', billing_interval: 'month' });
      expect(subscription.subscription_canceled_at).toBeNull();
      const start = Date.parse(subscription.subscription_start_date!) / 1000;
      const end = Date.parse(subscription.subscription_end_date!) / 1000;
      expect(Math.abs(start - now)).toBeLessThan(60);
      expect(end - start).toBeGreaterThanOrEqual(28 * DAY);
      expect(end - start).toBeLessThanOrEqual(31 * DAY);

      const again = await h.client.send(BillingCheckoutSuccess, { actor: admin, sessionId });
      expect(again.subscription).toEqual(subscription);
      expect(await h.client.send(BillingSubscriptionGet, { actor: admin })).toEqual({ subscription });
      expect(await changesOf(h, admin.customerId)).toEqual([
        {
          customer_id: admin.customerId,
          plan: 'teams',
          status: 'active',
          subscription_start_date: subscription.subscription_start_date,
          subscription_end_date: subscription.subscription_end_date,
          subscription_canceled_at: null,
        },
      ]);
    } finally {
      h.forwardWebhooks = true;
    }
  });

  it("refuses the company's users and viewers: only an administrator returns from a checkout (spec §6)", async () => {
    const admin = newCompany();
    const { sessionId } = await paidWithoutNews(admin, TEAMS);
    await withWebhooksHeld(async () => {
      for (const role of ['user', 'viewer'] as const)
        expect(
          await errorOf(
            h.client.send(BillingCheckoutSuccess, { actor: newCompany(role, admin.customerId), sessionId }),
          ),
        ).toEqual({ code: 'FORBIDDEN', message: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION });
      expect((await h.client.send(BillingSubscriptionGet, { actor: admin })).subscription.plan).toBe('free');
      expect(await changesOf(h, admin.customerId)).toEqual([]);
    });
  });

  it("refuses another company's session like an unknown one, and changes nothing", async () => {
    const { sessionId } = await upgraded();
    const other = newCompany();
    // The other company has a Stripe customer of its own, too.
    await h.client.send(BillingCheckout, { actor: other, priceId: TEAMS, billingInterval: 'month' });
    const notFound = { code: 'NOT_FOUND', message: BILLING_MESSAGES.SESSION_NOT_FOUND };
    expect(await errorOf(h.client.send(BillingCheckoutSuccess, { actor: other, sessionId }))).toEqual(
      notFound,
    );
    expect(
      await errorOf(h.client.send(BillingCheckoutSuccess, { actor: other, sessionId: 'cs_test_nope' })),
    ).toEqual(notFound);
    expect((await h.client.send(BillingSubscriptionGet, { actor: other })).subscription.plan).toBe('free');
    expect(await changesOf(h, other.customerId)).toEqual([]);
  });

  it('moves a paid company to another plan and ends its earlier subscription in Stripe', async () => {
    const { admin } = await upgraded();
    const before = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    const { checkoutUrl, sessionId } = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: BUSINESS,
      billingInterval: 'month',
    });
    await payOnHostedPage(checkoutUrl);
    const { subscription } = await h.client.send(BillingCheckoutSuccess, { actor: admin, sessionId });
    expect(subscription).toMatchObject({ plan: 'business', status: 'active' });
    const after = (await rowOf(h, admin.customerId))!.stripeSubscriptionId;
    expect(after).not.toBe(before);
    await waitFor(async () =>
      (await h.stripe.subscriptions.retrieve(before)).status === 'canceled' ? true : undefined,
    );
    // Its cancellation's webhook is about a subscription that is no longer the company's.
    await h.stripeLocal.webhooksIdle();
    expect(await rowOf(h, admin.customerId)).toMatchObject({ plan: 'business', stripeSubscriptionId: after });

    // Plans exclude VAT (spec §9): the Teams month was £79 + £15.80 VAT.
    const teamsInvoices = (await h.stripe.invoices.list({ subscription: before })).data;
    const firstTeams = teamsInvoices.find((invoice) => invoice.billing_reason === 'subscription_create')!;
    expect(firstTeams).toMatchObject({ subtotal: 7900, total: 9480, amount_paid: 9480 });
    // The month of Teams paid for and not used is credited, VAT included, and pays the next invoice first.
    const ended = await h.stripe.subscriptions.retrieve(before);
    const final = await h.stripe.invoices.retrieve(ended.latest_invoice as string);
    const credit = -final.total;
    expect(credit).toBeGreaterThan(9360);
    expect(credit).toBeLessThanOrEqual(9480);
    const stripeCustomer = (await rowOf(h, admin.customerId))!.stripeCustomerId!;
    expect(((await h.stripe.customers.retrieve(stripeCustomer)) as { balance: number }).balance).toBe(
      -credit,
    );
    const business = await h.stripe.subscriptions.retrieve(after!);
    h.stripeLocal.clock.advanceTo(business.items.data[0].current_period_end + 60);
    const renewal = await h.stripe.invoices.retrieve(
      (await h.stripe.subscriptions.retrieve(after!)).latest_invoice as string,
    );
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      subtotal: 12900,
      total: 15480,
      amount_due: 15480 - credit,
    });
  });

  it('credits nothing for a period whose payment failed (past_due) when a new checkout replaces it', async () => {
    const { admin, confirmed } = await upgraded();
    const before = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    h.stripeLocal.failNextPayment(before);
    h.stripeLocal.clock.advanceTo(Date.parse(confirmed.subscription.subscription_end_date!) / 1000 + 60);
    await waitForRow(h, admin.customerId, (r) => r.status !== 'active');
    expect((await h.stripe.subscriptions.retrieve(before)).status).toBe('past_due');

    const { checkoutUrl, sessionId } = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: BUSINESS,
      billingInterval: 'month',
    });
    await payOnHostedPage(checkoutUrl);
    await h.client.send(BillingCheckoutSuccess, { actor: admin, sessionId });
    await waitFor(async () =>
      (await h.stripe.subscriptions.retrieve(before)).status === 'canceled' ? true : undefined,
    );
    const stripeCustomer = (await rowOf(h, admin.customerId))!.stripeCustomerId!;
    expect(((await h.stripe.customers.retrieve(stripeCustomer)) as { balance: number }).balance).toBe(0);
    const invoices = (await h.stripe.invoices.list({ subscription: before })).data;
    expect(invoices.filter((invoice) => invoice.total < 0)).toEqual([]);
  });

  it('keeps the later plan when an earlier checkout’s webhook arrives after the switch, and ends the earlier subscription', async () => {
    const admin = newCompany();
    // The first checkout's news is held back: only its return is applied.
    const first = await paidWithoutNews(admin, TEAMS);
    await h.client.send(BillingCheckoutSuccess, { actor: admin, sessionId: first.sessionId });
    const before = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    const late = (await h.stripe.events.list({ type: 'checkout.session.completed', limit: 100 })).data.find(
      (e) => (e.data.object as { id?: string }).id === first.sessionId,
    )!;
    expect(late).toBeDefined();

    // Stripe fails to end the replaced subscription, so it is still live when the late news comes
    // (as it is, in the moment between the switch's commit and the cancellation, without this).
    h.stripeLocal.failRequests('DELETE', `/v1/subscriptions/${before}`);
    const second = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: BUSINESS,
      billingInterval: 'month',
    });
    await payOnHostedPage(second.checkoutUrl);
    const { subscription } = await h.client.send(BillingCheckoutSuccess, {
      actor: admin,
      sessionId: second.sessionId,
    });
    expect(subscription).toMatchObject({ plan: 'business', status: 'active' });
    const after = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    expect((await h.stripe.subscriptions.retrieve(before)).status).toBe('active');

    expect(await h.client.send(BillingStripeWebhook, { event: forwardable(late) })).toEqual({
      received: true,
      duplicate: false,
    });
    // The late news ends the subscription the company moved away from, and changes nothing else.
    await waitFor(async () =>
      (await h.stripe.subscriptions.retrieve(before)).status === 'canceled' ? true : undefined,
    );
    await h.stripeLocal.webhooksIdle();
    expect(await rowOf(h, admin.customerId)).toMatchObject({ plan: 'business', stripeSubscriptionId: after });
    expect((await h.stripe.subscriptions.retrieve(after)).status).toBe('active');
    // Going back to the earlier checkout's return page changes nothing either.
    const back = await h.client.send(BillingCheckoutSuccess, { actor: admin, sessionId: first.sessionId });
    expect(back.subscription).toMatchObject({ plan: 'business', status: 'active' });
    expect((await changesOf(h, admin.customerId)).map((c) => c.plan)).toEqual(['teams', 'business']);
  });
});

describe('webhooks (each event id once, applied through the outbox)', () => {
  it('applies a completed checkout from its webhook alone', async () => {
    const admin = newCompany();
    const { checkoutUrl } = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: TEAMS,
      billingInterval: 'month',
    });
    await payOnHostedPage(checkoutUrl);
    const row = await waitForRow(h, admin.customerId, (r) => r.plan === 'teams');
    expect(row).toMatchObject({ status: 'active', billingInterval: 'month', subscriptionCanceledAt: null });
    expect(row.subscriptionEndDate).not.toBeNull();
  });

  it('takes a replayed event in once: the second answers duplicate and changes nothing', async () => {
    const admin = newCompany();
    const { checkoutUrl } = await h.client.send(BillingCheckout, {
      actor: admin,
      priceId: TEAMS,
      billingInterval: 'month',
    });
    await payOnHostedPage(checkoutUrl);
    await waitForRow(h, admin.customerId, (r) => r.plan === 'teams');
    await h.stripeLocal.webhooksIdle();
    const completed = h.forwarded.find(
      (f) =>
        f.event.type === 'checkout.session.completed' &&
        (f.event.data.object as { metadata?: Record<string, string> }).metadata?.customer_id ===
          admin.customerId,
    )!;
    expect(completed.duplicate).toBe(false);
    const changes = await changesOf(h, admin.customerId);
    expect(changes).toHaveLength(1);

    const replay = await h.client.send(BillingStripeWebhook, { event: forwardable(completed.event) });
    expect(replay).toEqual({ received: true, duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await changesOf(h, admin.customerId)).toEqual(changes);
  });

  it("never applies one company's subscription to another, whatever customer an event names", async () => {
    const victim = await upgraded();
    const victimRow = (await rowOf(h, victim.admin.customerId))!;
    // Another company pays for a subscription that is on no company's row yet (its news held back).
    const attacker = newCompany();
    await paidWithoutNews(attacker, BUSINESS);
    const attackerCustomer = (await rowOf(h, attacker.customerId))!.stripeCustomerId!;
    const attackerSubscription = (await h.stripe.subscriptions.list({ customer: attackerCustomer })).data[0]!;
    await h.stripeLocal.webhooksIdle();
    const before = await changesOf(h, victim.admin.customerId);
    // An event that names the victim's Stripe customer with the other company's subscription.
    const forged = {
      id: `evt_forged_${randomUUID()}`,
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_forged_${randomUUID()}`,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          customer: victimRow.stripeCustomerId,
          subscription: attackerSubscription.id,
          metadata: { customer_id: victim.admin.customerId },
        },
      },
    };
    expect(await h.client.send(BillingStripeWebhook, { event: forged })).toEqual({
      received: true,
      duplicate: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await rowOf(h, victim.admin.customerId)).toMatchObject({
      plan: 'teams',
      stripeSubscriptionId: victimRow.stripeSubscriptionId,
    });
    expect((await h.stripe.subscriptions.retrieve(victimRow.stripeSubscriptionId!)).status).toBe('active');
    expect(await changesOf(h, victim.admin.customerId)).toEqual(before);
  });

  it('keeps a renewal’s new period end, and a failed payment’s status (shown as Inactive)', async () => {
    const { admin, confirmed } = await upgraded();
    const end = Date.parse(confirmed.subscription.subscription_end_date!);
    const subscriptionId = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    h.stripeLocal.clock.advanceTo(end / 1000 + 60);
    const renewed = await waitForRow(
      h,
      admin.customerId,
      (r) => (r.subscriptionEndDate?.getTime() ?? 0) > end,
    );
    expect(renewed).toMatchObject({ plan: 'teams', status: 'active' });

    h.stripeLocal.failNextPayment(subscriptionId);
    h.stripeLocal.clock.advanceTo(renewed.subscriptionEndDate!.getTime() / 1000 + 60);
    const failed = await waitForRow(h, admin.customerId, (r) => r.status !== 'active');
    expect(failed).toMatchObject({ plan: 'teams', status: 'past_due' });
  });
});

describe('downgrade to free (spec §4 Plans, §7 POST /subscriptions/downgrade-to-free)', () => {
  it('refuses non-administrators, and a company already on the free plan', async () => {
    expect(await errorOf(h.client.send(BillingDowngradeToFree, { actor: newCompany('user') }))).toEqual({
      code: 'FORBIDDEN',
      message: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION,
    });
    expect(await errorOf(h.client.send(BillingDowngradeToFree, { actor: newCompany() }))).toEqual({
      code: 'CONFLICT',
      message: BILLING_MESSAGES.ALREADY_FREE,
    });
  });

  it('keeps the plan until the period ends, with subscription_canceled_at set; then the webhook makes it free', async () => {
    const { admin, confirmed } = await upgraded();
    const { subscription, message } = await h.client.send(BillingDowngradeToFree, { actor: admin });
    expect(message).toBe(BILLING_MESSAGES.DOWNGRADE_SCHEDULED);
    expect(subscription).toMatchObject({
      plan: 'teams',
      status: 'active',
      subscription_end_date: confirmed.subscription.subscription_end_date,
    });
    expect(subscription.subscription_canceled_at).not.toBeNull();
    const stripeSubscription = await h.stripe.subscriptions.retrieve(
      (await rowOf(h, admin.customerId))!.stripeSubscriptionId!,
    );
    expect(stripeSubscription.cancel_at_period_end).toBe(true);
    // Asking again changes nothing.
    expect((await h.client.send(BillingDowngradeToFree, { actor: admin })).subscription).toEqual(
      subscription,
    );

    h.stripeLocal.clock.advanceTo(Date.parse(subscription.subscription_end_date!) / 1000 + 60);
    const free = await waitForRow(h, admin.customerId, (r) => r.plan === 'free');
    expect(free).toMatchObject({
      status: 'free',
      stripeSubscriptionId: null,
      subscriptionCanceledAt: null,
      subscriptionEndDate: null,
    });
    expect(
      (await changesOf(h, admin.customerId)).map((c) => [
        c.plan,
        c.status,
        c.subscription_canceled_at !== null,
      ]),
    ).toEqual([
      ['teams', 'active', false],
      ['teams', 'active', true],
      ['free', 'free', false],
    ]);
  });

  it('ends at renewal from the renewal check when the webhook never came', async () => {
    await downgradeEndedWithoutNews(async (admin) => {
      await h.app.get(SubscriptionsService).checkRenewals();
      expect(await rowOf(h, admin.customerId)).toMatchObject({ plan: 'free', status: 'free' });
    });
  });
});

describe('the VAT rate (STRIPE_TAX_RATE_VAT), checked with Stripe at start-up', () => {
  const check = (id: string) => h.app.get(SubscriptionsService).checkVatRate(id);

  it('finds nothing wrong with an exclusive, active 20 % rate, which the harness runs with', async () => {
    expect(await check(DEFAULT_VAT_TAX_RATE_ID)).toBeUndefined();
    expect(h.logLines.filter((l) => String(l.msg).includes('STRIPE_TAX_RATE_VAT'))).toEqual([]);
  });

  it('logs an error for a rate that is not there, archived, inclusive or of another percentage', async () => {
    const rate = (fields: Partial<Stripe.TaxRateCreateParams>) =>
      h.stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: false, ...fields });
    const archived = await rate({ active: false });
    const inclusive = await rate({ inclusive: true });
    const reduced = await rate({ percentage: 5 });
    expect(await check('txr_not_in_this_account')).toBe(
      'STRIPE_TAX_RATE_VAT txr_not_in_this_account is not a tax rate of this Stripe account',
    );
    expect(await check(archived.id)).toBe(
      `STRIPE_TAX_RATE_VAT ${archived.id} is archived in Stripe: checkouts will fail`,
    );
    expect(await check(inclusive.id)).toBe(
      `STRIPE_TAX_RATE_VAT ${inclusive.id} is inclusive: plan prices exclude VAT, so it must be exclusive`,
    );
    expect(await check(reduced.id)).toBe(`STRIPE_TAX_RATE_VAT ${reduced.id} is 5 %, not the 20 % of UK VAT`);
    expect(h.logLines.filter((l) => String(l.msg).includes(reduced.id))).toMatchObject([{ level: 50 }]);
  });
});

describe('keeping the plan (POST /subscriptions/keep-plan): a scheduled downgrade taken back', () => {
  it('refuses non-administrators, and a company with no downgrade scheduled', async () => {
    expect(await errorOf(h.client.send(BillingKeepPlan, { actor: newCompany('user') }))).toEqual({
      code: 'FORBIDDEN',
      message: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION,
    });
    const conflict = { code: 'CONFLICT', message: BILLING_MESSAGES.NO_DOWNGRADE_SCHEDULED };
    expect(await errorOf(h.client.send(BillingKeepPlan, { actor: newCompany() }))).toEqual(conflict);
    const { admin } = await upgraded();
    expect(await errorOf(h.client.send(BillingKeepPlan, { actor: admin }))).toEqual(conflict);
  });

  it('clears subscription_canceled_at, and the plan renews at its date instead of ending', async () => {
    const { admin } = await upgraded();
    const scheduled = await h.client.send(BillingDowngradeToFree, { actor: admin });
    expect(scheduled.subscription.subscription_canceled_at).not.toBeNull();

    const { subscription, message } = await h.client.send(BillingKeepPlan, { actor: admin });
    expect(message).toBe(BILLING_MESSAGES.PLAN_KEPT);
    expect(subscription).toMatchObject({ plan: 'teams', status: 'active', subscription_canceled_at: null });
    const stripeId = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    expect((await h.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(false);

    const end = Date.parse(subscription.subscription_end_date!);
    h.stripeLocal.clock.advanceTo(end / 1000 + 60);
    const renewed = await waitForRow(
      h,
      admin.customerId,
      (r) => (r.subscriptionEndDate?.getTime() ?? 0) > end,
    );
    expect(renewed).toMatchObject({ plan: 'teams', status: 'active', subscriptionCanceledAt: null });
  });

  it('schedules the downgrade again after it was taken back (Stripe must hear the second request too)', async () => {
    const { admin } = await upgraded();
    const stripeId = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    await h.client.send(BillingDowngradeToFree, { actor: admin });
    await h.client.send(BillingKeepPlan, { actor: admin });
    const again = await h.client.send(BillingDowngradeToFree, { actor: admin });
    expect(again.subscription.subscription_canceled_at).not.toBeNull();
    expect((await h.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(true);
  });

  it('takes back a cancellation set in Stripe’s Dashboard for a date of its own (cancel_at), which then never comes', async () => {
    const { admin } = await upgraded();
    const stripeId = (await rowOf(h, admin.customerId))!.stripeSubscriptionId!;
    const current = await h.stripe.subscriptions.retrieve(stripeId);
    const cancelAt = current.items.data[0].current_period_end - 86_400;
    await h.stripe.subscriptions.update(stripeId, { cancel_at: cancelAt });
    await h.stripeLocal.webhooksIdle();
    const ending = await waitForRow(h, admin.customerId, (r) => r.subscriptionCanceledAt !== null);
    expect(ending.subscriptionEndDate?.getTime()).toBe(cancelAt * 1000);

    const { subscription } = await h.client.send(BillingKeepPlan, { actor: admin });
    expect(subscription).toMatchObject({ plan: 'teams', status: 'active', subscription_canceled_at: null });
    const kept = await h.stripe.subscriptions.retrieve(stripeId);
    expect({ cancel_at: kept.cancel_at, cancel_at_period_end: kept.cancel_at_period_end }).toEqual({
      cancel_at: null,
      cancel_at_period_end: false,
    });
    h.stripeLocal.clock.advanceTo(cancelAt + 60);
    await h.stripeLocal.webhooksIdle();
    expect((await h.stripe.subscriptions.retrieve(stripeId)).status).toBe('active');
    expect(await rowOf(h, admin.customerId)).toMatchObject({ plan: 'teams', status: 'active' });
  });

  it('says the plan has ended when Stripe ended it before the news came, and takes that state', async () => {
    await downgradeEndedWithoutNews(async (admin) => {
      expect(await errorOf(h.client.send(BillingKeepPlan, { actor: admin }))).toEqual({
        code: 'CONFLICT',
        message: BILLING_MESSAGES.PLAN_ENDED,
      });
      expect(await rowOf(h, admin.customerId)).toMatchObject({ plan: 'free', status: 'free' });
    });
  });
});

describe('the scheduled renewal check (BILLING_RENEWAL_CHECK_SECONDS)', () => {
  let scheduled: BillingHarness;
  beforeAll(async () => {
    scheduled = await startBilling({ env: { BILLING_RENEWAL_CHECK_SECONDS: '1' } });
    scheduled.forwardWebhooks = false;
  });
  afterAll(async () => {
    await scheduled?.close();
  });

  it('runs on its own and makes a company free whose downgrade came due without a webhook', async () => {
    const admin = newCompany();
    const { checkoutUrl, sessionId } = await scheduled.client.send(BillingCheckout, {
      actor: admin,
      priceId: TEAMS,
      billingInterval: 'month',
    });
    await payOnHostedPage(checkoutUrl);
    await scheduled.client.send(BillingCheckoutSuccess, { actor: admin, sessionId });
    const { subscription } = await scheduled.client.send(BillingDowngradeToFree, { actor: admin });
    scheduled.stripeLocal.clock.advanceTo(Date.parse(subscription.subscription_end_date!) / 1000 + 60);
    await waitForRow(scheduled, admin.customerId, (r) => r.plan === 'free', 10_000);
  });
});
