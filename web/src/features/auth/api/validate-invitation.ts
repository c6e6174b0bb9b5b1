import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Role } from '@planted/contracts';
import { invitationKeys } from '../../../lib/query-keys';

export interface InvitationDetails {
  email: string;
  name: string | null;
  role: Role;
  customer_name: string | null;
}

export function validateInvitation(token: string): Promise<{ invitation: InvitationDetails }> {
  return apiRequest('/invitations/validate', { query: { token } });
}

export function validateInvitationQuery(token: string) {
  return queryOptions({
    queryKey: invitationKeys.validate(token),
    queryFn: () => validateInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useValidateInvitation(token: string | null) {
  return useQuery({ ...validateInvitationQuery(token ?? ''), enabled: Boolean(token) });
}
