import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../../lib/types';

import type { OAuthProvider } from '@planted/contracts';
import { PROVIDER_ID_PARAM } from '../schemas';

export { PROVIDER_ID_PARAM, type OAuthProvider };

export interface CompleteOAuthSignupInput {
  provider: OAuthProvider;
  providerId: string;
  email: string;
  customerName: string;
  customerAddress: string;
  userName: string;
}

export function completeOAuthSignup({
  provider,
  providerId,
  ...fields
}: CompleteOAuthSignupInput): Promise<{ token: string; user: User }> {
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
