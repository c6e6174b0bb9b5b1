import { Global, Module } from '@nestjs/common';
import { CatalogueLookup } from './catalogue-lookup';
import { PurchaseOrderAvailability } from './purchase-orders';
import { ReadModelsRepository } from './read-models.repository';

@Global()
@Module({
  providers: [ReadModelsRepository, PurchaseOrderAvailability, CatalogueLookup],
  exports: [ReadModelsRepository, PurchaseOrderAvailability, CatalogueLookup],
})
export class ReadModelsModule {}
