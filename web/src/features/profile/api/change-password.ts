import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiRequest('/auth/change-password', { method: 'PUT', body: input });
}

/** Nothing cached holds the password, so there is nothing to refresh. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
