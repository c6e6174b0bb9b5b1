import { Controller } from '@nestjs/common';
import { CatalogueEquipmentPricing, type ParsedRequestOf } from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { PricingService } from './pricing.service';

@Controller()
export class PricingHandlers {
  constructor(private readonly pricing: PricingService) {}

  @Handles(CatalogueEquipmentPricing)
  latest(input: ParsedRequestOf<typeof CatalogueEquipmentPricing>) {
    return this.pricing.latest(input.actor, input.exclude_hire_id);
  }
}
