import { HireCreated, HireDeleted, HireUpdated } from '@planted/contracts';
import type { ConsumerDefinition } from '@planted/service-kit';
import type { CatalogueSchema } from '../db/schema';
import { PricingRepository } from './pricing.repository';

/**
 * The latest price per item comes from the hires service's events: each hire's price per
 * day, supplier and start date kept in catalogue.hire_prices. Applied once per event
 * (processed_events), in order of the hire's updated_at.
 */
export const hirePricesConsumer: ConsumerDefinition<CatalogueSchema> = {
  name: 'catalogue-hire-prices',
  stream: 'HIRES',
  // The hires service may not run yet (or at all, in a partial deployment): the consumer waits for it.
  register(consumer, get) {
    const prices = () => get(PricingRepository);
    consumer
      .on(HireCreated, (event, tx) => prices().upsert(tx, event.payload.hire))
      .on(HireUpdated, (event, tx) => prices().upsert(tx, event.payload.hire))
      .on(HireDeleted, (event, tx) =>
        prices().markDeleted(tx, event.payload.hire_id, event.payload.customer_id),
      );
  },
};
