import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingInvitation, Seats } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from '../../../lib/query-keys';

export type { PendingInvitation, Seats };

export interface PendingInvitations {
  invitations: PendingInvitation[];
  seats: Seats;
}

export function getPendingInvitations(): Promise<PendingInvitations> {
  return apiRequest<PendingInvitations>('/invitations');
}

export const pendingInvitationsQuery = queryOptions({
  queryKey: invitationKeys.pending(),
  queryFn: getPendingInvitations,
});

/** Administrators only: the gateway answers 403 to anyone else, so others never ask. */
export function usePendingInvitations() {
  return useQuery(pendingInvitationsQuery);
}
