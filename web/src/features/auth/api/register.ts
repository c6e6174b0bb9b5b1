import { useMutation } from '@tanstack/react-query';
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
  return useMutation({ mutationFn: register });
}
