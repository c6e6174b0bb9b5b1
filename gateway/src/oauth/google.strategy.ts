import type { JWTPayload } from 'jose';
import type { RedisStateStore } from './redis-state-store';
import { OidcStrategy, stringClaim, type OidcClientSettings } from './oidc-strategy';

/** Sign in with Google (OpenID Connect). */
export class GoogleStrategy extends OidcStrategy {
  constructor(settings: OidcClientSettings, store: RedisStateStore) {
    super('google', { ...settings, scope: ['openid', 'email', 'profile'], store });
  }

  /** Google documents both forms of its issuer. */
  override expectedIssuer(): string[] {
    const issuer = this.settings.issuer;
    return [issuer, issuer.replace(/^https:\/\//, '')];
  }

  override claimsToProfile(claims: JWTPayload) {
    return {
      email: stringClaim(claims.email),
      emailVerified: claims.email_verified === true,
      name: stringClaim(claims.name) ?? '',
    };
  }
}
