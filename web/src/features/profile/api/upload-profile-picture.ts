import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PICTURE_FILE_NAME } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { userChanged } from '../../../lib/session-api';
import type { User } from '../../../lib/types';

export const PROFILE_PICTURE_FIELD = 'profilePicture';

export function uploadProfilePicture(
  image: Blob,
): Promise<{ user?: User; profile_picture_url?: string | null }> {
  const form = new FormData();
  form.append(PROFILE_PICTURE_FIELD, image, PROFILE_PICTURE_FILE_NAME);
  return apiRequest('/auth/profile-picture', { method: 'POST', body: form });
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: ({ user }) => userChanged(queryClient, user),
  });
}
