import { Injectable } from '@nestjs/common';
import type { HireEvent } from '@planted/contracts';
import type { AccountingTx } from '../db/database';
import { SettingsRepository } from '../settings/settings.repository';
import { PurchaseOrdersRepository } from './purchase-orders.repository';

/**
 * hire.created with the company's auto-create on: the hire's order is recorded in the
 * consumer's transaction (so a redelivered event finds it there, and the event is acked
 * only once it is), and the worker creates it in Zahara.
 */
@Injectable()
export class AutoOrders {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly orders: PurchaseOrdersRepository,
  ) {}

  async onHireCreated(tx: AccountingTx, hire: HireEvent): Promise<boolean> {
    const settings = await this.settings.find(tx, hire.customer_id);
    if (!settings?.isActive || !settings.autoCreatePurchaseOrders || !settings.apiKeyEncrypted) return false;
    const order = await this.orders.insert(
      tx,
      {
        customerId: hire.customer_id,
        externalId: hire.id,
        supplierId: hire.supplier_id,
        origin: 'auto',
        nextAttemptAt: new Date().toISOString(),
      },
      [hire.id],
    );
    return order !== undefined;
  }
}
