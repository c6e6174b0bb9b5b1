import { decodeJwt, type JWTPayload } from 'jose';
import type { RedisStateStore } from './redis-state-store';
import { OidcStrategy, stringClaim, type OidcClientSettings } from './oidc-strategy';

/** Tenant of personal Microsoft accounts, whose email addresses Microsoft has verified. */
const CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** Sign in with Microsoft (identity platform v2.0, work, school and personal accounts). */
export class MicrosoftStrategy extends OidcStrategy {
  constructor(settings: OidcClientSettings, store: RedisStateStore) {
    super('microsoft', { ...settings, scope: ['openid', 'email', 'profile'], store });
  }

  /**
   * The multi-tenant endpoint signs tokens whose issuer names the user's tenant. The
   * unverified tid only picks which issuer to expect; the signature check that follows
   * covers it.
   */
  override expectedIssuer(idToken: string): string {
    const template = this.settings.issuer;
    if (!template.includes('{tenantid}')) return template;
    const tid = decodeJwt(idToken).tid;
    if (typeof tid !== 'string' || !/^[0-9a-f-]{36}$/i.test(tid))
      throw new Error('id_token without a tenant id');
    return template.replace('{tenantid}', tid);
  }

  /**
   * A work or school account's email is whatever its tenant's admin typed, so it only
   * counts as verified when Microsoft says so (email_verified, or xms_edov: the domain
   * owner verified it), or for personal accounts.
   */
  override claimsToProfile(claims: JWTPayload) {
    return {
      email: stringClaim(claims.email),
      emailVerified:
        claims.email_verified === true || claims.xms_edov === true || claims.tid === CONSUMER_TENANT,
      name: stringClaim(claims.name) ?? '',
    };
  }
}
