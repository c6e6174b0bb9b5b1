import { Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IdentityTx } from '../db/database';
import { returned } from '../db/rows';
import { customers, invitations, type InvitationRow } from '../db/schema';

export type NewInvitation = Pick<
  typeof invitations.$inferInsert,
  'customerId' | 'email' | 'name' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'
>;

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** Whether an invitation can still be accepted at `now`. */
export function isUsable(invitation: InvitationRow, now: Date): boolean {
  return !invitation.acceptedAt && !invitation.revokedAt && invitation.expiresAt.getTime() > now.getTime();
}

@Injectable()
export class InvitationsRepository {
  /** Revokes the company's pending invitations to an address, so only the newest link works. */
  async revokePending(tx: IdentityTx, customerId: string, email: string): Promise<void> {
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(invitations.customerId, customerId),
          eq(sql`lower(${invitations.email})`, email.toLowerCase()),
          pending,
        ),
      );
  }

  async insert(tx: IdentityTx, invitation: NewInvitation): Promise<InvitationRow> {
    return returned(await tx.insert(invitations).values(invitation).returning());
  }

  async revoke(tx: IdentityTx, customerId: string, invitationId: string): Promise<void> {
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.customerId, customerId), eq(invitations.id, invitationId), pending));
  }

  /** By token hash, with the company name (inside withSystem: the token is the only key the caller has). */
  async findWithCompanyName(
    tx: IdentityTx,
    tokenHash: string,
  ): Promise<{ invitation: InvitationRow; customerName: string } | undefined> {
    const [row] = await tx
      .select({ invitation: invitations, customerName: customers.name })
      .from(invitations)
      .innerJoin(customers, eq(customers.id, invitations.customerId))
      .where(eq(invitations.tokenHash, tokenHash));
    return row;
  }

  /** Locks the invitation row until the transaction ends, so it is accepted at most once. */
  async lockByTokenHash(tx: IdentityTx, tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, tokenHash))
      .for('update');
    return row;
  }

  async markAccepted(tx: IdentityTx, invitationId: string): Promise<void> {
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitationId));
  }
}
