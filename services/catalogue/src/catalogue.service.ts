import { join } from 'node:path';
import { contractEventsOf, defineService } from '@planted/service-kit';
import { catalogueEnvSchema } from './config';
import { idempotentRequests, outbox, processedEvents, schema } from './db/schema';
import { EquipmentModule } from './equipment/equipment.module';
import { hirePricesConsumer } from './pricing/hire-prices.consumer';
import { PricingModule } from './pricing/pricing.module';
import { accountingSuppliersConsumer } from './suppliers/accounting.consumer';
import { SuppliersModule } from './suppliers/suppliers.module';

/** The community catalogue on the service kit: equipment, suppliers, favourites, notes and latest prices. */
export const catalogueService = defineService({
  name: 'catalogue',
  config: catalogueEnvSchema,
  database: {
    schemaName: 'catalogue',
    schema,
    // Beside src/ and dist/ alike, so it is found from the sources (tests) and the build.
    migrationsFolder: join(__dirname, '..', 'migrations'),
    outbox,
    processedEvents,
    idempotentRequests,
  },
  events: {
    name: 'CATALOGUE',
    subjects: contractEventsOf('catalogue'),
    description: 'Domain events of the catalogue service (equipment, suppliers)',
  },
  modules: [EquipmentModule, SuppliersModule, PricingModule],
  consumers: [hirePricesConsumer, accountingSuppliersConsumer],
});
