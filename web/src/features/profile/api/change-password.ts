import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export function changePassword(input: ChangePasswordInput): Promise<{ message: string; token: string }> {
  return apiRequest('/auth/change-password', { method: 'PUT', body: input });
}

/** The change ends every session, this one too: carry on with the fresh token it answers. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => sessionStore.update({ token }),
  });
}
