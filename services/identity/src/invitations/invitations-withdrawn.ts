import { InvitationRevoked } from '@planted/contracts';
import type { OutboxService } from '@planted/service-kit';
import type { IdentityTx } from '../db/database';
import type { InvitationsRepository } from './invitations.repository';

/**
 * An account has just taken `email` (a registration, or an invitation accepted): every other
 * company's invitation to it is withdrawn in the same transaction, with its event. Accepting
 * one would be refused (the address is in use), so left pending it only held a seat of its
 * company's plan, with nothing on /users saying why.
 */
export async function withdrawInvitationsTo(
  tx: IdentityTx,
  email: string,
  invitations: InvitationsRepository,
  outbox: OutboxService,
): Promise<void> {
  for (const invitation of await invitations.revokePendingToAnyCompany(tx, email))
    await outbox.record(
      tx,
      InvitationRevoked,
      { invitation_id: invitation.id, email: invitation.email },
      invitation.customerId,
    );
}
