import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Role } from '../../../lib/types';

export interface CreateInvitationInput {
  email: string;
  name: string;
  role: Role;
}

export interface Invitation {
  id: string | number;
  email: string;
  name: string | null;
  role: Role;
  expires_at: string;
}

export function createInvitation(
  input: CreateInvitationInput,
): Promise<{ invitation: Invitation; message?: string }> {
  return apiRequest('/invitations', { method: 'POST', body: input });
}

export function useCreateInvitation() {
  return useMutation({ mutationFn: createInvitation });
}
