import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AuthAnswer } from './types';

export interface RegisterInput {
  customerName: string;
  customerAddress: string;
  userName: string;
  email: string;
  password: string;
}

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
