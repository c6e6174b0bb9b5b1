import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AuthAnswer } from './types';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<AuthAnswer> {
  // A 401 here means a wrong password, not an expired session.
  return apiRequest('/auth/login', { method: 'POST', body: input, skipUnauthorizedRedirect: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A new session: nothing cached for whoever used this browser before may be shown.
    onSuccess: () => queryClient.removeQueries(),
  });
}
