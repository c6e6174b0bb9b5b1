import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLANS } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/query-keys';
import type { SubscriptionPlan } from './types';

export interface PlanList {
  plans: SubscriptionPlan[];
  /** True when loading failed and the built-in list is shown instead (spec §8). */
  builtIn: boolean;
}

/**
 * Spec §8: if plan loading fails a built-in plan list is shown: the domain's plan table, the
 * one the billing service serves. It carries no card provider price ids (those are billing's
 * configuration), so checking out from it answers 'Price ID not available for this plan'.
 */
export const BUILT_IN_PLANS: PlanList = {
  builtIn: true,
  plans: PLANS.map((plan) => ({
    ...plan,
    features: [...plan.features],
    stripe_price_id_monthly: null,
  })),
};

/** GET /subscriptions/plans (spec §7), else the built-in list; it never fails. */
export async function getPlans(): Promise<PlanList> {
  try {
    const { plans } = await apiRequest<{ plans: SubscriptionPlan[] }>('/subscriptions/plans');
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
