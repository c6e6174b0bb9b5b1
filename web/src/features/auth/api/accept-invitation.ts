import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../../lib/types';

export interface AcceptInvitationInput {
  token: string;
  name: string;
  password: string;
}

export function acceptInvitation(input: AcceptInvitationInput): Promise<{ user: User; message?: string }> {
  return apiRequest('/invitations/accept', { method: 'POST', body: input });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
