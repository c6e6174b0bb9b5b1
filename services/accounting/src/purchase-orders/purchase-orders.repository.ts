import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { preparedQuery } from '@planted/db';
import type { AccountingTx } from '../db/database';
import {
  equipment,
  hires,
  purchaseOrderHires,
  purchaseOrders,
  sites,
  type PurchaseOrderRow,
} from '../db/schema';
import type { OrderHire } from './order-lines';

export interface OrderHireRow extends OrderHire {
  supplierId: string;
  deleted: boolean;
}

@Injectable()
export class PurchaseOrdersRepository {
  /** The company's hires among `ids`, with what their lines need (deleted ones flagged). */
  async hires(tx: AccountingTx, customerId: string, ids: readonly string[]): Promise<OrderHireRow[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: hires.id,
        supplierId: hires.supplierId,
        equipmentName: equipment.name,
        hireStartDate: hires.hireStartDate,
        hireEndDate: hires.hireEndDate,
        hireDurationDays: hires.hireDurationDays,
        pricingTerm: hires.pricingTerm,
        price: hires.price,
        deliveryCharge: hires.deliveryCharge,
        operatorCost: hires.operatorCost,
        projectId: sites.zaharaProjectId,
        deletedAt: hires.deletedAt,
      })
      .from(hires)
      .leftJoin(equipment, eq(equipment.id, hires.equipmentId))
      .leftJoin(sites, and(eq(sites.id, hires.siteId), isNull(sites.deletedAt)))
      .where(and(eq(hires.customerId, customerId), inArray(hires.id, [...ids])))
      .orderBy(asc(hires.hireStartDate), asc(hires.id));
    return rows.map(({ deletedAt, projectId, ...row }) => ({
      ...row,
      deleted: deletedAt !== null,
      projectId: projectId && /^\d+$/.test(projectId) ? Number(projectId) : null,
    }));
  }

  /** The orders the hires are on, by hire id. */
  async bindings(tx: AccountingTx, customerId: string, hireIds: readonly string[]) {
    if (hireIds.length === 0) return [];
    return tx
      .select({ hireId: purchaseOrderHires.hireId, order: purchaseOrders })
      .from(purchaseOrderHires)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderHires.purchaseOrderId))
      .where(
        and(eq(purchaseOrderHires.customerId, customerId), inArray(purchaseOrderHires.hireId, [...hireIds])),
      );
  }

  async hireIdsOf(tx: AccountingTx, orderId: string): Promise<string[]> {
    const rows = await tx
      .select({ hireId: purchaseOrderHires.hireId })
      .from(purchaseOrderHires)
      .where(eq(purchaseOrderHires.purchaseOrderId, orderId))
      .orderBy(asc(purchaseOrderHires.hireId));
    return rows.map((r) => r.hireId);
  }

  /**
   * A new order for the hires; none if any of them is on one already (the primary key on
   * hire_id: a hire is never on two), in which case nothing is written.
   */
  async insert(
    tx: AccountingTx,
    order: {
      id?: string;
      customerId: string;
      externalId: string;
      supplierId: string;
      origin: 'auto' | 'user';
      nextAttemptAt: string | null;
    },
    hireIds: readonly string[],
  ): Promise<PurchaseOrderRow | undefined> {
    const [row] = await tx.insert(purchaseOrders).values(order).onConflictDoNothing().returning();
    if (!row) return undefined;
    const bound = await tx
      .insert(purchaseOrderHires)
      .values(hireIds.map((hireId) => ({ hireId, customerId: order.customerId, purchaseOrderId: row.id })))
      .onConflictDoNothing()
      .returning();
    if (bound.length !== hireIds.length) {
      // Another order took one of them first: this one must not exist.
      await tx.delete(purchaseOrders).where(eq(purchaseOrders.id, row.id));
      return undefined;
    }
    return row;
  }

  async find(tx: AccountingTx, id: string): Promise<PurchaseOrderRow | undefined> {
    const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
    return row;
  }

  /** A failed order never reached Zahara: removing it frees its hires for another. */
  async remove(tx: AccountingTx, id: string): Promise<void> {
    await tx
      .delete(purchaseOrders)
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, 'failed')));
  }

  async retryNow(tx: AccountingTx, id: string): Promise<void> {
    await tx
      .update(purchaseOrders)
      .set({ status: 'pending', nextAttemptAt: null, failures: 0 })
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, 'failed')));
  }

  /**
   * Takes the order for one run: nobody else creates it until `leaseMs` passes. A run that
   * dies leaves it due again when the lease ends.
   */
  async claim(tx: AccountingTx, id: string, leaseMs: number): Promise<PurchaseOrderRow | undefined> {
    const until = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
    const [row] = await tx
      .update(purchaseOrders)
      .set({ leaseUntil: until, nextAttemptAt: until })
      .where(
        and(
          eq(purchaseOrders.id, id),
          eq(purchaseOrders.status, 'pending'),
          or(isNull(purchaseOrders.leaseUntil), lt(purchaseOrders.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    return row;
  }

  /** Counted before each Add is sent, and committed: a run after this one looks the order up first. */
  async countAttempt(tx: AccountingTx, id: string): Promise<void> {
    await tx
      .update(purchaseOrders)
      .set({ attempts: sql`${purchaseOrders.attempts} + 1` })
      .where(eq(purchaseOrders.id, id));
  }

  async markCreated(
    tx: AccountingTx,
    id: string,
    created: { documentId: string; poNumber: string; lineItemCount: number },
  ): Promise<PurchaseOrderRow> {
    const [row] = await tx
      .update(purchaseOrders)
      .set({
        status: 'created',
        zaharaDocumentId: created.documentId,
        zaharaPoNumber: created.poNumber,
        lineItemCount: created.lineItemCount,
        lastError: null,
        nextAttemptAt: null,
        leaseUntil: null,
      })
      .where(eq(purchaseOrders.id, id))
      .returning();
    return row;
  }

  async markFailed(
    tx: AccountingTx,
    id: string,
    error: string,
    retryInMs: number | null,
  ): Promise<PurchaseOrderRow> {
    const [row] = await tx
      .update(purchaseOrders)
      .set({
        status: retryInMs === null ? 'failed' : 'pending',
        lastError: error,
        failures: sql`${purchaseOrders.failures} + 1`,
        nextAttemptAt: retryInMs === null ? null : sql`now() + ${`${retryInMs} milliseconds`}::interval`,
        leaseUntil: null,
      })
      .where(eq(purchaseOrders.id, id))
      .returning();
    return row;
  }

  /**
   * Takes a created order whose lines in Zahara are due an update, for one run (as `claim`);
   * the row answered carries the `changeSeq` the run brings Zahara up to.
   */
  async claimUpdate(tx: AccountingTx, id: string, leaseMs: number): Promise<PurchaseOrderRow | undefined> {
    const until = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
    const [row] = await tx
      .update(purchaseOrders)
      .set({ leaseUntil: until, updateDueAt: until })
      .where(
        and(
          eq(purchaseOrders.id, id),
          eq(purchaseOrders.status, 'created'),
          lte(purchaseOrders.updateDueAt, sql`now()`),
          or(isNull(purchaseOrders.leaseUntil), lt(purchaseOrders.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    return row;
  }

  /**
   * An update run ended: done (`retryInMs` undefined), refused for good (null) or to be
   * tried again. An edit made while it ran (`changeSeq` moved on) leaves the order due now.
   */
  async endUpdate(
    tx: AccountingTx,
    id: string,
    changeSeq: number,
    outcome:
      | { ok: true; supplierId: string; lineItemCount: number }
      | { ok: false; error: string; retryInMs: number | null },
  ): Promise<PurchaseOrderRow | undefined> {
    const current = sql`${purchaseOrders.changeSeq} = ${changeSeq}`;
    const dueAgain = (then: SQL | null) =>
      then === null
        ? sql`case when ${current} then null else now() end`
        : sql`case when ${current} then ${then} else now() end`;
    const [row] = await tx
      .update(purchaseOrders)
      .set(
        outcome.ok
          ? {
              supplierId: outcome.supplierId,
              lineItemCount: outcome.lineItemCount,
              updateDueAt: dueAgain(null),
              updateFailures: 0,
              updateError: null,
              leaseUntil: null,
            }
          : {
              updateDueAt: dueAgain(
                outcome.retryInMs === null
                  ? null
                  : sql`now() + ${`${outcome.retryInMs} milliseconds`}::interval`,
              ),
              updateFailures: sql`${purchaseOrders.updateFailures} + 1`,
              updateError: outcome.error,
              leaseUntil: null,
            },
      )
      .where(eq(purchaseOrders.id, id))
      .returning();
    return row;
  }

  /** Created orders due an update of their lines in Zahara, across companies (the worker's withSystem transaction). */
  async updatesDue(tx: AccountingTx, limit: number): Promise<{ id: string; customerId: string }[]> {
    return updatesDueStatement(tx).execute({ limit });
  }

  /** Orders due for a (first or further) try, across companies (the worker's withSystem transaction). */
  async due(tx: AccountingTx, limit: number): Promise<{ id: string; customerId: string }[]> {
    return dueStatement(tx).execute({ limit });
  }
}

// The worker's poll, every ACCOUNTING_PO_POLL_MS while idle: built once per connection and prepared.
const dueStatement = preparedQuery((tx: AccountingTx) =>
  tx
    .select({ id: purchaseOrders.id, customerId: purchaseOrders.customerId })
    .from(purchaseOrders)
    .where(
      and(
        // A literal, not a parameter: a generic plan then still matches the partial index purchase_orders_due_idx.
        sql`${purchaseOrders.status} = 'pending'`,
        lte(purchaseOrders.nextAttemptAt, sql`now()`),
        or(isNull(purchaseOrders.leaseUntil), lt(purchaseOrders.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(purchaseOrders.nextAttemptAt))
    .limit(sql.placeholder('limit'))
    .prepare('accounting_purchase_orders_due'),
);

// The worker's poll for created orders whose lines changed: the partial index purchase_orders_update_due_idx.
const updatesDueStatement = preparedQuery((tx: AccountingTx) =>
  tx
    .select({ id: purchaseOrders.id, customerId: purchaseOrders.customerId })
    .from(purchaseOrders)
    .where(
      and(
        sql`${purchaseOrders.status} = 'created' and ${purchaseOrders.updateDueAt} is not null`,
        lte(purchaseOrders.updateDueAt, sql`now()`),
        or(isNull(purchaseOrders.leaseUntil), lt(purchaseOrders.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(purchaseOrders.updateDueAt))
    .limit(sql.placeholder('limit'))
    .prepare('accounting_purchase_orders_update_due'),
);
