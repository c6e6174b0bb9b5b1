import { join } from 'node:path';
import { contractEventsOf, defineService } from '@planted/service-kit';
import { hiresEnvSchema } from './config';
import { idempotentRequests, outbox, processedEvents, schema } from './db/schema';
import { HiresModule } from './hires/hires.module';
import { readModelConsumers } from './read-models/read-model.consumers';
import { ReadModelsModule } from './read-models/read-models.module';
import { SitesModule } from './sites/sites.module';

/** Hires on the service kit: each company's sites and hires, plan limits and dashboard figures. */
export const hiresService = defineService({
  name: 'hires',
  config: hiresEnvSchema,
  database: {
    schemaName: 'hires',
    schema,
    // Beside src/ and dist/ alike, so it is found from the sources (tests) and the build.
    migrationsFolder: join(__dirname, '..', 'migrations'),
    outbox,
    processedEvents,
    idempotentRequests,
  },
  events: {
    name: 'HIRES',
    subjects: contractEventsOf('hires'),
    description: 'Domain events of the hires service (sites, hires)',
  },
  modules: [ReadModelsModule, SitesModule, HiresModule],
  consumers: readModelConsumers,
});
