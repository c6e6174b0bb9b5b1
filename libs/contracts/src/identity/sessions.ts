import { z } from 'zod';
import { defineEvent, defineRequest } from '../subject';
import { actorSchema } from './models';

/** POST /api/auth/logout: ends the session of the token it is called with. */
export const IdentityLogout = defineRequest(
  'identity.auth.logout.v1',
  z.object({ actor: actorSchema }),
  z.object({ message: z.string() }),
  { caller: 'user', errors: ['UNAUTHENTICATED'] },
);

/**
 * Sessions that ended before their token expired: one session (`sessionId`, at logout) or
 * every session of a user issued before `validAfter` (password change or reset, role
 * change, removal). Times are epoch seconds; `expiresAt` is when no token it concerns can
 * still be valid, so whoever keeps it may forget it then.
 */
export const sessionRevocationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('session'),
    userId: z.string().uuid(),
    sessionId: z.string(),
    expiresAt: z.number().int(),
  }),
  z.object({
    kind: z.literal('user'),
    userId: z.string().uuid(),
    validAfter: z.number().int(),
    expiresAt: z.number().int(),
  }),
]);
export type SessionRevocation = z.infer<typeof sessionRevocationSchema>;

/** Published through identity's outbox in the transaction that ends the sessions. */
export const SessionsRevoked = defineEvent('identity.sessions.revoked.v1', sessionRevocationSchema);

/** What a token check needs of a verified token to ask whether its session has ended. */
export interface SessionClaims {
  /** The user (the token's sub / userId). */
  userId: string;
  sessionId?: string;
  /** Issued at, epoch seconds. */
  issuedAt: number;
}

/** Whether this revocation ends the session of these claims. */
export function revokes(revocation: SessionRevocation, claims: SessionClaims): boolean {
  if (revocation.userId !== claims.userId) return false;
  return revocation.kind === 'session'
    ? revocation.sessionId === claims.sessionId
    : claims.issuedAt < revocation.validAfter;
}
