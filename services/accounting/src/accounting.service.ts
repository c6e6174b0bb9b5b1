import { join } from 'node:path';
import { contractEventsOf, defineService } from '@planted/service-kit';
import { accountingEnvSchema } from './config';
import { idempotentRequests, outbox, processedEvents, schema } from './db/schema';
import { ProjectsModule } from './projects/projects.module';
import { PurchaseOrdersModule } from './purchase-orders/purchase-orders.module';
import { accountingConsumers } from './read-models/consumers';
import { ReadModelsModule } from './read-models/read-models.module';
import { SettingsModule } from './settings/settings.module';
import { SuppliersModule } from './suppliers/suppliers.module';
import { ZaharaModule } from './zahara/zahara.module';

/** The accounting connector on the service kit: Zahara settings, lookups, supplier matching and export, purchase orders, project sync. */
export const accountingService = defineService({
  name: 'accounting',
  config: accountingEnvSchema,
  database: {
    schemaName: 'accounting',
    schema,
    // Beside src/ and dist/ alike, so it is found from the sources (tests) and the build.
    migrationsFolder: join(__dirname, '..', 'migrations'),
    outbox,
    processedEvents,
    idempotentRequests,
  },
  events: {
    name: 'ACCOUNTING',
    subjects: contractEventsOf('accounting'),
    description: 'Domain events of the accounting connector (settings, suppliers, purchase orders)',
  },
  modules: [
    ZaharaModule,
    ReadModelsModule,
    SettingsModule,
    SuppliersModule,
    PurchaseOrdersModule,
    ProjectsModule,
  ],
  consumers: accountingConsumers,
});
