import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { HireEvent } from '@planted/contracts';
import { preparedQuery } from '@planted/db';
import type { AccountingTx } from '../db/database';
import { settings } from '../db/schema';
import { PurchaseOrdersRepository } from './purchase-orders.repository';

/** What hire.created needs of the company's settings, read with a statement prepared once per connection. */
const autoCreateSettings = preparedQuery((tx: AccountingTx) =>
  tx
    .select({
      isActive: settings.isActive,
      autoCreatePurchaseOrders: settings.autoCreatePurchaseOrders,
      // As `!!apiKeyEncrypted`: neither null nor empty.
      hasApiKey: sql<boolean>`coalesce(${settings.apiKeyEncrypted}, '') <> ''`,
    })
    .from(settings)
    .where(eq(settings.customerId, sql.placeholder('customerId')))
    .prepare('accounting_auto_create_settings'),
);

/**
 * hire.created with the company's auto-create on: the hire's order is recorded in the
 * consumer's transaction (so a redelivered event finds it there, and the event is acked
 * only once it is), and the worker creates it in Zahara.
 */
@Injectable()
export class AutoOrders {
  constructor(private readonly orders: PurchaseOrdersRepository) {}

  async onHireCreated(tx: AccountingTx, hire: HireEvent): Promise<boolean> {
    const [found] = await autoCreateSettings(tx).execute({ customerId: hire.customer_id });
    if (!found?.isActive || !found.autoCreatePurchaseOrders || !found.hasApiKey) return false;
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
