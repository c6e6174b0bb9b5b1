import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdateSchema, User } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { userChanged } from '../../../lib/session-api';

export type UpdateProfileInput = z.output<typeof profileUpdateSchema>;

export function updateProfile(input: UpdateProfileInput): Promise<{ user: User }> {
  return apiRequest('/auth/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => userChanged(queryClient, user),
  });
}
