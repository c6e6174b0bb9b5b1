import type Stripe from 'stripe';
import type { BillingInterval, Subscription } from '@planted/contracts';
import { isPlanId, type PlanId } from '@planted/domain';
import type { PricedPlan } from '../plans/plan-catalogue';
import type { SubscriptionRow } from '../db/schema';

/** What billing keeps of a company's subscription (the columns a change may touch). */
export interface SubscriptionState {
  stripeSubscriptionId: string | null;
  stripePriceId: string | null;
  plan: PlanId;
  status: string;
  billingInterval: BillingInterval | null;
  subscriptionStartDate: Date | null;
  subscriptionEndDate: Date | null;
  subscriptionCanceledAt: Date | null;
}

/** A company with no paid subscription: the free plan, no dates. */
export const FREE_STATE: SubscriptionState = {
  stripeSubscriptionId: null,
  stripePriceId: null,
  plan: 'free',
  status: 'free',
  billingInterval: null,
  subscriptionStartDate: null,
  subscriptionEndDate: null,
  subscriptionCanceledAt: null,
};

/** Stripe statuses after which a subscription never bills again. */
const ENDED = new Set<string>(['canceled', 'incomplete_expired']);
/** Stripe statuses in which the plan is paid for. */
const PAID = new Set<string>(['active', 'trialing']);

export function hasEnded(subscription: Pick<Stripe.Subscription, 'status'>): boolean {
  return ENDED.has(subscription.status);
}

const at = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null;

/**
 * The paid period of a subscription. Since Stripe's API version 2025-03-31 the period is on
 * each item; older versions (and some answers) carry it on the subscription itself.
 */
function periodOf(subscription: Stripe.Subscription): { start: number | null; end: number | null } {
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & Partial<Period>) | undefined;
  const legacy = subscription as Stripe.Subscription & Partial<Period>;
  return {
    start: item?.current_period_start ?? legacy.current_period_start ?? null,
    end: item?.current_period_end ?? legacy.current_period_end ?? null,
  };
}

interface Period {
  current_period_start: number;
  current_period_end: number;
}

/**
 * The state a Stripe subscription puts a company in. An ended subscription means the free
 * plan. A live one gives the plan of its price (or of its metadata, for a price this
 * deployment no longer configures), status `active` while paid for and Stripe's own word
 * otherwise (past_due, unpaid: shown as Inactive, spec §1), its dates, and the cancellation
 * when it is set to end with its period (the scheduled downgrade).
 */
export function stateOfSubscription(
  subscription: Stripe.Subscription,
  planOfPrice: (priceId: string) => PricedPlan | undefined,
): SubscriptionState | undefined {
  if (hasEnded(subscription)) return FREE_STATE;
  const price = subscription.items?.data?.[0]?.price;
  const priced = price ? planOfPrice(price.id) : undefined;
  const fromMetadata = subscription.metadata?.plan;
  const plan = priced?.plan ?? (isPlanId(fromMetadata) && fromMetadata !== 'free' ? fromMetadata : undefined);
  if (!plan) return undefined;
  const interval = priced?.interval ?? (price?.recurring?.interval === 'year' ? 'year' : 'month');
  const period = periodOf(subscription);
  const ending = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  return {
    stripeSubscriptionId: subscription.id,
    stripePriceId: price?.id ?? null,
    plan,
    status: PAID.has(subscription.status) ? 'active' : subscription.status,
    billingInterval: interval,
    subscriptionStartDate: at(subscription.start_date) ?? at(period.start),
    subscriptionEndDate: at(subscription.cancel_at) ?? at(period.end),
    subscriptionCanceledAt: ending ? (at(subscription.canceled_at) ?? new Date()) : null,
  };
}

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether applying `next` to `current` would change anything the company or its events show. */
export function stateChanged(current: SubscriptionState, next: SubscriptionState): boolean {
  return (
    current.stripeSubscriptionId !== next.stripeSubscriptionId ||
    current.stripePriceId !== next.stripePriceId ||
    current.plan !== next.plan ||
    current.status !== next.status ||
    current.billingInterval !== next.billingInterval ||
    !sameInstant(current.subscriptionStartDate, next.subscriptionStartDate) ||
    !sameInstant(current.subscriptionEndDate, next.subscriptionEndDate) ||
    // A cancellation keeps the instant it was first asked for: only set or cleared is a change.
    (current.subscriptionCanceledAt === null) !== (next.subscriptionCanceledAt === null)
  );
}

export function stateOfRow(row: SubscriptionRow | undefined): SubscriptionState {
  if (!row) return FREE_STATE;
  return {
    stripeSubscriptionId: row.stripeSubscriptionId,
    stripePriceId: row.stripePriceId,
    plan: row.plan,
    status: row.status,
    billingInterval: row.billingInterval,
    subscriptionStartDate: row.subscriptionStartDate,
    subscriptionEndDate: row.subscriptionEndDate,
    subscriptionCanceledAt: row.subscriptionCanceledAt,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The subscription as answers and events show it. */
export function toSubscription(state: SubscriptionState): Subscription {
  return {
    plan: state.plan,
    status: state.status,
    billing_interval: state.billingInterval,
    subscription_start_date: iso(state.subscriptionStartDate),
    subscription_end_date: iso(state.subscriptionEndDate),
    subscription_canceled_at: iso(state.subscriptionCanceledAt),
  };
}
