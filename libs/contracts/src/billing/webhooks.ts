import { z } from 'zod';
import { defineRequest } from '../subject';

/**
 * A card-provider event as the gateway passes it on once its signature checked out (the
 * Stripe `Event` shape, of which billing reads only these fields; `data.object` is the
 * checkout session, subscription or invoice the event is about).
 */
export const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventPayload = z.infer<typeof stripeEventSchema>;

/**
 * POST /api/webhooks/stripe, forwarded by the gateway after it verified the `Stripe-Signature`
 * (only the gateway may call it). Billing records the event id once and answers at once; the
 * change itself is applied from its outbox. `duplicate` is true for an event id seen before.
 */
export const BillingStripeWebhook = defineRequest(
  'billing.webhooks.stripe.v1',
  z.object({ event: stripeEventSchema }),
  z.object({ received: z.literal(true), duplicate: z.boolean() }),
  { caller: 'gateway' },
);
