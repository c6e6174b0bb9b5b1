import type { BillingCheckoutSuccess, ReplyOf } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /subscriptions/success {sessionId} (spec §4 Return from checkout, §7). */
export function confirmCheckout(sessionId: string): Promise<ReplyOf<typeof BillingCheckoutSuccess>> {
  return apiRequest('/subscriptions/success', { method: 'POST', body: { sessionId } });
}
