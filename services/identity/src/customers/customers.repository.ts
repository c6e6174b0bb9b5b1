import { Injectable } from '@nestjs/common';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { EventPayloadOf, SubscriptionChanged } from '@planted/contracts';
import type { IdentityTx } from '../db/database';
import { returned } from '../db/rows';
import { customers, type CustomerRow } from '../db/schema';

@Injectable()
export class CustomersRepository {
  async insert(tx: IdentityTx, customer: { name: string; address: string }): Promise<CustomerRow> {
    return returned(await tx.insert(customers).values(customer).returning());
  }

  async findById(tx: IdentityTx, customerId: string): Promise<CustomerRow | undefined> {
    const [row] = await tx.select().from(customers).where(eq(customers.id, customerId));
    return row;
  }

  /** Locks the company row until the transaction ends, serialising changes that count its users. */
  async lockById(tx: IdentityTx, customerId: string): Promise<CustomerRow | undefined> {
    const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    return row;
  }

  /**
   * Billing's word on the company's plan, status and dates, unless a later change was
   * applied already (events can reach replicas out of order). Answers the row when it changed.
   */
  async applySubscription(
    tx: IdentityTx,
    change: EventPayloadOf<typeof SubscriptionChanged>,
    at: string,
  ): Promise<CustomerRow | undefined> {
    const date = (value: string | null) => (value === null ? null : new Date(value));
    const [row] = await tx
      .update(customers)
      .set({
        subscriptionPlan: change.plan,
        status: change.status,
        subscriptionStartDate: date(change.subscription_start_date),
        subscriptionEndDate: date(change.subscription_end_date),
        subscriptionCanceledAt: date(change.subscription_canceled_at),
        subscriptionChangedAt: at,
      })
      .where(
        and(
          eq(customers.id, change.customer_id),
          or(isNull(customers.subscriptionChangedAt), lte(customers.subscriptionChangedAt, at)),
        ),
      )
      .returning();
    return row;
  }
}
