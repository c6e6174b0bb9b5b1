import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTING_MESSAGES as M,
  PurchaseOrderUpdated,
  purchaseOrderCompletedMessage,
  ServiceError,
} from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { DATABASE, LOGGER, OutboxService } from '@planted/service-kit';
import type { AccountingDatabase } from '../db/database';
import type { ZaharaApi } from '../zahara/zahara-client';
import { isZaharaError } from '../zahara/zahara-error';
import { zaharaServiceError } from '../zahara/zahara-service-error';
import { isFinalFailure, PurchaseOrderCreator } from './purchase-order-creator';
import { PurchaseOrdersRepository } from './purchase-orders.repository';

/** Zahara's status of a completed order, which refuses any update. */
const ZAHARA_ORDER_COMPLETED = 4;

export type UpdateOutcome = 'updated' | 'failed' | 'busy';

/**
 * Brings a created order's lines in Zahara up to date after its hires were edited (price,
 * dates, term, site, equipment or supplier; see the read models' orderLinesChanged): the
 * order keeps its number and document, and Zahara gets every hire's lines as they are now
 * (PurchaseOrder/Update, which replaces them). A PUT of the whole order is safe to send
 * again, so a lost answer is simply retried. Zahara's refusal (a completed order, say) ends
 * the update and is kept on the order; anything else is tried again later, waiting longer
 * each time. An edit made during a run makes the order due again as soon as the run ends.
 */
@Injectable()
export class PurchaseOrderUpdater {
  constructor(
    @Inject(DATABASE) private readonly database: AccountingDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly orders: PurchaseOrdersRepository,
    private readonly creator: PurchaseOrderCreator,
    private readonly outbox: OutboxService,
  ) {}

  async run(customerId: string, orderId: string): Promise<UpdateOutcome> {
    const claimed = await this.database.withTenant(customerId, (tx) =>
      this.orders.claimUpdate(tx, orderId, this.creator.leaseMs),
    );
    if (!claimed) return 'busy';
    const hireIds = await this.database.readAsTenant(customerId, (tx) => this.orders.hireIdsOf(tx, orderId));
    // Each run's outcome goes onto the order's hires too (PurchaseOrderUpdated), with the order's end.
    const end = async (
      outcome: Parameters<PurchaseOrdersRepository['endUpdate']>[3],
      announced: { error: string | null; will_retry: boolean },
    ) => {
      await this.database.withTenant(customerId, async (tx) => {
        await this.orders.endUpdate(tx, orderId, claimed.changeSeq, outcome);
        await this.outbox.record(
          tx,
          PurchaseOrderUpdated,
          {
            customer_id: customerId,
            hire_ids: hireIds,
            zahara_po_number: claimed.zaharaPoNumber!,
            ...announced,
          },
          customerId,
        );
      });
      this.outbox.committed();
    };
    const documentId = Number(claimed.zaharaDocumentId);
    let api: ZaharaApi | undefined;
    try {
      const prepared = await this.creator.prepare(customerId, { ...claimed, hireIds }, { update: true });
      api = prepared.api;
      const po = await api.updatePurchaseOrder(documentId, prepared.body);
      await end(
        {
          ok: true,
          supplierId: prepared.supplierId,
          lineItemCount: po.LineItems?.length ?? prepared.body.LineItems.length,
        },
        { error: null, will_retry: false },
      );
      this.logger.info(
        { order: orderId, po: claimed.zaharaPoNumber, lines: prepared.body.LineItems.length },
        'purchase order updated in Zahara',
      );
      return 'updated';
    } catch (err) {
      const error = await this.wordedFailure(err, api, documentId, claimed.zaharaPoNumber!);
      const final = isFinalFailure(err);
      const retryInMs = final ? null : this.creator.retryInMs(claimed.updateFailures + 1);
      this.logger.warn(
        // The error itself only when it is not one of Zahara's or ours (a bug): those are worded.
        { err: error.code === 'INTERNAL' ? err : undefined, order: orderId, po: claimed.zaharaPoNumber },
        `purchase order not updated in Zahara: ${error.message}${final ? '' : ' (will try again)'}`,
      );
      await end(
        { ok: false, error: error.message, retryInMs },
        { error: error.message, will_retry: retryInMs !== null },
      );
      return 'failed';
    }
  }

  /**
   * What the hire card says of a failed update: a completed order (Zahara refuses any change
   * to one; asked only after a refusal) with its number; Zahara down or busy as the change
   * waiting for it (the connector sends it by itself); else the failure's own words.
   */
  private async wordedFailure(
    err: unknown,
    api: ZaharaApi | undefined,
    documentId: number,
    poNumber: string,
  ): Promise<ServiceError> {
    const mapped = zaharaServiceError(err);
    if (!(mapped instanceof ServiceError))
      return new ServiceError('INTERNAL', 'The purchase order could not be updated in Zahara');
    if (isZaharaError(err) && err.failure === 'rejected' && api) {
      const order = await api.purchaseOrder(documentId).catch(() => undefined);
      if (order?.Status === ZAHARA_ORDER_COMPLETED)
        return new ServiceError('ZAHARA_REJECTED', purchaseOrderCompletedMessage(poNumber));
    }
    if (mapped.code === 'ZAHARA_UNAVAILABLE' || mapped.code === 'RATE_LIMITED')
      return new ServiceError(mapped.code, M.PURCHASE_ORDER_UPDATE_QUEUED);
    return mapped;
  }
}
