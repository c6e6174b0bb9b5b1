import { Module } from '@nestjs/common';
import { SuppliersModule } from '../suppliers/suppliers.module';
import { AutoOrders } from './auto-orders';
import { PurchaseOrderCreator } from './purchase-order-creator';
import { PurchaseOrderUpdater } from './purchase-order-updater';
import { PurchaseOrderWorker } from './purchase-order-worker';
import { PurchaseOrdersHandlers } from './purchase-orders.handlers';
import { PurchaseOrdersRepository } from './purchase-orders.repository';
import { PurchaseOrdersService } from './purchase-orders.service';

@Module({
  imports: [SuppliersModule],
  controllers: [PurchaseOrdersHandlers],
  providers: [
    PurchaseOrdersRepository,
    PurchaseOrderCreator,
    PurchaseOrderUpdater,
    PurchaseOrdersService,
    PurchaseOrderWorker,
    AutoOrders,
  ],
  exports: [AutoOrders, PurchaseOrderWorker],
})
export class PurchaseOrdersModule {}
