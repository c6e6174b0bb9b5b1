import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from '../../../lib/query-keys';

export function revokeInvitation(id: string): Promise<{ message: string }> {
  return apiRequest(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    // A 404 (already accepted or revoked elsewhere) also means the list is stale.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
  });
}
