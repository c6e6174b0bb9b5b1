import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys, userKeys } from '../../../lib/query-keys';

/** Admins: the account is deactivated, its sessions end and its seat is free. */
export function removeUser(id: string): Promise<{ message: string }> {
  return apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    // The team loses the user and the seats line (with the pending invitations) a used seat.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
      ]),
  });
}
