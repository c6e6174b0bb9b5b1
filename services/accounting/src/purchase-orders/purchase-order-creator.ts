import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTING_MESSAGES as M,
  HIRES_MESSAGES,
  PurchaseOrderCreated,
  PurchaseOrderFailed,
  ServiceError,
} from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { backoffDelay } from '@planted/messaging';
import { CONFIG, DATABASE, LOGGER, OutboxService } from '@planted/service-kit';
import type { AccountingConfig } from '../config';
import type { AccountingDatabase } from '../db/database';
import type { PurchaseOrderRow, SettingsRow } from '../db/schema';
import { SettingsService } from '../settings/settings.service';
import { SuppliersRepository } from '../suppliers/suppliers.repository';
import type { ZaharaApi } from '../zahara/zahara-client';
import { isZaharaError } from '../zahara/zahara-error';
import { zaharaServiceError } from '../zahara/zahara-service-error';
import type { ZaharaPurchaseOrder, ZaharaPurchaseOrderAdd } from '../zahara/zahara.models';
import { hireLines, type LineCodes } from './order-lines';
import { PurchaseOrdersRepository, type OrderHireRow } from './purchase-orders.repository';

/** Zahara's most lines on one order. */
export const MAX_LINES = 200;
const MAX_RETRY_MS = 3_600_000;

export type RunOutcome =
  | { kind: 'created'; order: PurchaseOrderRow }
  | { kind: 'failed'; order: PurchaseOrderRow; error: ServiceError }
  /** Another run has the order (its lease); it ends created or failed there. */
  | { kind: 'busy' };

