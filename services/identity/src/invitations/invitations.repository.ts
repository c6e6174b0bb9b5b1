import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { IdentityTx } from '../db/database';
import { returned } from '../db/rows';
import { customers, invitations, users, type InvitationRow } from '../db/schema';

export type NewInvitation = Pick<
  typeof invitations.$inferInsert,
  'customerId' | 'email' | 'name' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'
>;

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** Pending and not yet expired at `now`: what still holds a link that works. */
const open = (now: Date) => and(pending, gt(invitations.expiresAt, now));

/** A pending invitation with the name of the administrator who sent it. */
export type PendingInvitationRow = InvitationRow & { invitedByName: string };

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

  /**
   * Revokes every company's pending invitations to an address (a system transaction): an
   * account now holds it, so none of them can be accepted, and none may keep holding a seat.
   */
  async revokePendingToAnyCompany(tx: IdentityTx, email: string): Promise<InvitationRow[]> {
    return tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(sql`lower(${invitations.email})`, email.toLowerCase()), pending))
      .returning();
  }

  async insert(tx: IdentityTx, invitation: NewInvitation): Promise<InvitationRow> {
    return returned(await tx.insert(invitations).values(invitation).returning());
  }

  /** Revokes one pending invitation; undefined when the company has no such pending invitation. */
  async revoke(tx: IdentityTx, customerId: string, invitationId: string): Promise<InvitationRow | undefined> {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.customerId, customerId), eq(invitations.id, invitationId), pending))
      .returning();
    return row;
  }

  /** The company's open invitations, newest first, each with its inviter's name. */
  async listOpen(tx: IdentityTx, customerId: string, now: Date): Promise<PendingInvitationRow[]> {
    const rows = await tx
      .select({ invitation: invitations, invitedByName: users.name })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.invitedBy))
      .where(and(eq(invitations.customerId, customerId), open(now)))
      .orderBy(desc(invitations.createdAt), desc(invitations.id));
    return rows.map(({ invitation, invitedByName }) => ({ ...invitation, invitedByName }));
  }

  /** The company's open invitations (pending, not expired) to addresses other than `email`. */
  async countOpenToOthers(tx: IdentityTx, customerId: string, email: string, now: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(invitations)
      .where(
        and(
          eq(invitations.customerId, customerId),
          open(now),
          ne(sql`lower(${invitations.email})`, email.toLowerCase()),
        ),
      );
    return row?.n ?? 0;
  }

  /**
   * Whether any company has an open invitation to `email` (a system transaction: every
   * company's). An account that took that address would lock its owner out of the invitation.
   */
  async openToAnyCompany(tx: IdentityTx, email: string, now: Date): Promise<boolean> {
    const [row] = await tx
      .select({ n: count() })
      .from(invitations)
      .where(and(open(now), eq(sql`lower(${invitations.email})`, email.toLowerCase())));
    return (row?.n ?? 0) > 0;
  }

  /** A pending invitation of the company (expired ones included: resending renews them). */
  async findPending(
    tx: IdentityTx,
    customerId: string,
    invitationId: string,
  ): Promise<PendingInvitationRow | undefined> {
    const [row] = await tx
      .select({ invitation: invitations, invitedByName: users.name })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.invitedBy))
      .where(and(eq(invitations.customerId, customerId), eq(invitations.id, invitationId), pending));
    return row && { ...row.invitation, invitedByName: row.invitedByName };
  }

  /** Gives a pending invitation a new token and expiry; undefined when it is no longer pending. */
  async renew(
    tx: IdentityTx,
    customerId: string,
    invitationId: string,
    renewal: { tokenHash: string; expiresAt: Date },
  ): Promise<InvitationRow | undefined> {
    const [row] = await tx
      .update(invitations)
      .set(renewal)
      .where(and(eq(invitations.customerId, customerId), eq(invitations.id, invitationId), pending))
      .returning();
    return row;
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
