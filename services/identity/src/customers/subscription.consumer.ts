import { SubscriptionChanged } from '@planted/contracts';
import type { ConsumerDefinition } from '@planted/service-kit';
import type { IdentitySchema } from '../db/schema';
import { CustomersRepository } from './customers.repository';

/**
 * Keeps each company's status, plan and dates as billing decides them (checkout, webhooks,
 * downgrade at renewal), so the profile, the sidebar badge and the plan's user limit follow.
 * No customer event is told on for it: the other services read billing's event themselves,
 * and a second source of the same fact could overtake the first.
 */
export const subscriptionConsumer: ConsumerDefinition<IdentitySchema> = {
  name: 'identity-billing',
  stream: 'BILLING',
  register(consumer, get) {
    consumer.on(SubscriptionChanged, async (event, tx) => {
      await get(CustomersRepository).applySubscription(tx, event.payload, event.occurredAt);
    });
  },
};
