import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** The answer is the same whether or not the address has an account. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiRequest('/auth/forgot-password', { method: 'POST', body: input, savesNothing: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
