import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { z } from 'zod';
import type { registerRequestSchema } from '@planted/contracts';
import type { AuthAnswer } from './types';

export type RegisterInput = z.output<typeof registerRequestSchema>;

export function register(input: RegisterInput): Promise<AuthAnswer> {
  return apiRequest('/auth/register', { method: 'POST', body: input });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    // A new session: nothing cached for whoever used this browser before may be shown.
    onSuccess: () => queryClient.removeQueries(),
  });
}
