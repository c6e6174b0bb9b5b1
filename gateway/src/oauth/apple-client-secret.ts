import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

export interface AppleClientSecretSettings {
  teamId: string;
  keyId: string;
  clientId: string;
  /** Apple's issuer, which the secret must name as its audience. */
  audience: string;
  privateKey: KeyObject;
}

const LIFETIME_SECONDS = 600;
const RENEW_BEFORE_SECONDS = 60;

/**
 * Sign in with Apple has no static client secret: the client authenticates with an
 * ES256 JWT signed by the team's key (iss = team id, sub = client id, aud = Apple,
 * kid = key id). Ours live ten minutes and are renewed a minute before they expire.
 */
export class AppleClientSecret {
  private cached: { value: string; renewAt: number } | undefined;

  constructor(private readonly settings: AppleClientSecretSettings) {}

  async current(now = Date.now()): Promise<string> {
    if (this.cached && now < this.cached.renewAt) return this.cached.value;
    const iat = Math.floor(now / 1000);
    const { teamId, keyId, clientId, audience, privateKey } = this.settings;
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: keyId })
      .setIssuer(teamId)
      .setSubject(clientId)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + LIFETIME_SECONDS)
      .sign(privateKey);
    this.cached = { value, renewAt: (iat + LIFETIME_SECONDS - RENEW_BEFORE_SECONDS) * 1000 };
    return value;
  }
}
