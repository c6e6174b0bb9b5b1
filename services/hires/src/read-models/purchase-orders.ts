import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { preparedQuery } from '@planted/db';
import type { HiresTx } from '../db/database';
import { accountingSettings } from '../db/schema';

/**
 * Whether the answer to creating a hire offers a purchase order (design.md: the 'create
 * purchase order?' prompt): the company's accounting integration is active and does not
 * create every new hire's order by itself. Read in the
 * hire's transaction from the read model that accounting.settings.changed keeps (a new hire's
 * write reads it with its references: ReadModelsRepository.references).
 */
@Injectable()
export class PurchaseOrderAvailability {
  async forCompany(tx: HiresTx, customerId: string): Promise<boolean> {
    const [row] = await this.statement(tx).execute({ customerId });
    // With automatic purchase orders on, every new hire gets one without asking: nothing to offer.
    return (row?.isActive ?? false) && !row?.autoCreatePurchaseOrders;
  }

  private readonly statement = preparedQuery((tx: HiresTx) =>
    tx
      .select({
        isActive: accountingSettings.isActive,
        autoCreatePurchaseOrders: accountingSettings.autoCreatePurchaseOrders,
      })
      .from(accountingSettings)
      .where(eq(accountingSettings.customerId, sql.placeholder('customerId')))
      .prepare('hires_purchase_order_available'),
  );
}
