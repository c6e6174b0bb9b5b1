import { SignJWT, type JWK } from 'jose';
import type { TokenClaims } from '@planted/contracts';
import type { SigningKey } from './signing-key';

export const TOKEN_ISSUER = 'planted-identity';
export const TOKEN_AUDIENCE = 'planted';

/** Signs session tokens (spec §3 claims plus sub, iss, aud, iat, exp) and publishes the public key. */
export class TokenSigner {
  constructor(
    private readonly key: SigningKey,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  sign(claims: TokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({
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
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key.privateKey);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [{ ...this.key.publicJwk }] };
  }
}
