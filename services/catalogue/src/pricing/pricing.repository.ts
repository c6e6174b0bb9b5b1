import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { HireEvent, PricingEntry } from '@planted/contracts';
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

@Injectable()
export class PricingRepository {
  /** The company's latest price per item, keyed by equipment id (spec §3 Pricing entry). */
  async latest(tx: CatalogueTx, customerId: string): Promise<Record<string, PricingEntry>> {
    const { rows } = await tx.execute<LatestPriceRow>(latestPricesQuery(customerId));
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
   * Keeps the hire's price as its event tells it. An event older than the one applied last
   * (by the hire's updated_at) changes nothing, and neither does any event after the hire
   * was deleted.
   */
  async upsert(tx: CatalogueTx, hire: HireEvent): Promise<void> {
    const values = {
      customerId: hire.customer_id,
      equipmentId: hire.equipment_id,
      supplierId: hire.supplier_id,
      pricePerDay: hire.price_per_day,
      hireStartDate: hire.hire_start_date,
      createdAt: new Date(hire.created_at),
      sourceUpdatedAt: new Date(hire.updated_at),
    };
    await tx
      .insert(hirePrices)
      .values({ hireId: hire.id, ...values })
      .onConflictDoUpdate({
        target: hirePrices.hireId,
        set: values,
        setWhere: sql`${hirePrices.deletedAt} is null and ${hirePrices.sourceUpdatedAt} <= excluded.source_updated_at`,
      });
  }

  async markDeleted(tx: CatalogueTx, hireId: string, customerId: string): Promise<void> {
    await tx
      .update(hirePrices)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(hirePrices.hireId, hireId), eq(hirePrices.customerId, customerId)));
  }
}
