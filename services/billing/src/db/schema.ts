import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { scheduledRunsTable, tenantPolicy } from '@planted/db';
import { PLAN_IDS } from '@planted/domain';
import { BILLING_INTERVALS } from '@planted/contracts';
import { idempotentRequestsTable, outboxTable, processedEventsTable } from '@planted/messaging';

// Not exported: the migrator creates the schema (it keeps its journal there), so drizzle-kit must not.
const billing = pgSchema('billing');

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Each company's subscription. A company without a row is on the free plan (it never
 * started a checkout). The Stripe customer is created once per company and reused.
 */
export const subscriptions = billing
  .table(
    'subscriptions',
    {
      customerId: uuid('customer_id').primaryKey(),
      stripeCustomerId: text('stripe_customer_id').unique('subscriptions_stripe_customer_unique'),
      /** The subscription the company's plan comes from; null on the free plan. */
      stripeSubscriptionId: text('stripe_subscription_id').unique('subscriptions_stripe_subscription_unique'),
      stripePriceId: text('stripe_price_id'),
      plan: text('plan', { enum: PLAN_IDS }).notNull().default('free'),
      /** The customer status of spec §1: free, active, or the card provider's word for trouble (past_due, ...). */
      status: text('status').notNull().default('free'),
      billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }),
      subscriptionStartDate: instant('subscription_start_date'),
      /** The end of the paid period: the renewal date, or the day a scheduled downgrade happens. */
      subscriptionEndDate: instant('subscription_end_date'),
      /** Set when a downgrade to free is scheduled at the end of the period. */
      subscriptionCanceledAt: instant('subscription_canceled_at'),
      createdAt: instant('created_at').notNull().defaultNow(),
      updatedAt: instant('updated_at')
        .notNull()
        .defaultNow()
        .$onUpdate(() => new Date()),
    },
    (t) => [
      // The renewal check: subscriptions whose period is over, or whose downgrade is scheduled.
      index('subscriptions_renewal_idx').on(t.subscriptionEndDate),
      tenantPolicy('subscriptions_tenant_isolation'),
    ],
  )
  .enableRLS();

/**
 * Subscriptions a company's later checkout replaced (and that were ended in Stripe). A
 * completed checkout makes its subscription the company's only when it is not one of these:
 * the webhook of an earlier checkout arriving after the switch must not bring back the plan
 * the company moved away from (and then lose both when the old one's cancellation arrives).
 */
export const replacedSubscriptions = billing
  .table(
    'replaced_subscriptions',
    {
      stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
      customerId: uuid('customer_id').notNull(),
      replacedBy: text('replaced_by').notNull(),
      replacedAt: instant('replaced_at').notNull().defaultNow(),
    },
    () => [tenantPolicy('replaced_subscriptions_tenant_isolation')],
  )
  .enableRLS();

/**
 * Every Stripe event id the webhook took in: a replayed or redelivered event finds its id
 * here and changes nothing. Stripe's events are not a company's data until they are applied.
 */
export const stripeEvents = billing.table('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

export const outbox = outboxTable(billing);
export const processedEvents = processedEventsTable(billing);
export const idempotentRequests = idempotentRequestsTable(billing);

export const schema = {
  subscriptions,
  replacedSubscriptions,
  stripeEvents,
  outbox,
  processedEvents,
  idempotentRequests,
};
export type BillingSchema = typeof schema;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The renewal check's next run, so that one replica runs it per interval. */
export const scheduledRuns = scheduledRunsTable(billing);
