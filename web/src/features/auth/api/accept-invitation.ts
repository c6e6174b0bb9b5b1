import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from '../../../lib/query-keys';
import type { z } from 'zod';
import type { invitationAcceptSchema } from '@planted/contracts';
import type { User } from '../../../lib/types';

export type AcceptInvitationInput = z.output<typeof invitationAcceptSchema>;

export function acceptInvitation(input: AcceptInvitationInput): Promise<{ user: User; message?: string }> {
  return apiRequest('/invitations/accept', { method: 'POST', body: input });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The invitation is used up: a cached 'valid' answer for its token must not be shown again.
    onSuccess: (_answer, { token }) =>
      queryClient.removeQueries({ queryKey: invitationKeys.validate(token) }),
  });
}
