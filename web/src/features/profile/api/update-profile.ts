import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdateSchema, User } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { userChanged } from '../../../lib/session-api';
import { sessionStore } from '../../../lib/session-store';

export type UpdateProfileInput = z.output<typeof profileUpdateSchema>;

export function updateProfile(input: UpdateProfileInput): Promise<{ user: User; token?: string }> {
  return apiRequest('/auth/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // A changed name or email comes with a fresh token carrying it (and a new email ends the
    // other sessions): carry on with it.
    onSuccess: ({ user, token }) => {
      if (token) sessionStore.update({ token });
      userChanged(queryClient, user);
    },
  });
}
