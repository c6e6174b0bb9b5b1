import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { setSessionToken } from '@planted/logging';
import {
  IdentityJwks,
  ServiceError,
  actorFromClaims,
  type Actor,
  type SessionClaims,
  type TypedClient,
} from '@planted/contracts';

/** Ended sessions (SessionRevocations of @planted/messaging, fed by identity's events). */
export interface RevocationCheck {
  isRevoked(claims: SessionClaims): boolean;
}

interface Verified {
  actor: Actor;
  session: SessionClaims;
  exp?: number;
}

const ISSUER = 'planted-identity';
const AUDIENCE = 'planted';
const REFRESH_COOLDOWN_MS = 30_000;
/** Verified tokens remembered, so a client's next requests skip the signature check. */
const VERIFIED_CACHE_ENTRIES = 10_000;
/** How long a verified token is remembered at most (never past its own expiry). */
const VERIFIED_CACHE_MS = 60_000;

/**
 * Verifies session tokens with identity's public keys: the pinned ones from the
 * configuration (SESSION_PUBLIC_KEYS) when given, else fetched over NATS once, and again
 * when a token names a key we don't know (rotation), at most every 30 s.
 *
 * A verified token is put into the request context, so every bus call made for the request
 * carries it and the service checks it again (trust on the bus).
 */
export class TokenVerifier {
  private keySet?: ReturnType<typeof createLocalJWKSet>;
  private loading?: Promise<void>;
  private lastRefresh = 0;
  /** token -> its actor and until when (epoch ms) the answer stands; oldest first. */
  private readonly verified = new Map<string, { actor: Actor; session: SessionClaims; until: number }>();

  /**
   * `revocations` is asked on every request, cache hits included, so a session ended by
   * logout or a password change stops working here as soon as the revocation arrives.
   */
  constructor(
    private readonly bus: TypedClient,
    pinned?: JSONWebKeySet,
    private readonly revocations?: RevocationCheck,
  ) {
    if (pinned) {
      this.keySet = createLocalJWKSet(pinned);
      // Pinned keys change only with the configuration: never look for others on the bus.
      this.lastRefresh = Infinity;
    }
  }

  private ended(session: SessionClaims): void {
    if (this.revocations?.isRevoked(session)) throw new ServiceError('UNAUTHENTICATED', 'Session ended');
  }

  private async refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const { keys } = await this.bus.send(IdentityJwks, {});
        this.keySet = createLocalJWKSet({ keys } as unknown as JSONWebKeySet);
        this.verified.clear(); // a key may have been withdrawn
        this.lastRefresh = Date.now();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  async verify(token: string): Promise<Actor> {
    const now = Date.now();
    const known = this.verified.get(token);
    if (known) {
      if (now < known.until) {
        this.ended(known.session);
        setSessionToken(token);
        return { ...known.actor };
      }
      this.verified.delete(token);
    }
    const { actor, session, exp } = await this.verifyUncached(token);
    this.ended(session);
    // jose rejects a token once floor(now / 1000) >= exp, i.e. from exp * 1000 ms on: so does the cache.
    const until = Math.min(now + VERIFIED_CACHE_MS, exp === undefined ? Infinity : exp * 1000);
    if (this.verified.size >= VERIFIED_CACHE_ENTRIES)
      this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { actor, session, until });
    setSessionToken(token);
    return { ...actor };
  }

  private async verifyUncached(token: string): Promise<Verified> {
    if (!this.keySet) await this.refresh();
    try {
      return await this.verifyWithKeys(token);
    } catch (err) {
      if (!(err instanceof joseErrors.JWKSNoMatchingKey)) throw err;
      // A key we don't know: perhaps a rotation, so look once more (at most every 30 s);
      // still unknown after that, the token is simply not ours.
      if (Date.now() - this.lastRefresh > REFRESH_COOLDOWN_MS) {
        await this.refresh();
        try {
          return await this.verifyWithKeys(token);
        } catch (again) {
          if (!(again instanceof joseErrors.JWKSNoMatchingKey)) throw again;
        }
      }
      throw new ServiceError('UNAUTHENTICATED', 'Invalid token');
    }
  }

  private async verifyWithKeys(token: string): Promise<Verified> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.keySet!, {
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token that never expires is never accepted, however well signed.
        requiredClaims: ['exp'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWKSNoMatchingKey) throw err;
      throw new ServiceError(
        'UNAUTHENTICATED',
        err instanceof joseErrors.JWTExpired ? 'Session expired' : 'Invalid token',
      );
    }
    const actor = actorFromClaims(payload);
    if (!actor) throw new ServiceError('UNAUTHENTICATED', 'Invalid token');
    return {
      actor,
      session: { userId: actor.userId, sessionId: actor.sessionId, issuedAt: payload.iat ?? 0 },
      exp: payload.exp,
    };
  }
}
