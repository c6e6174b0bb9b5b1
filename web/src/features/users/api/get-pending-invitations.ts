import { useQuery } from '@tanstack/react-query';
import type { PendingInvitation, Seats } from '@planted/contracts';
import { pendingInvitationsQuery } from '../../../lib/users-api';

export type { PendingInvitation, Seats };
export {
  getPendingInvitations,
  pendingInvitationsQuery,
  type PendingInvitations,
} from '../../../lib/users-api';

/** Administrators only: the gateway answers 403 to anyone else, so others never ask. */
export function usePendingInvitations() {
  return useQuery(pendingInvitationsQuery);
}
