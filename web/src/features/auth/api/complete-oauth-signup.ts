import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../../lib/types';

export type OAuthProvider = 'google' | 'microsoft' | 'apple';
export const PROVIDER_ID_PARAM = { google: 'googleId', microsoft: 'microsoftId', apple: 'appleId' } as const;

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
  return useMutation({ mutationFn: completeOAuthSignup });
}
