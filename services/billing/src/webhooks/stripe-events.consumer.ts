import { StripeEventReceived } from '@planted/contracts';
import type { ConsumerDefinition } from '@planted/service-kit';
import type { BillingSchema } from '../db/schema';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

/**
 * Applies the Stripe events the webhook took in, from billing's own stream: once per event
 * (processed_events, in the transaction of the change), retried with backoff while Stripe or
 * the database fail.
 */
export const stripeEventsConsumer: ConsumerDefinition<BillingSchema> = {
  name: 'billing-stripe-events',
  stream: 'BILLING',
  register(consumer, get) {
    consumer.on(StripeEventReceived, (event, tx) =>
      get(SubscriptionsService).applyStripeEvent(tx, event.payload.event),
    );
  },
};
