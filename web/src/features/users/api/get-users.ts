import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import type { User } from '../../../lib/types';

export async function getUsers(): Promise<User[]> {
  const { users } = await apiRequest<{ users: User[] }>('/users');
  return users ?? [];
}

export const usersQuery = queryOptions({ queryKey: userKeys.list(), queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQuery);
}
