import { Inject, Injectable } from '@nestjs/common';
import type { Actor, CatalogueEquipmentPricing, ReplyOf } from '@planted/contracts';
import { DATABASE } from '@planted/service-kit';
import type { CatalogueDatabase } from '../db/database';
import { PricingRepository } from './pricing.repository';

@Injectable()
export class PricingService {
  constructor(
    @Inject(DATABASE) private readonly database: CatalogueDatabase,
    private readonly prices: PricingRepository,
  ) {}

  latest(actor: Actor, excludeHireId?: string): Promise<ReplyOf<typeof CatalogueEquipmentPricing>> {
    return this.database.readAsTenant(actor.customerId, (tx) =>
      this.prices.latest(tx, actor.customerId, excludeHireId),
    );
  }
}
