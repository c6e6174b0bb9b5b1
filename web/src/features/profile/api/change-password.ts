import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiRequest('/auth/change-password', { method: 'PUT', body: input });
}

/** Nothing cached holds the password, so there is nothing to refresh. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
