import { z } from 'zod';
import { planIdSchema } from '../identity/models';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/**
 * A subscription plan of spec §3 as GET /api/subscriptions/plans answers it: the domain's
 * plan table plus the card provider's price ids of this deployment (null when none is
 * configured: checkout then answers 'Price ID not available for this plan').
 */
export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  description: z.string(),
  price_monthly: z.number(),
  price_yearly: z.number(),
  /** Maximum active hires; null means unlimited. */
  hire_limit: z.number().int().nullable(),
  /** Maximum users; null means unlimited. */
  user_limit: z.number().int().nullable(),
  features: z.array(z.string()),
  most_popular: z.boolean(),
  stripe_price_id_monthly: z.string().nullable(),
  stripe_price_id_yearly: z.string().nullable(),
});
export type SubscriptionPlan = z.infer<typeof planSchema>;

/**
 * A company's subscription as billing keeps it. `status` is the customer status of spec §1
 * (free, active, or anything else: inactive); `subscription_canceled_at` set means the plan
 * becomes free at `subscription_end_date` ('Will downgrade at renewal').
 */
export const subscriptionSchema = z.object({
  plan: planIdSchema,
  status: z.string(),
  billing_interval: billingIntervalSchema.nullable(),
  subscription_start_date: z.string().nullable(),
  /** The end of the paid period: the next billing date while the subscription renews. */
  subscription_end_date: z.string().nullable(),
  subscription_canceled_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
