import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../../lib/types';

export interface UpdateProfileInput {
  name: string;
  email: string;
}

export function updateProfile(input: UpdateProfileInput): Promise<{ user: User }> {
  return apiRequest('/auth/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
