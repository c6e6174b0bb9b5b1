import { Injectable } from '@nestjs/common';
import type { HiresTx } from '../db/database';

/**
 * Read-model hook: whether the company's accounting integration is active, so the answer
 * to creating a hire offers a purchase order (design.md: the 'create purchase order?'
 * prompt). No accounting connector exists yet, so none is. When it does, its events
 * (integration activated or deactivated) feed a table here, and this reads it in the
 * hire's transaction.
 */
@Injectable()
export class PurchaseOrderAvailability {
  async forCompany(_tx: HiresTx, _customerId: string): Promise<boolean> {
    return false;
  }
}
