import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OAuthProvider, Session } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { PROVIDER_ID_PARAM } from '../schemas';
import type { RegisterInput } from './register';

export { PROVIDER_ID_PARAM, type OAuthProvider };

export type CompleteOAuthSignupInput = Omit<RegisterInput, 'password'> & {
  provider: OAuthProvider;
  providerId: string;
};

export function completeOAuthSignup({
  provider,
  providerId,
  ...fields
}: CompleteOAuthSignupInput): Promise<Pick<Session, 'token' | 'user'>> {
  return apiRequest(`/auth/${provider}/complete-signup`, {
    method: 'POST',
    body: { ...fields, [PROVIDER_ID_PARAM[provider]]: providerId },
  });
}

export function useCompleteOAuthSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOAuthSignup,
    // A new session: nothing cached for whoever used this browser before may be shown.
    onSuccess: () => queryClient.removeQueries(),
  });
}
