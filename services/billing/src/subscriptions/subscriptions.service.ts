import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  SubscriptionChanged,
  type Actor,
  type BillingInterval,
  type StripeEventPayload,
  type Subscription,
} from '@planted/contracts';
import { VAT_RATE } from '@planted/domain';
import type { Logger } from '@planted/logging';
import { currentIdempotencyKey } from '@planted/messaging';
import { CONFIG, DATABASE, LOGGER, OutboxService } from '@planted/service-kit';
import type { BillingConfig } from '../config';
import type { BillingDatabase, BillingTx } from '../db/database';
import { PlanCatalogue } from '../plans/plan-catalogue';
import { idOf, StripeGateway } from '../stripe/stripe-gateway';
import {
  hasEnded,
  stateChanged,
  stateOfRow,
  stateOfSubscription,
  toSubscription,
  type SubscriptionState,
} from './subscription-state';
import {
  alreadyFree,
  noDowngradeScheduled,
  planEnded,
  alreadyOnPlan,
  onlyAdmins,
  priceNotAvailable,
  sessionNotFound,
  sessionNotPaid,
} from './subscriptions.errors';
import { SubscriptionsRepository } from './subscriptions.repository';

interface Applied {
  state: SubscriptionState;
  changed: boolean;
  /**
   * A subscription of the company's that a later checkout replaced: ended in Stripe after the
   * commit (if it is not already).
   */
  replaced?: string;
}

interface ApplyOptions {
  /** A completed checkout: its subscription becomes the company's, replacing any other. */
  fromCheckout?: boolean;
  /** An invoice of the subscription failed: not paid for, whatever the subscription says yet. */
  paymentFailed?: boolean;
}

