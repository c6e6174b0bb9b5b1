import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTING_MESSAGES as M,
  HIRES_MESSAGES,
  purchaseOrderCreatedMessage,
  ServiceError,
  type Actor,
} from '@planted/contracts';
import { CONFIG, DATABASE } from '@planted/service-kit';
import type { AccountingConfig } from '../config';
import type { AccountingDatabase } from '../db/database';
import type { PurchaseOrderRow } from '../db/schema';
import { PurchaseOrderCreator } from './purchase-order-creator';
import { PurchaseOrdersRepository } from './purchase-orders.repository';

/** How long an unknown hire id is waited for before it answers 404 (events take milliseconds). */
const HIRE_EVENT_WAIT_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Answer {
  success: true;
  zaharaPoId: string;
  zaharaPoNumber: string;
  message: string;
  lineItemCount: number;
  hireCount: number;
}

/**
 * POST /zahara/purchase-order/create and create-bulk: one order per request, for hires of
 * one supplier. A hire already on an order answers that order (single) or is refused
 * (bulk, unless the whole selection is that order); its order is never made twice.
 */
@Injectable()
export class PurchaseOrdersService {
  constructor(
    @Inject(DATABASE) private readonly database: AccountingDatabase,
    @Inject(CONFIG) private readonly config: AccountingConfig,
    private readonly orders: PurchaseOrdersRepository,
    private readonly creator: PurchaseOrderCreator,
  ) {}

  async createOne(actor: Actor, hireId: string) {
    const {
      lineItemCount: _lines,
      hireCount: _hires,
      ...answer
    } = await this.create(actor, [hireId], 'single');
    return answer;
  }

  createBulk(actor: Actor, hireIds: readonly string[]) {
    return this.create(actor, [...new Set(hireIds)].sort(), 'bulk');
  }

  /**
   * Waits for hires the read model does not hold yet: a hire created a moment ago (the
   * 'create purchase order?' prompt right after it) is still on its way from hires' event.
   */
  private async awaitHires(customerId: string, ids: readonly string[]): Promise<void> {
    const deadline = Date.now() + HIRE_EVENT_WAIT_MS;
    for (;;) {
      const known = await this.database.readAsTenant(customerId, (tx) =>
        this.orders.hires(tx, customerId, ids),
      );
      if (known.length === ids.length || Date.now() >= deadline) return;
      await sleep(100);
    }
  }

  private async create(actor: Actor, ids: string[], kind: 'single' | 'bulk', again = false): Promise<Answer> {
    const customerId = actor.customerId;
    await this.awaitHires(customerId, ids);
    const { order, supplierId } = await this.database.withTenant(customerId, async (tx) => {
      const hires = (await this.orders.hires(tx, customerId, ids)).filter((h) => !h.deleted);
      if (hires.length !== ids.length) throw new ServiceError('NOT_FOUND', HIRES_MESSAGES.HIRE_NOT_FOUND);
      const suppliers = new Set(hires.map((h) => h.supplierId));
      if (suppliers.size > 1)
        throw new ServiceError('VALIDATION_FAILED', M.SAME_SUPPLIER, [
          { param: 'hireIds', msg: M.SAME_SUPPLIER },
        ]);
      const bindings = await this.orders.bindings(tx, customerId, ids);
      const bound = [...new Map(bindings.map((b) => [b.order.id, b.order])).values()];
      const reuse = (existing: PurchaseOrderRow) => ({ order: existing, supplierId: existing.supplierId });
      if (kind === 'single' && bound.length === 1) return reuse(bound[0]);
      if (bound.length === 1 && bindings.length === ids.length) {
        const all = await this.orders.hireIdsOf(tx, bound[0].id);
        if (all.length === ids.length) return reuse(bound[0]);
      }
      for (const existing of bound) {
        // A failed order never reached Zahara: its hires are free for this one.
        // A pending order may be in Zahara's hands right now: it stays, or it could be made twice.
        if (existing.status === 'pending') throw new ServiceError('CONFLICT', M.HIRE_ORDER_WAITING);
        if (existing.status !== 'failed') throw new ServiceError('CONFLICT', M.HIRE_ALREADY_ON_ORDER);
        await this.orders.remove(tx, existing.id);
      }
      return { order: undefined, supplierId: hires[0].supplierId };
    });

    let current = order;
    if (!current) {
      const id = randomUUID();
      const externalId = kind === 'single' ? ids[0] : id;
      // Settings, match, codes and size are checked before anything is recorded.
      await this.creator.prepare(customerId, { externalId, supplierId, hireIds: ids }, { checkOnly: true });
      current = await this.database.withTenant(customerId, (tx) =>
        this.orders.insert(
          tx,
          { id, customerId, externalId, supplierId, origin: 'user', nextAttemptAt: null },
          ids,
        ),
      );
      // Another order (hire.created's automatic one) took a hire meanwhile: answer with that one.
      if (!current) {
        if (again) throw new ServiceError('CONFLICT', M.HIRE_ALREADY_ON_ORDER);
        return this.create(actor, ids, kind, true);
      }
    } else if (current.status === 'failed') {
      const failedId = current.id;
      await this.database.withTenant(customerId, (tx) => this.orders.retryNow(tx, failedId));
    }
    if (current.status !== 'created') current = await this.runOrWait(customerId, current.id);
    const hireCount = await this.database.readAsTenant(
      customerId,
      async (tx) => (await this.orders.hireIdsOf(tx, current!.id)).length,
    );
    return {
      success: true,
      zaharaPoId: current.zaharaDocumentId!,
      zaharaPoNumber: current.zaharaPoNumber!,
      message: purchaseOrderCreatedMessage(current.zaharaPoNumber!),
      lineItemCount: current.lineItemCount ?? 0,
      hireCount,
    };
  }

  /**
   * Runs the order; when another run has it (the worker retrying it), waits for that run's
   * outcome, and when that run failed, runs it once more itself: the user asked for it now,
   * and answers with what this try met (Zahara down, a refused key), not with 409.
   */
  private async runOrWait(customerId: string, orderId: string, waited = false): Promise<PurchaseOrderRow> {
    const outcome = await this.creator.run(customerId, orderId);
    if (outcome.kind === 'created') return outcome.order;
    if (outcome.kind === 'failed') throw outcome.error;
    // Not past the caller's patience: the gateway gives up on the bus after NATS_REQUEST_TIMEOUT_MS,
    // and a 409 saying the order is being made is better than 'did not confirm' after it.
    const waitMs = Math.min(
      this.config.ZAHARA_DEADLINE_MS,
      Math.max(1_000, this.config.NATS_REQUEST_TIMEOUT_MS - 3_000),
    );
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      await sleep(200);
      const row = await this.database.readAsTenant(customerId, (tx) => this.orders.find(tx, orderId));
      if (row?.status === 'created') return row;
      if (row && row.status !== 'pending') break;
      if (row && row.leaseUntil === null) break;
    }
    const row = await this.database.readAsTenant(customerId, (tx) => this.orders.find(tx, orderId));
    if (row?.status === 'created') return row;
    if (!waited && row?.status === 'pending' && row.leaseUntil === null)
      return this.runOrWait(customerId, orderId, true);
    throw new ServiceError('CONFLICT', row?.lastError ?? M.PURCHASE_ORDER_IN_PROGRESS);
  }
}
