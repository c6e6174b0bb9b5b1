import { useMutation } from '@tanstack/react-query';
import type { BillingKeepPlan, ReplyOf } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /subscriptions/keep-plan: takes back a scheduled downgrade to free; the plan renews at
 * its date as before and 'Will downgrade at renewal' goes.
 */
export function keepPlan(): Promise<ReplyOf<typeof BillingKeepPlan>> {
  return apiRequest('/subscriptions/keep-plan', { method: 'POST', body: {} });
}

export function useKeepPlan() {
  return useMutation({ mutationFn: keepPlan });
}