/** A company's subscription through Stripe: checkout, its return, webhooks, downgrade at renewal. */
@Injectable()
export class SubscriptionsService implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly catalogue: PlanCatalogue,
    private readonly stripe: StripeGateway,
    private readonly outbox: OutboxService,
  ) {}

  onModuleInit(): void {
    const vat = this.config.STRIPE_TAX_RATE_VAT;
    if (!vat)
      this.logger.warn(
        'STRIPE_TAX_RATE_VAT is not set: subscriptions are sold without VAT, though plan prices exclude it',
      );
    // Not awaited: Stripe out of reach at start-up must not stop billing starting.
    else void this.checkVatRate(vat);
  }

  /**
   * The configured VAT rate, checked once against Stripe at start-up: a rate that is not there,
   * archived, inclusive or not 20 % would fail every checkout, or charge the wrong VAT, with
   * nothing said until a customer tries to pay.
   */
  async checkVatRate(id: string): Promise<string | undefined> {
    let problem: string | undefined;
    try {
      const rate = await this.stripe.taxRate(id);
      const percentage = VAT_RATE * 100;
      if (!rate) problem = `STRIPE_TAX_RATE_VAT ${id} is not a tax rate of this Stripe account`;
      else if (!rate.active) problem = `STRIPE_TAX_RATE_VAT ${id} is archived in Stripe: checkouts will fail`;
      else if (rate.inclusive)
        problem = `STRIPE_TAX_RATE_VAT ${id} is inclusive: plan prices exclude VAT, so it must be exclusive`;
      else if (rate.percentage !== percentage)
        problem = `STRIPE_TAX_RATE_VAT ${id} is ${rate.percentage} %, not the ${percentage} % of UK VAT`;
    } catch (err) {
      this.logger.warn({ err }, `Could not check STRIPE_TAX_RATE_VAT ${id} with Stripe at start-up`);
      return undefined;
    }
    if (problem) this.logger.error(problem);
    return problem;
  }

  current(actor: Actor): Promise<{ subscription: Subscription }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => ({
      subscription: toSubscription(stateOfRow(await this.subscriptions.find(tx, actor.customerId))),
    }));
  }

  /**
   * A Checkout Session in subscription mode for a paid plan's price (spec §5 Checkout). The
   * company's Stripe customer is made once and reused; the session carries the company in
   * its metadata, which is how its return and its webhook are matched to the company.
   */
  async checkout(
    actor: Actor,
    input: { priceId: string; billingInterval: BillingInterval },
  ): Promise<{ checkoutUrl: string; sessionId: string }> {
    if (actor.role !== 'admin') throw onlyAdmins();
    const priced = this.catalogue.planOfPrice(input.priceId);
    if (!priced || priced.interval !== input.billingInterval) throw priceNotAvailable();
    const row = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.subscriptions.find(tx, actor.customerId),
    );
    const state = stateOfRow(row);
    if (
      state.stripeSubscriptionId &&
      state.plan === priced.plan &&
      state.billingInterval === priced.interval &&
      state.status === 'active' &&
      !state.subscriptionCanceledAt
    )
      throw alreadyOnPlan();

    const stripeCustomer = row?.stripeCustomerId ?? (await this.makeStripeCustomer(actor));
    const returnTo = `${this.config.APP_URL}/subscription`;
    const metadata = { customer_id: actor.customerId, plan: priced.plan, billing_interval: priced.interval };
    // One session per request: a retry of the same request (same Idempotency-Key) gets the same session.
    const requestKey = currentIdempotencyKey() ?? randomUUID();
    const session = await this.stripe.createCheckoutSession(
      {
        mode: 'subscription',
        customer: stripeCustomer,
        line_items: [
          {
            price: input.priceId,
            quantity: 1,
            // Plan prices exclude VAT (spec §9): Stripe adds it to every invoice of the subscription.
            ...(this.config.STRIPE_TAX_RATE_VAT ? { tax_rates: [this.config.STRIPE_TAX_RATE_VAT] } : {}),
          },
        ],
        success_url: `${returnTo}?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${returnTo}?canceled=true`,
        client_reference_id: actor.customerId,
        metadata: { ...metadata, requested_by: actor.userId },
        subscription_data: { metadata },
      },
      `checkout:${actor.customerId}:${actor.userId}:${requestKey}`,
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    this.logger.info(
      { customerId: actor.customerId, sessionId: session.id, plan: priced.plan },
      'checkout session created',
    );
    return { checkoutUrl: session.url, sessionId: session.id };
  }

  private async makeStripeCustomer(actor: Actor): Promise<string> {
    const customer = await this.stripe.createCustomer(
      { email: actor.email, name: actor.name, metadata: { customer_id: actor.customerId } },
      `customer:${actor.customerId}:${actor.userId}`,
    );
    return this.database.withTenant(actor.customerId, (tx) =>
      this.subscriptions.keepStripeCustomer(tx, actor.customerId, customer.id),
    );
  }

  /**
   * The return from checkout (spec §4): the session is read back from Stripe, and must be
   * this company's (its metadata and its customer); the plan, status and dates come from its
   * subscription. Confirming again, or after the webhook did, changes nothing.
   */
  async confirmCheckout(
    actor: Actor,
    sessionId: string,
  ): Promise<{ subscription: Subscription; message: string }> {
    // Only an administrator starts a checkout, so only one returns from it (spec §6).
    if (actor.role !== 'admin') throw onlyAdmins();
    const session = await this.stripe.checkoutSession(sessionId);
    const row = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.subscriptions.find(tx, actor.customerId),
    );
    const ours =
      session.metadata?.customer_id === actor.customerId &&
      !!row?.stripeCustomerId &&
      idOf(session.customer) === row.stripeCustomerId;
    if (!ours) throw sessionNotFound();
    const subscriptionId = idOf(session.subscription);
    if (session.status !== 'complete' || !subscriptionId) throw sessionNotPaid();

    const applied = await this.applyNow(actor.customerId, subscriptionId, { fromCheckout: true });
    return { subscription: toSubscription(applied.state), message: BILLING_MESSAGES.SUBSCRIPTION_UPDATED };
  }

  /**
   * Downgrade to free (spec §4 Plans): Stripe ends the subscription with its period
   * (cancel_at_period_end), `subscription_canceled_at` is set now, and the plan stays until
   * the period ends; the webhook (or the renewal check) then makes it free.
   */
  async downgradeToFree(actor: Actor): Promise<{ subscription: Subscription; message: string }> {
    const state = await this.stateForAdmin(actor);
    if (state.plan === 'free' || !state.stripeSubscriptionId) throw alreadyFree();
    if (state.subscriptionCanceledAt)
      return { subscription: toSubscription(state), message: BILLING_MESSAGES.DOWNGRADE_SCHEDULED };

    // Stripe's key names this request (a retry of it sends the same Idempotency-Key), not the
    // subscription: a downgrade taken back with Keep and asked for again is a new request, which
    // Stripe would otherwise answer from the first one's record without cancelling anything.
    const requestKey = currentIdempotencyKey() ?? randomUUID();
    await this.stripe.cancelAtPeriodEnd(
      state.stripeSubscriptionId,
      `downgrade:${state.stripeSubscriptionId}:${requestKey}`,
    );
    const applied = await this.applyNow(actor.customerId, state.stripeSubscriptionId);
    return { subscription: toSubscription(applied.state), message: BILLING_MESSAGES.DOWNGRADE_SCHEDULED };
  }

  /**
   * Takes back a scheduled downgrade to free (spec §4 Plans: the user keeps the plan until
   * renewal; until then they may change their mind): Stripe renews the subscription as before
   * and subscription_canceled_at is cleared.
   */
  async keepPlan(actor: Actor): Promise<{ subscription: Subscription; message: string }> {
    const state = await this.stateForAdmin(actor);
    const subscriptionId = state.stripeSubscriptionId;
    if (state.plan === 'free' || !subscriptionId || !state.subscriptionCanceledAt)
      throw noDowngradeScheduled();
    try {
      await this.stripe.keepAfterPeriodEnd(subscriptionId);
    } catch (err) {
      // Stripe refuses to change a subscription that has ended (its period over, the news not
      // yet here): the company's record takes Stripe's state now, and the admin is told so.
      const now = await this.applyNow(actor.customerId, subscriptionId);
      if (now.state.plan === 'free') throw planEnded();
      throw err;
    }
    const applied = await this.applyNow(actor.customerId, subscriptionId);
    return { subscription: toSubscription(applied.state), message: BILLING_MESSAGES.PLAN_KEPT };
  }

  /**
   * A Stripe event the webhook took in, applied inside the consumer's transaction (which also
   * records it as handled). The subscription is read back from Stripe rather than taken from
   * the event, under the company's row lock, so events arriving late or out of order apply
   * today's state.
   */
  async applyStripeEvent(tx: BillingTx, event: StripeEventPayload): Promise<void> {
    const object = event.data.object;
    let subscriptionId: string | null = null;
    let options: ApplyOptions = {};
    let expectedCompany: string | undefined;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = object as unknown as Stripe.Checkout.Session;
        if (session.mode !== 'subscription' || session.status !== 'complete') return;
        subscriptionId = idOf(session.subscription);
        expectedCompany = session.metadata?.customer_id;
        options = { fromCheckout: true };
        break;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        subscriptionId = typeof object.id === 'string' ? object.id : null;
        break;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        subscriptionId = invoiceSubscription(object);
        options = { paymentFailed: event.type === 'invoice.payment_failed' };
        break;
      default:
        return;
    }
    if (!subscriptionId) return;
    // The event names the Stripe customer (it never changes; the gateway checked the event's
    // signature); the subscription itself is read under the company's lock, in apply.
    const stripeCustomer =
      idOf(object.customer as string | { id: string } | null | undefined) ??
      idOf((await this.stripe.subscription(subscriptionId)).customer);
    const row = stripeCustomer
      ? await this.subscriptions.findByStripeCustomer(tx, stripeCustomer)
      : undefined;
    if (!row || (expectedCompany !== undefined && expectedCompany !== row.customerId)) {
      this.logger.warn(
        { eventId: event.id, type: event.type, subscriptionId, stripeCustomer },
        'Stripe event about no company of ours; ignored',
      );
      return;
    }
    const applied = await this.apply(tx, row.customerId, subscriptionId, options);
    if (applied.replaced) await this.cancelReplaced(applied.replaced);
  }

  /**
   * Asks Stripe about subscriptions whose period is over or whose downgrade is scheduled, in
   * case their webhook never came. Answers how many changed.
   */
  async checkRenewals(now: Date = new Date(), batch = 100): Promise<number> {
    const due = await this.database.withSystem((tx) => this.subscriptions.dueForCheck(tx, now, batch));
    let changed = 0;
    for (const { customerId, stripeSubscriptionId } of due) {
      try {
        const applied = await this.applyNow(customerId, stripeSubscriptionId);
        if (applied.changed) changed += 1;
      } catch (err) {
        this.logger.warn({ err, customerId, stripeSubscriptionId }, 'renewal check of a subscription failed');
      }
    }
    return changed;
  }

  /**
   * Brings the company's row to what the Stripe subscription says, and records
   * subscription.changed in the same transaction when anything changed. An event about a
   * subscription that is not the company's current one changes nothing, unless a checkout
   * just completed with it (a new plan replacing the old) and no later checkout of the
   * company has replaced it already: the replaced one is kept, under the row's lock, so the
   * earlier checkout's late webhook cannot bring the old plan back.
   */
  private async apply(
    tx: BillingTx,
    customerId: string,
    subscriptionId: string,
    options: ApplyOptions = {},
  ): Promise<Applied> {
    const row = await this.subscriptions.lock(tx, customerId);
    const current = stateOfRow(row);
    // Read under the lock: whatever was applied before read Stripe before it committed, so
    // this answer is at least as new, and news applied out of order cannot undo a later change.
    const subscription = await this.stripe.subscription(subscriptionId);
    // Only the company's own Stripe customer's subscriptions are ever its plan.
    if (!row.stripeCustomerId || idOf(subscription.customer) !== row.stripeCustomerId) {
      this.logger.warn(
        { customerId, subscriptionId, stripeCustomer: idOf(subscription.customer) },
        "a subscription of another Stripe customer than the company's; not applied",
      );
      return { state: current, changed: false };
    }
    if (current.stripeSubscriptionId !== subscription.id) {
      if (!options.fromCheckout || hasEnded(subscription)) return { state: current, changed: false };
      // An earlier checkout whose news comes after a later one replaced it: the company keeps
      // the later plan, and the earlier subscription is (still) to be ended.
      if (await this.subscriptions.wasReplaced(tx, customerId, subscription.id)) {
        this.logger.info(
          { customerId, subscriptionId: subscription.id, current: current.stripeSubscriptionId },
          'checkout of a subscription a later checkout replaced; not applied',
        );
        return { state: current, changed: false, replaced: subscription.id };
      }
    }
    let next = stateOfSubscription(subscription, (price) => this.catalogue.planOfPrice(price));
    if (!next) {
      this.logger.error(
        { customerId, subscriptionId: subscription.id },
        'Stripe subscription with a price of no plan; not applied',
      );
      return { state: current, changed: false };
    }
    if (options.paymentFailed && next.status === 'active') next = { ...next, status: 'past_due' };
    // A scheduled downgrade keeps the instant it was asked for.
    if (
      next.subscriptionCanceledAt &&
      current.subscriptionCanceledAt &&
      current.stripeSubscriptionId === next.stripeSubscriptionId
    )
      next = { ...next, subscriptionCanceledAt: current.subscriptionCanceledAt };
    if (!stateChanged(current, next)) return { state: current, changed: false };

    const replaced =
      options.fromCheckout &&
      current.stripeSubscriptionId &&
      current.stripeSubscriptionId !== next.stripeSubscriptionId
        ? current.stripeSubscriptionId
        : undefined;
    if (replaced && next.stripeSubscriptionId)
      await this.subscriptions.keepReplaced(tx, customerId, replaced, next.stripeSubscriptionId);
    await this.subscriptions.save(tx, customerId, next);
    const shown = toSubscription(next);
    await this.outbox.record(
      tx,
      SubscriptionChanged,
      {
        customer_id: customerId,
        plan: shown.plan,
        status: shown.status,
        subscription_start_date: shown.subscription_start_date,
        subscription_end_date: shown.subscription_end_date,
        subscription_canceled_at: shown.subscription_canceled_at,
      },
      customerId,
    );
    this.logger.info(
      { customerId, plan: next.plan, status: next.status, subscriptionId: next.stripeSubscriptionId },
      'subscription changed',
    );
    return { state: next, changed: true, replaced };
  }

  /** The company's billing state, for a change only its administrators may ask for. */
  private async stateForAdmin(actor: Actor): Promise<SubscriptionState> {
    if (actor.role !== 'admin') throw onlyAdmins();
    return stateOfRow(
      await this.database.readAsTenant(actor.customerId, (tx) =>
        this.subscriptions.find(tx, actor.customerId),
      ),
    );
  }

  /** Stripe's present state of the subscription applied to the company (apply), then what follows its commit. */
  private async applyNow(
    customerId: string,
    subscriptionId: string,
    options?: ApplyOptions,
  ): Promise<Applied> {
    const applied = await this.database.withTenant(customerId, (tx) =>
      this.apply(tx, customerId, subscriptionId, options),
    );
    await this.afterCommit(applied);
    return applied;
  }

  private async afterCommit(applied: Applied): Promise<void> {
    if (applied.changed) this.outbox.committed();
    if (applied.replaced) await this.cancelReplaced(applied.replaced);
  }

  /**
   * A company pays for one subscription: the one a new checkout replaced ends now. When it was
   * paid up (active), the part of its period paid for and no longer used is credited (Stripe's
   * customer balance), so the company's next invoice is that much less; a period whose payment
   * failed (past_due) was never paid for, and earns nothing.
   */
  private async cancelReplaced(subscriptionId: string): Promise<void> {
    try {
      const replaced = await this.stripe.subscription(subscriptionId);
      if (!hasEnded(replaced))
        await this.stripe.cancelNow(subscriptionId, { credit: replaced.status === 'active' });
    } catch (err) {
      this.logger.error({ err, subscriptionId }, 'could not cancel the subscription a new checkout replaced');
    }
  }
}

/** The subscription an invoice bills: where Stripe puts it now, or where it used to. */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as
    { subscription_details?: { subscription?: unknown } | null } | null | undefined;
  const fromParent = parent?.subscription_details?.subscription;
  const legacy = invoice.subscription;
  for (const candidate of [fromParent, legacy]) {
    const id = idOf(candidate as string | { id: string } | null | undefined);
    if (id) return id;
  }
  return null;
}
