import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { HireEvent, PricingEntry } from '@planted/contracts';
import { excludedValues, executeAtCommit, placeholders, preparedQuery } from '@planted/db';
import type { CatalogueTx } from '../db/database';
import { hirePrices } from '../db/schema';
import { latestPricesQuery } from './pricing.queries';

type LatestPriceRow = {
  equipmentId: string;
  pricePerDay: number;
  supplierId: string;
  supplierName: string;
  hireStartDate: string;
};

/** What an event sets of a hire's price, each column a placeholder of the same name. */
const priceColumns = {
  customerId: hirePrices.customerId,
  equipmentId: hirePrices.equipmentId,
  supplierId: hirePrices.supplierId,
  pricePerDay: hirePrices.pricePerDay,
  hireStartDate: hirePrices.hireStartDate,
  createdAt: hirePrices.createdAt,
  sourceUpdatedAt: hirePrices.sourceUpdatedAt,
};
type PriceValues = { [K in keyof typeof priceColumns]: (typeof hirePrices.$inferInsert)[K] };

// The consumer's statements, built once per connection and prepared (see preparedQuery).
const upsertStatement = preparedQuery((tx: CatalogueTx) =>
  tx
    .insert(hirePrices)
    .values({
      hireId: sql.placeholder('hireId'),
      ...placeholders(priceColumns),
    })
    .onConflictDoUpdate({
      target: hirePrices.hireId,
      // The row's new values are the insert's (excluded): the same as setting each value again.
      set: excludedValues(priceColumns),
      setWhere: sql`${hirePrices.deletedAt} is null and ${hirePrices.sourceUpdatedAt} <= excluded.source_updated_at`,
    })
    .prepare('catalogue_hire_price_upsert'),
);
const markDeletedStatement = preparedQuery((tx: CatalogueTx) =>
  tx
    .update(hirePrices)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(hirePrices.hireId, sql.placeholder('hireId')),
        eq(hirePrices.customerId, sql.placeholder('customerId')),
      ),
    )
    .prepare('catalogue_hire_price_mark_deleted'),
);

@Injectable()
export class PricingRepository {
  /** The company's latest price per item, keyed by equipment id (spec §3 Pricing entry), without one hire if asked. */
  async latest(
    tx: CatalogueTx,
    customerId: string,
    excludeHireId?: string,
  ): Promise<Record<string, PricingEntry>> {
    const { rows } = await tx.execute<LatestPriceRow>(latestPricesQuery(customerId, excludeHireId));
    const prices: Record<string, PricingEntry> = {};
    for (const row of rows)
      prices[row.equipmentId] = {
        price_per_day: row.pricePerDay,
        supplier_id: row.supplierId,
        supplier_name: row.supplierName,
        hire_start_date: row.hireStartDate,
      };
    return prices;
  }

  /**
   * Keeps the hire's price as its event tells it, written with the transaction's COMMIT
   * (in a transaction of the service's Database). An event older than the one applied last
   * (by the hire's updated_at) changes nothing, and neither does any event after the hire
   * was deleted.
   */
  async upsert(tx: CatalogueTx, hire: HireEvent): Promise<void> {
    const values: PriceValues = {
      customerId: hire.customer_id,
      equipmentId: hire.equipment_id,
      supplierId: hire.supplier_id,
      pricePerDay: hire.price_per_day,
      hireStartDate: hire.hire_start_date,
      createdAt: new Date(hire.created_at),
      sourceUpdatedAt: new Date(hire.updated_at),
    };
    // Nothing reads it back in the consumer's transaction: it goes with the COMMIT (a batch
    // of events costs one round trip for all its prices, not one each).
    await executeAtCommit(tx, upsertStatement(tx), { hireId: hire.id, ...values });
  }

  async markDeleted(tx: CatalogueTx, hireId: string, customerId: string): Promise<void> {
    // With the COMMIT too, so it stays after an upsert of the same batch that went there.
    await executeAtCommit(tx, markDeletedStatement(tx), { hireId, customerId });
  }
}
