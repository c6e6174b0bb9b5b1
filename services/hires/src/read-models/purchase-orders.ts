import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { preparedQuery } from '@planted/db';
import type { HiresTx } from '../db/database';
import { accountingSettings } from '../db/schema';

/**
 * The rule, as SQL over the company's accounting_settings row: the integration is active and
 * does not create every new hire's order by itself (null without a row). Read here and with a
 * new hire's references (ReadModelsRepository.references).
 */
export const OFFERS_PURCHASE_ORDER = sql<
  boolean | null
>`(${accountingSettings.isActive} and not ${accountingSettings.autoCreatePurchaseOrders})`;

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
    return row?.offers ?? false;
  }

  private readonly statement = preparedQuery((tx: HiresTx) =>
    tx
      .select({ offers: OFFERS_PURCHASE_ORDER })
      .from(accountingSettings)
      .where(eq(accountingSettings.customerId, sql.placeholder('customerId')))
      .prepare('hires_purchase_order_available'),
  );
}
