import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import type { Role, User } from '../../../lib/types';

export interface SetUserRoleInput {
  id: string;
  role: Role;
}

/** Admins: the user's sessions end (their token carries the old role). */
export function setUserRole({ id, role }: SetUserRoleInput): Promise<{ user: User; message: string }> {
  return apiRequest(`/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role } });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    // A refusal (the last administrator) leaves the select showing the role the list holds.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
