import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { actorFromClaims, type Actor, type SessionClaims } from '@planted/contracts';
import { refused, SESSION_TOKEN_AUDIENCE, SESSION_TOKEN_ISSUER } from './bus-proof';

/** Ended sessions: SessionRevocations, fed by identity's SessionsRevoked events. */
export interface RevocationCheck {
  isRevoked(claims: SessionClaims): boolean;
  /** Resolves true once the session is known to have ended, false after timeoutMs (SessionRevocations). */
  whenRevoked?(claims: SessionClaims, timeoutMs: number): Promise<boolean>;
}

/** Verified tokens remembered, so a client's next requests skip the signature check. */
const VERIFIED_CACHE_ENTRIES = 10_000;
/** How long a verified token is remembered at most (never past its own expiry). */
const VERIFIED_CACHE_MS = 60_000;

interface Verified {
  actor: Actor;
  session: SessionClaims;
  /** Until when (epoch ms) the answer stands. */
  until: number;
}

/**
 * Checks session tokens with identity's public keys, pinned in the configuration
 * (SESSION_PUBLIC_KEYS; a key set learnt from the bus could come from any process on it):
 * identity's issuer and audience, `exp` required (a token that never expires is never
 * accepted, however well signed), and a session that has not ended. The gateway checks
 * every HTTP request with it, and the service kit's admission every request on the bus, so
 * a token ended by logout, a password change or reset, a role change or a removal stops
 * working in both places as soon as the revocation arrives.
 *
 * A verified token is remembered for a minute (never past its expiry), so the answer for a
 * known token is synchronous (`cached`); `revocations` is asked on every answer, cache hits
 * included.
 */
export class SessionTokenVerifier {
  private readonly keys: ReturnType<typeof createLocalJWKSet>;
  /** token -> what it proved; oldest first. */
  private readonly verified = new Map<string, Verified>();

  constructor(
    keys: JSONWebKeySet,
    private readonly revocations?: RevocationCheck,
  ) {
    this.keys = createLocalJWKSet(keys);
  }

  /**
   * The actor of a token verified within the last minute, else undefined. Throws
   * UNAUTHENTICATED when its session has ended since.
   */
  cached(token: string): Actor | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (Date.now() >= known.until) {
      this.verified.delete(token);
      return undefined;
    }
    this.refuseEnded(known.session);
    return { ...known.actor };
  }

  /** The actor a token proves; throws UNAUTHENTICATED for a missing, invalid, expired or ended one. */
  async verify(token: string | undefined): Promise<Actor> {
    if (!token) throw refused('Authentication required');
    const cached = this.cached(token);
    if (cached) return cached;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: SESSION_TOKEN_ISSUER,
        audience: SESSION_TOKEN_AUDIENCE,
        requiredClaims: ['exp'],
      }));
    } catch (err) {
      // An unknown kid too: the key set is pinned, so such a token is simply not ours.
      throw refused(err instanceof joseErrors.JWTExpired ? 'Session expired' : 'Invalid token');
    }
    const actor = actorFromClaims(payload);
    if (!actor) throw refused('Invalid token');
    const session: SessionClaims = {
      userId: actor.userId,
      sessionId: actor.sessionId,
      issuedAt: payload.iat ?? 0,
    };
    this.refuseEnded(session);
    // jose refuses a token from exp * 1000 ms on: so does the cache.
    const until = Math.min(Date.now() + VERIFIED_CACHE_MS, payload.exp! * 1000);
    if (this.verified.size >= VERIFIED_CACHE_ENTRIES)
      this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { actor: Object.freeze(actor), session, until });
    return { ...actor };
  }

  /**
   * Waits (at most timeoutMs) until this verifier refuses a token it verified, because the
   * session it belongs to has ended: for the routes that end their own caller's session, so
   * that their answer is not followed by a request the same token still passes. Resolves
   * false when the revocation did not arrive in time, or the token is not one it knows.
   */
  async untilEnded(token: string, timeoutMs: number): Promise<boolean> {
    const known = this.verified.get(token);
    if (!known || !this.revocations?.whenRevoked) return false;
    return this.revocations.whenRevoked(known.session, timeoutMs);
  }

  private refuseEnded(session: SessionClaims): void {
    if (this.revocations?.isRevoked(session)) throw refused('Session ended');
  }
}