export interface PreparedOrder {
  api: ZaharaApi;
  body: ZaharaPurchaseOrderAdd;
  hires: OrderHireRow[];
  /** The directory supplier the order is made out to (an update's: its hires' supplier now). */
  supplierId: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates one recorded order in Zahara, at most once whatever is retried, redelivered or
 * timed out: a lease keeps two runs apart; each Add is counted (and committed) before it is
 * sent; and once one was sent, the order's ExternalId is looked up
 * (PurchaseOrder/GetByExternalId) before another. A failure is recorded on the order with
 * its next try (or none, when Zahara refused the order itself) and announced as an event.
 */
/**
 * A failure no retry mends: Zahara refused the order itself (400) or does not know it (404),
 * or its hires are gone or cannot be on one order. Anything else (Zahara down or slow, the
 * key refused, no match or codes yet) is tried again later.
 */
export function isFinalFailure(err: unknown): boolean {
  return (
    (isZaharaError(err) && (err.failure === 'rejected' || err.failure === 'not_found')) ||
    (err instanceof ServiceError && (err.code === 'NOT_FOUND' || err.code === 'VALIDATION_FAILED'))
  );
}

/** What a run knows of its order's Add in Zahara. */
interface AddState {
  unanswered: boolean;
}

@Injectable()
export class PurchaseOrderCreator {
  constructor(
    @Inject(DATABASE) private readonly database: AccountingDatabase,
    @Inject(CONFIG) private readonly config: AccountingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly orders: PurchaseOrdersRepository,
    private readonly settings: SettingsService,
    private readonly suppliers: SuppliersRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** How long an order waits after its `failures`-th failed run (create or update) before the next. */
  retryInMs(failures: number): number {
    return backoffDelay(failures, this.config.ACCOUNTING_PO_RETRY_BASE_MS, MAX_RETRY_MS);
  }

  /** Long enough for every call of one run (each bounded by ZAHARA_DEADLINE_MS). */
  get leaseMs(): number {
    return this.config.ZAHARA_DEADLINE_MS * (this.config.ZAHARA_MAX_ATTEMPTS * 2 + 2);
  }

  async run(customerId: string, orderId: string): Promise<RunOutcome> {
    const claimed = await this.database.withTenant(customerId, (tx) =>
      this.orders.claim(tx, orderId, this.leaseMs),
    );
    if (!claimed) {
      const order = await this.database.readAsTenant(customerId, (tx) => this.orders.find(tx, orderId));
      return order?.status === 'created' ? { kind: 'created', order } : { kind: 'busy' };
    }
    const hireIds = await this.database.readAsTenant(customerId, (tx) => this.orders.hireIdsOf(tx, orderId));
    // Whether an Add is out with no answer yet (this run's, or an earlier run's not looked up since).
    const add: AddState = { unanswered: claimed.lastError === M.PURCHASE_ORDER_UNCONFIRMED };
    try {
      const prepared = await this.prepare(customerId, { ...claimed, hireIds });
      const po = await this.addOnce(customerId, claimed, prepared, add);
      const order = await this.database.withTenant(customerId, async (tx) => {
        const row = await this.orders.markCreated(tx, orderId, {
          documentId: String(po.DocumentId),
          poNumber: po.PurchaseOrderNumber,
          lineItemCount: po.LineItems?.length ?? prepared.body.LineItems.length,
        });
        await this.outbox.record(
          tx,
          PurchaseOrderCreated,
          {
            customer_id: customerId,
            hire_ids: hireIds,
            zahara_document_id: row.zaharaDocumentId!,
            zahara_po_number: row.zaharaPoNumber!,
            external_id: row.externalId,
          },
          customerId,
        );
        return row;
      });
      this.outbox.committed();
      return { kind: 'created', order };
    } catch (err) {
      return this.failed(customerId, claimed, hireIds, err, add.unanswered);
    }
  }

  /**
   * Everything the Add needs: the company's Zahara, the supplier's match, codes from the
   * match or else the settings, the tax code's own rate, and the hires' lines. With
   * `checkOnly`, the checks a user's request makes before an order is recorded, without
   * calling Zahara: once recorded, a failure in Zahara is the order's, retried, never lost.
   * With `update`, the lines of an order made already: every hire on it, those deleted here
   * since included (what was ordered stays ordered), made out to the one supplier its hires
   * now share.
   */
  async prepare(
    customerId: string,
    order: { externalId: string; supplierId: string; hireIds: readonly string[] },
    options: { checkOnly?: boolean; update?: boolean } = {},
  ): Promise<PreparedOrder> {
    const { api, settings } = await this.settings.forCompany(customerId);
    const { hires, match, supplierId } = await this.database.readAsTenant(customerId, async (tx) => {
      const found = await this.orders.hires(tx, customerId, order.hireIds);
      const hires = options.update ? found : found.filter((h) => !h.deleted);
      const suppliers = new Set(hires.map((h) => h.supplierId));
      if (options.update && suppliers.size > 1)
        throw new ServiceError('VALIDATION_FAILED', M.ORDER_SUPPLIERS_DIFFER);
      const supplierId = options.update && suppliers.size === 1 ? [...suppliers][0] : order.supplierId;
      return { hires, supplierId, match: await this.suppliers.match(tx, customerId, supplierId) };
    });
    if (hires.length === 0) throw new ServiceError('NOT_FOUND', HIRES_MESSAGES.HIRE_NOT_FOUND);
    if (!match) throw new ServiceError('SUPPLIER_NOT_MATCHED', M.SUPPLIER_NOT_MATCHED);
    const codes = await this.codes(api, settings, match, options.checkOnly === true);
    const lines = hires.flatMap((hire) => hireLines(hire, codes));
    if (lines.length > MAX_LINES) throw new ServiceError('VALIDATION_FAILED', M.TOO_MANY_LINES);
    return {
      api,
      hires,
      supplierId,
      body: {
        SupplierId: match.zaharaSupplierId,
        ExternalId: order.externalId,
        RequiredDate: hires.map((h) => h.hireStartDate).sort()[0],
        LineItems: lines,
      },
    };
  }

  private async codes(
    api: ZaharaApi,
    settings: SettingsRow,
    match: {
      zaharaNominalId: number | null;
      zaharaDefaultTaxCodeId: number | null;
      zaharaCostCodeId: number | null;
      zaharaDivisionId: number | null;
    },
    checkOnly: boolean,
  ): Promise<LineCodes> {
    const nominalCodeId = match.zaharaNominalId ?? settings.nominalCodeId;
    const taxCodeId = match.zaharaDefaultTaxCodeId ?? settings.taxCodeId;
    if (!nominalCodeId || !taxCodeId) throw new ServiceError('ACCOUNTING_NOT_CONFIGURED', M.CODES_MISSING);
    // Zahara refuses a line whose rate is not its tax code's: its own, not the settings' copy
    // (a check before recording an order asks Zahara nothing).
    const taxPercentage = checkOnly ? 0 : await api.taxRate(taxCodeId);
    return {
      nominalCodeId,
      taxCodeId,
      taxPercentage,
      costCodeId: match.zaharaCostCodeId ?? settings.costCodeId,
      divisionId: match.zaharaDivisionId ?? settings.divisionCodeId,
    };
  }

  private async addOnce(
    customerId: string,
    order: PurchaseOrderRow,
    { api, body }: PreparedOrder,
    add: AddState,
  ): Promise<ZaharaPurchaseOrder> {
    let sent = order.attempts > 0;
    for (let attempt = 1; ; attempt++) {
      if (sent) {
        const [found] = await api.purchaseOrdersByExternalId(order.externalId);
        if (found) return found;
        add.unanswered = false; // Zahara does not have it: known, not in doubt
      }
      await this.database.withTenant(customerId, (tx) => this.orders.countAttempt(tx, order.id));
      sent = true;
      try {
        return await api.addPurchaseOrder(body);
      } catch (err) {
        // No answer at all (timed out, connection lost, answer cut off): it may have been made.
        if (isZaharaError(err) && err.mayHaveWorked && err.options.status === undefined)
          add.unanswered = true;
        if (!isZaharaError(err) || !err.mayHaveWorked || attempt >= this.config.ZAHARA_MAX_ATTEMPTS)
          throw err;
        this.logger.warn(
          { order: order.id, attempt },
          'no answer to PurchaseOrder/Add; looking it up before another',
        );
        await sleep(backoffDelay(attempt, this.config.ZAHARA_RETRY_BASE_MS, 10_000));
      }
    }
  }

  /**
   * Recorded on the order: Zahara's refusal of the order itself (400, 404) and hires that
   * are gone end it; anything else (Zahara down or slow, the key refused, no match or codes
   * yet) is tried again later, waiting longer each time.
   */
  private async failed(
    customerId: string,
    order: PurchaseOrderRow,
    hireIds: string[],
    err: unknown,
    /** An Add got no answer and Zahara has not been asked since whether it made the order. */
    unconfirmed: boolean,
  ): Promise<RunOutcome> {
    const mapped = zaharaServiceError(err);
    // Zahara unreachable while an Add may have made the order: the hire says it is being
    // checked (the next run looks it up by ExternalId before anything else), not that it failed.
    const error =
      mapped instanceof ServiceError
        ? mapped.code === 'ZAHARA_UNAVAILABLE'
          ? new ServiceError(
              'ZAHARA_UNAVAILABLE',
              unconfirmed ? M.PURCHASE_ORDER_UNCONFIRMED : M.PURCHASE_ORDER_QUEUED,
            )
          : mapped
        : new ServiceError('INTERNAL', 'The purchase order could not be created');
    if (!(mapped instanceof ServiceError))
      this.logger.error({ err, order: order.id }, 'purchase order run failed');
    const final = isFinalFailure(err);
    const retryInMs = final ? null : this.retryInMs(order.failures + 1);
    const row = await this.database.withTenant(customerId, async (tx) => {
      const saved = await this.orders.markFailed(tx, order.id, error.message, retryInMs);
      await this.outbox.record(
        tx,
        PurchaseOrderFailed,
        {
          customer_id: customerId,
          hire_ids: hireIds,
          error: error.message,
          attempts: saved.failures,
          will_retry: retryInMs !== null,
        },
        customerId,
      );
      return saved;
    });
    this.outbox.committed();
    return { kind: 'failed', order: row, error };
  }
}
