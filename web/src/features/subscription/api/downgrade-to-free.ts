import { useMutation } from '@tanstack/react-query';
import type { BillingDowngradeToFree, ReplyOf } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /subscriptions/downgrade-to-free (spec §4 Plans, §7): the plan stays until the renewal
 * date, then becomes free; meanwhile the company shows 'Will downgrade at renewal'.
 */
export function downgradeToFree(): Promise<ReplyOf<typeof BillingDowngradeToFree>> {
  return apiRequest('/subscriptions/downgrade-to-free', { method: 'POST', body: {} });
}

export function useDowngradeToFree() {
  return useMutation({ mutationFn: downgradeToFree });
}
