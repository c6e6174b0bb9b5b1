import { z } from 'zod';
import { planIdSchema } from '../identity/models';
import { defineEvent } from '../subject';
import { stripeEventSchema } from './webhooks';

/**
 * A company's plan, status or dates changed (billing: checkout, webhooks, downgrade at
 * renewal). Identity keeps the customer current from it; hires keeps its plan read model.
 */
export const SubscriptionChanged = defineEvent(
  'billing.subscription.changed.v1',
  z.object({
    customer_id: z.string().uuid(),
    plan: planIdSchema,
    status: z.string(),
    subscription_start_date: z.string().nullable(),
    subscription_end_date: z.string().nullable(),
    subscription_canceled_at: z.string().nullable(),
  }),
);

/**
 * A card-provider event the webhook took in (its id seen for the first time), on billing's
 * own stream for billing's own consumer: the webhook answers at once, and the change is
 * applied from here, retried until it holds. No other service reads it.
 */
export const StripeEventReceived = defineEvent(
  'billing.stripe-event.received.v1',
  z.object({ event: stripeEventSchema }),
);
