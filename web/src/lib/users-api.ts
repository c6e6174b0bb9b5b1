import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingInvitation, Seats } from '@planted/contracts';
import { apiRequest } from './api-client';
import { invitationKeys, userKeys } from './query-keys';
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

export interface PendingInvitations {
  invitations: PendingInvitation[];
  seats: Seats;
}

/**
 * GET /invitations (administrators only: the gateway answers 403 to anyone else): the pending
 * invitations, listed on the users screen, and the seats they take, which the subscription
 * screen counts.
 */
export function getPendingInvitations(): Promise<PendingInvitations> {
  return apiRequest<PendingInvitations>('/invitations');
}

export const pendingInvitationsQuery = queryOptions({
  queryKey: invitationKeys.pending(),
  queryFn: getPendingInvitations,
});
