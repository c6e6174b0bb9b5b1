import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { HiresTx } from '../db/database';
import { accountingSettings } from '../db/schema';

/**
 * Whether the company's accounting integration is active, so the answer to creating a hire
 * offers a purchase order (design.md: the 'create purchase order?' prompt). Read in the
 * hire's transaction from the read model that accounting.settings.changed keeps.
 */
@Injectable()
export class PurchaseOrderAvailability {
  async forCompany(tx: HiresTx, customerId: string): Promise<boolean> {
    const [row] = await tx
      .select({ isActive: accountingSettings.isActive })
      .from(accountingSettings)
      .where(eq(accountingSettings.customerId, customerId));
    return row?.isActive ?? false;
  }
}
