import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingPlansList, ReplyOf, SubscriptionPlan } from '@planted/contracts';
import { PLANS } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/query-keys';

export interface PlanList {
  plans: SubscriptionPlan[];
  /** True when loading failed and the built-in list is shown instead (spec §8). */
  builtIn: boolean;
}

/**
 * Spec §8: if plan loading fails a built-in plan list is shown: the domain's plan table, the
 * one the billing service serves. It carries no card provider price ids (those are billing's
 * configuration), so a plan chosen from it answers 'Price ID not available for this plan'.
 */
export const BUILT_IN_PLANS: PlanList = {
  builtIn: true,
  plans: PLANS.map((plan) => ({
    ...plan,
    features: [...plan.features],
    stripe_price_id_monthly: null,
    stripe_price_id_yearly: null,
  })),
};

/** GET /subscriptions/plans (spec §7), else the built-in list; it never fails. */
export async function getPlans(): Promise<PlanList> {
  try {
    const { plans } = await apiRequest<ReplyOf<typeof BillingPlansList>>('/subscriptions/plans');
    if (!Array.isArray(plans) || plans.length === 0) throw new Error('No plans in the answer');
    return { plans, builtIn: false };
  } catch (error) {
    console.error('Failed to load subscription plans; showing the built-in list', error);
    return BUILT_IN_PLANS;
  }
}

export const plansQuery = queryOptions({ queryKey: subscriptionKeys.plans(), queryFn: getPlans });

export function usePlans() {
  return useQuery(plansQuery);
}
