import type { PlanId } from '@planted/domain';

/**
 * A plan as GET /subscriptions/plans answers it (spec §3 'Subscription plan'); limits of null
 * mean unlimited. Placeholder shapes until the billing contracts land.
 */
export interface SubscriptionPlan {
  id: PlanId;
  name: string;
  description: string;
  price_monthly: number;
  price_yearly: number;
  hire_limit: number | null;
  user_limit: number | null;
  features: string[];
  stripe_price_id_monthly: string | null;
  most_popular?: boolean;
}
