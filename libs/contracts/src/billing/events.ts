import { z } from 'zod';
import { planIdSchema } from '../identity/models';
import { defineEvent } from '../subject';

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
