import { Injectable } from '@nestjs/common';
import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { BillingTx } from '../db/database';
import { replacedSubscriptions, subscriptions, type SubscriptionRow } from '../db/schema';
import type { SubscriptionState } from './subscription-state';

@Injectable()
export class SubscriptionsRepository {
  async find(tx: BillingTx, customerId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
    return row;
  }

  /** The company's row, made on the free plan when it has none, locked until the transaction ends. */
  async lock(tx: BillingTx, customerId: string): Promise<SubscriptionRow> {
    await tx.insert(subscriptions).values({ customerId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId))
      .for('update');
    return row!;
  }

  /** The company a Stripe customer was made for. */
  async findByStripeCustomer(tx: BillingTx, stripeCustomerId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeCustomerId, stripeCustomerId));
    return row;
  }

  /**
   * Keeps the company's Stripe customer. The first one kept stays: two checkouts racing may
   * each have made one, and the company's subscriptions all go on the first.
   */
  async keepStripeCustomer(tx: BillingTx, customerId: string, stripeCustomerId: string): Promise<string> {
    const [row] = await tx
      .insert(subscriptions)
      .values({ customerId, stripeCustomerId })
      .onConflictDoUpdate({
        target: subscriptions.customerId,
        set: {
          stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, excluded.stripe_customer_id)`,
        },
      })
      .returning({ stripeCustomerId: subscriptions.stripeCustomerId });
    return row!.stripeCustomerId!;
  }

  /** Whether a later checkout of the company already replaced this subscription. */
  async wasReplaced(tx: BillingTx, customerId: string, stripeSubscriptionId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: replacedSubscriptions.stripeSubscriptionId })
      .from(replacedSubscriptions)
      .where(
        and(
          eq(replacedSubscriptions.customerId, customerId),
          eq(replacedSubscriptions.stripeSubscriptionId, stripeSubscriptionId),
        ),
      );
    return row !== undefined;
  }

  /** Remembers that `replacedBy` replaced the company's subscription `stripeSubscriptionId`. */
  async keepReplaced(
    tx: BillingTx,
    customerId: string,
    stripeSubscriptionId: string,
    replacedBy: string,
  ): Promise<void> {
    await tx
      .insert(replacedSubscriptions)
      .values({ customerId, stripeSubscriptionId, replacedBy })
      .onConflictDoNothing();
  }

  async save(tx: BillingTx, customerId: string, state: SubscriptionState): Promise<void> {
    await tx.update(subscriptions).set(state).where(eq(subscriptions.customerId, customerId));
  }

  /**
   * Subscriptions to ask Stripe about: a paid period that is over (renewed, or ended without
   * the webhook saying so), or a downgrade scheduled at its end.
   */
  async dueForCheck(
    tx: BillingTx,
    now: Date,
    limit: number,
  ): Promise<{ customerId: string; stripeSubscriptionId: string }[]> {
    const rows = await tx
      .select({
        customerId: subscriptions.customerId,
        stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      })
      .from(subscriptions)
      .where(
        and(
          isNotNull(subscriptions.stripeSubscriptionId),
          or(lte(subscriptions.subscriptionEndDate, now), isNotNull(subscriptions.subscriptionCanceledAt)),
        ),
      )
      .orderBy(subscriptions.subscriptionEndDate)
      .limit(limit);
    return rows.map((r) => ({ customerId: r.customerId, stripeSubscriptionId: r.stripeSubscriptionId! }));
  }
}
