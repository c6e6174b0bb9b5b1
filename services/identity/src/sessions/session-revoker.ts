import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { SessionsRevoked, type Actor } from '@planted/contracts';
import { OutboxService } from '@planted/service-kit';
import type { IdentityTx } from '../db/database';
import { users, type UserRow } from '../db/schema';
import { TokenSigner } from '../keys/token-signer';

/**
 * Ends sessions before their tokens expire. The record is kept in the database (the user's
 * sessions_valid_after; the event itself in the outbox) and published as SessionsRevoked in
 * the same transaction as the change that calls for it, so a committed password change can
 * never leave its revocation unpublished. Every gateway and every service (the service kit's
 * admission) keeps the revocations in memory with SessionRevocations (@planted/messaging).
 */
@Injectable()
export class SessionRevoker {
  constructor(
    private readonly signer: TokenSigner,
    private readonly outbox: OutboxService,
  ) {}

  private now(): number {
    return Date.now();
  }

  /**
   * Ends every session of the user issued up to now (password change or reset, role change,
   * removal or deactivation). Answers the updated row: tokens issued from it afterwards are valid.
   * Call outbox.committed() after the commit.
   */
  async endAllSessions(tx: IdentityTx, user: Pick<UserRow, 'id' | 'customerId'>): Promise<UserRow> {
    // Whole seconds, as iat: everything issued in this second or before ends. A token issued
    // after an earlier revocation carries that one's instant as its iat (SessionIssuer), which
    // may still be ahead of the clock: this one then ends a second later, so that token ends too.
    const earliest = Math.floor(this.now() / 1000) + 1;
    const [row] = await tx
      .update(users)
      .set({
        sessionsValidAfter: sql`greatest(to_timestamp(${earliest}::double precision), ${users.sessionsValidAfter} + interval '1 second')`,
      })
      .where(eq(users.id, user.id))
      .returning();
    const validAfter = Math.ceil(row!.sessionsValidAfter!.getTime() / 1000);
    await this.outbox.record(
      tx,
      SessionsRevoked,
      {
        kind: 'user',
        userId: user.id,
        validAfter,
        expiresAt: validAfter + this.signer.lifetimeSeconds,
      },
      user.customerId,
    );
    return row!;
  }

  /** Ends the actor's current session (logout). Tokens without a session id cannot be ended one by one. */
  async endSession(tx: IdentityTx, actor: Actor): Promise<void> {
    if (!actor.sessionId) return;
    await this.outbox.record(
      tx,
      SessionsRevoked,
      {
        kind: 'session',
        userId: actor.userId,
        sessionId: actor.sessionId,
        expiresAt: Math.floor(this.now() / 1000) + this.signer.lifetimeSeconds,
      },
      actor.customerId,
    );
  }
}
