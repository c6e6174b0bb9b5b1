import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from '../../../lib/query-keys';
import type { PendingInvitation } from './get-pending-invitations';

export function resendInvitation(id: string): Promise<{ invitation: PendingInvitation; message: string }> {
  return apiRequest(`/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    // On success the expiry starts again; a 404 (accepted or revoked meanwhile) means the list is stale.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
  });
}
