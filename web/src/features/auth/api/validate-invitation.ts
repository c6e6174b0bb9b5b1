import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { IdentityInvitationValidate, ReplyOf } from '@planted/contracts';
import { invitationKeys } from '../../../lib/query-keys';

type ValidateAnswer = ReplyOf<typeof IdentityInvitationValidate>;
export type InvitationDetails = ValidateAnswer['invitation'];

export function validateInvitation(token: string): Promise<ValidateAnswer> {
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
