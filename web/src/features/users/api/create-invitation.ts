import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invitationCreateSchema, invitationSchema } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys, userKeys } from '../../../lib/query-keys';

export type CreateInvitationInput = z.output<typeof invitationCreateSchema>;
export type Invitation = z.output<typeof invitationSchema>;

export function createInvitation(
  input: CreateInvitationInput,
): Promise<{ invitation: Invitation; message?: string }> {
  return apiRequest('/invitations', { method: 'POST', body: input });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // The new invitation joins the pending list (and replaces one to the same address);
    // the team list is where the colleague shows up once they accept.
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
