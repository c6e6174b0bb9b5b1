import { Global, Module } from '@nestjs/common';
import { PurchaseOrderAvailability } from './purchase-orders';
import { ReadModelsRepository } from './read-models.repository';

@Global()
@Module({
  providers: [ReadModelsRepository, PurchaseOrderAvailability],
  exports: [ReadModelsRepository, PurchaseOrderAvailability],
})
export class ReadModelsModule {}
