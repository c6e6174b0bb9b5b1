import { SignJWT, type JWK } from 'jose';
import type { TokenClaims } from '@planted/contracts';
import type { SigningKey } from './signing-key';

export const TOKEN_ISSUER = 'planted-identity';
export const TOKEN_AUDIENCE = 'planted';

/** Signs session tokens (spec §3 claims plus sub, sid, iss, aud, iat, exp) and publishes the public key. */
export class TokenSigner {
  constructor(
    private readonly key: SigningKey,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  get lifetimeSeconds(): number {
    return this.ttlSeconds;
  }

  /**
   * `sessionId` becomes the `sid` claim (what logout ends). `notBefore` (epoch seconds) is
   * the user's sessions-valid-after instant: a token issued in the same second as a
   * revocation carries it as `iat`, so the revocation never catches the token issued after it.
   * `expiresAt` (epoch seconds) caps the expiry: a session's token issued again keeps its end.
   */
  sign(
    claims: TokenClaims,
    session?: { sessionId: string; notBefore?: number; expiresAt?: number },
  ): Promise<string> {
    const issuedAt = Math.max(Math.floor(this.now() / 1000), session?.notBefore ?? 0);
    // A session's token issued again (its claims changed) ends when the session's first did:
    // changing a name must not keep a session alive past its lifetime.
    const expiresAt = Math.min(issuedAt + this.ttlSeconds, session?.expiresAt ?? Infinity);
    return new SignJWT({
      ...(session ? { sid: session.sessionId } : {}),
      userId: claims.userId,
      email: claims.email,
      role: claims.role,
      name: claims.name,
      customer_id: claims.customer_id,
    })
      .setProtectedHeader({ alg: this.key.alg, kid: this.key.kid, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key.privateKey);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [{ ...this.key.publicJwk }] };
  }
}
