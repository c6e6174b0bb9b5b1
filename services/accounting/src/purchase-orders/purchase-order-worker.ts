import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@planted/logging';
import { Sleeper } from '@planted/messaging';
import { CONFIG, DATABASE, LOGGER } from '@planted/service-kit';
import type { AccountingConfig } from '../config';
import type { AccountingDatabase } from '../db/database';
import { PurchaseOrderCreator } from './purchase-order-creator';
import { PurchaseOrderUpdater } from './purchase-order-updater';
import { PurchaseOrdersRepository } from './purchase-orders.repository';

const BATCH = 10;

/**
 * Creates the orders that are due: hire.created's automatic ones, and every order whose
 * last run failed and waits for its next try; then updates in Zahara the created orders
 * whose hires were edited. Orders are rows, so none is lost while Zahara, NATS or this
 * process is down; the runs' leases keep replicas apart.
 */
@Injectable()
export class PurchaseOrderWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly sleeper = new Sleeper();
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    @Inject(DATABASE) private readonly database: AccountingDatabase,
    @Inject(CONFIG) private readonly config: AccountingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly orders: PurchaseOrdersRepository,
    private readonly creator: PurchaseOrderCreator,
    private readonly updater: PurchaseOrderUpdater,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.work();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.sleeper.wake();
    await this.loop;
  }

  /** An order became due, or due an update (after the transaction that recorded it committed): look now. */
  nudge(): void {
    this.sleeper.wake();
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      let full = false;
      try {
        const due = await this.database.withSystem((tx) => this.orders.due(tx, BATCH));
        for (const order of due) {
          if (this.stopped) break;
          await this.creator.run(order.customerId, order.id);
        }
        const updates = await this.database.withSystem((tx) => this.orders.updatesDue(tx, BATCH));
        for (const order of updates) {
          if (this.stopped) break;
          await this.updater.run(order.customerId, order.id);
        }
        full = due.length === BATCH || updates.length === BATCH;
      } catch (err) {
        this.logger.warn({ err }, 'purchase order worker: a pass failed; trying again');
      }
      if (!full) await this.sleeper.sleep(this.config.ACCOUNTING_PO_POLL_MS);
    }
  }
}
