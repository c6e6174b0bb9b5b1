import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AccountingTx } from '../db/database';
import { supplierMatches, suppliers, type SupplierMatchRow } from '../db/schema';

export type MatchWithName = SupplierMatchRow & { supplierName: string | null };
export type MatchValues = Pick<
  SupplierMatchRow,
  | 'zaharaSupplierId'
  | 'zaharaNominalId'
  | 'zaharaDefaultTaxCodeId'
  | 'zaharaCostCodeId'
  | 'zaharaDivisionId'
  | 'exportedAt'
>;

@Injectable()
export class SuppliersRepository {
  /**
   * A directory supplier from the catalogue's events that the company may see: not deleted,
   * and active or its own (an inactive supplier is visible only to the company that added
   * it, as in the catalogue).
   */
  async supplier(tx: AccountingTx, customerId: string, id: string) {
    const [row] = await tx
      .select()
      .from(suppliers)
      .where(
        and(
          eq(suppliers.id, id),
          isNull(suppliers.deletedAt),
          or(eq(suppliers.isActive, true), eq(suppliers.createdBy, customerId)),
        ),
      );
    return row;
  }

  async matches(tx: AccountingTx, customerId: string): Promise<MatchWithName[]> {
    const rows = await tx
      .select({ match: supplierMatches, supplierName: suppliers.name })
      .from(supplierMatches)
      .leftJoin(suppliers, eq(suppliers.id, supplierMatches.supplierId))
      .where(eq(supplierMatches.customerId, customerId))
      .orderBy(asc(suppliers.name), asc(supplierMatches.createdAt));
    return rows.map((r) => ({ ...r.match, supplierName: r.supplierName }));
  }

  async match(
    tx: AccountingTx,
    customerId: string,
    supplierId: string,
  ): Promise<SupplierMatchRow | undefined> {
    const [row] = await tx
      .select()
      .from(supplierMatches)
      .where(and(eq(supplierMatches.customerId, customerId), eq(supplierMatches.supplierId, supplierId)));
    return row;
  }

  /** Removes the company's matches of these suppliers; answers the suppliers that had one. */
  async deleteMatches(tx: AccountingTx, customerId: string, supplierIds: string[]): Promise<string[]> {
    if (supplierIds.length === 0) return [];
    const removed = await tx
      .delete(supplierMatches)
      .where(
        and(eq(supplierMatches.customerId, customerId), inArray(supplierMatches.supplierId, supplierIds)),
      )
      .returning({ supplierId: supplierMatches.supplierId });
    return removed.map((r) => r.supplierId);
  }

  async saveMatch(
    tx: AccountingTx,
    customerId: string,
    supplierId: string,
    values: MatchValues,
  ): Promise<SupplierMatchRow> {
    const [row] = await tx
      .insert(supplierMatches)
      .values({ customerId, supplierId, ...values })
      .onConflictDoUpdate({ target: [supplierMatches.customerId, supplierMatches.supplierId], set: values })
      .returning();
    return row;
  }
}
