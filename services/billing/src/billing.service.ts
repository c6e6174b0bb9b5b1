import { join } from 'node:path';
import { contractEventsOf, defineService } from '@planted/service-kit';
import { billingEnvSchema } from './config';
import { idempotentRequests, outbox, processedEvents, schema } from './db/schema';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { stripeEventsConsumer } from './webhooks/stripe-events.consumer';

/** Billing on the service kit: plans, each company's Stripe subscription, the card provider's webhooks. */
export const billingService = defineService({
  name: 'billing',
  config: billingEnvSchema,
  database: {
    schemaName: 'billing',
    schema,
    // Beside src/ and dist/ alike, so it is found from the sources (tests) and the build.
    migrationsFolder: join(__dirname, '..', 'migrations'),
    outbox,
    processedEvents,
    idempotentRequests,
  },
  events: {
    name: 'BILLING',
    subjects: contractEventsOf('billing'),
    description: 'Domain events of the billing service (subscription changes, Stripe events taken in)',
  },
  modules: [SubscriptionsModule],
  consumers: [stripeEventsConsumer],
});
