import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { userKeys } from './query-keys';
import type { User } from './types';

/** GET /users: the company's team (the users screen lists it, the subscription screen counts it). */
export async function getUsers(): Promise<User[]> {
  const { users } = await apiRequest<{ users: User[] }>('/users');
  return users ?? [];
}

export const usersQuery = queryOptions({ queryKey: userKeys.list(), queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQuery);
}
