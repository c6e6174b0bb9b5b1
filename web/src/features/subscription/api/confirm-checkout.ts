import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /subscriptions/success {sessionId} (spec §4 Return from checkout, §7). */
export function confirmCheckout(sessionId: string): Promise<unknown> {
  return apiRequest('/subscriptions/success', { method: 'POST', body: { sessionId } });
}

export function useConfirmCheckout() {
  return useMutation({ mutationFn: confirmCheckout });
}
