import { useMutation } from '@tanstack/react-query';
import type { BillingCheckout, ReplyOf } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /subscriptions/checkout (spec §4 Plans, §7): a card checkout for the plan's monthly
 * price; the browser then leaves for the returned checkout URL.
 */
export function startCheckout(priceId: string): Promise<ReplyOf<typeof BillingCheckout>> {
  return apiRequest('/subscriptions/checkout', {
    method: 'POST',
    body: { priceId, billingInterval: 'month' },
  });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
