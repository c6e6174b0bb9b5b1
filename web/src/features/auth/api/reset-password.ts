import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordSchema } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return apiRequest('/auth/reset-password', { method: 'POST', body: input });
}

/** Nothing cached depends on the password: every session of the user ends on the server. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
