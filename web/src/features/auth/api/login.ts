import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { z } from 'zod';
import type { loginRequestSchema } from '@planted/contracts';
import type { AuthAnswer } from './types';

export type LoginInput = z.output<typeof loginRequestSchema>;

export function login(input: LoginInput): Promise<AuthAnswer> {
  // A 401 here means a wrong password, not an expired session.
  return apiRequest('/auth/login', {
    method: 'POST',
    body: input,
    skipUnauthorizedRedirect: true,
    savesNothing: true,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A new session: nothing cached for whoever used this browser before may be shown.
    onSuccess: () => queryClient.removeQueries(),
  });
}
