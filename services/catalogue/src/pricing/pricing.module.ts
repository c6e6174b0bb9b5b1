import { Module } from '@nestjs/common';
import { PricingHandlers } from './pricing.handlers';
import { PricingRepository } from './pricing.repository';
import { PricingService } from './pricing.service';

@Module({
  controllers: [PricingHandlers],
  providers: [PricingRepository, PricingService],
  exports: [PricingRepository],
})
export class PricingModule {}
