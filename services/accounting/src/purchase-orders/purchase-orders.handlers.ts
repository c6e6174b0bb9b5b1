import { Controller } from '@nestjs/common';
import {
  AccountingPurchaseOrderCreate,
  AccountingPurchaseOrderCreateBulk,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { PurchaseOrdersService } from './purchase-orders.service';

@Controller()
export class PurchaseOrdersHandlers {
  constructor(private readonly orders: PurchaseOrdersService) {}

  @Handles(AccountingPurchaseOrderCreate)
  create({ actor, hireId }: ParsedRequestOf<typeof AccountingPurchaseOrderCreate>) {
    return this.orders.createOne(actor, hireId);
  }

  @Handles(AccountingPurchaseOrderCreateBulk)
  createBulk({ actor, hireIds }: ParsedRequestOf<typeof AccountingPurchaseOrderCreateBulk>) {
    return this.orders.createBulk(actor, hireIds);
  }
}
