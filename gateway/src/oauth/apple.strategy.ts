import type { Request } from 'express';
import type { JWTPayload } from 'jose';
import type { AppleClientSecret } from './apple-client-secret';
import type { OAuthRequest } from './oauth-request';
import type { RedisStateStore } from './redis-state-store';
import { OidcStrategy, stringClaim, type OidcEndpoints } from './oidc-strategy';

export interface AppleClientSettings extends OidcEndpoints {
  clientID: string;
  callbackURL: string;
}

/**
 * Sign in with Apple. Apple answers with response_mode=form_post (it must, when name or
 * email is asked for), so its callback is a POST; the client secret is a short-lived
 * JWT (AppleClientSecret); email_verified may come as the string 'true'; and the name
 * is never in the id_token, only in the form's `user` field on the first consent.
 */
export class AppleStrategy extends OidcStrategy {
  constructor(
    settings: AppleClientSettings,
    store: RedisStateStore,
    private readonly clientSecret: AppleClientSecret,
  ) {
    // The real secret is minted just before each code exchange, see authenticate().
    super('apple', {
      ...settings,
      clientSecret: 'minted-per-exchange',
      scope: ['openid', 'email', 'name'],
      store,
    });
  }

  override authorizationParams(options: Parameters<OidcStrategy['authorizationParams']>[0]): object {
    return { ...super.authorizationParams(options), response_mode: 'form_post' };
  }

  override authenticate(req: Request, options?: object): void {
    const carriesCode = Boolean(req.body?.code ?? req.query?.code);
    if (!carriesCode) return super.authenticate(req, options);
    this.clientSecret.current().then(
      (secret) => {
        // passport-oauth2 sends the secret its OAuth2 client was built with; that client keeps it in a protected field.
        (this._oauth2 as unknown as { _clientSecret: string })._clientSecret = secret;
        super.authenticate(req, options);
      },
      (err: unknown) => this.error(err as Error),
    );
  }

  override claimsToProfile(claims: JWTPayload, req: OAuthRequest) {
    return {
      email: stringClaim(claims.email),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: nameFromUserField(req.body.user),
    };
  }
}

/** Apple's `user` form field: {"name":{"firstName":"…","lastName":"…"},"email":"…"}, sent on the first consent only. */
function nameFromUserField(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].map(stringClaim).filter(Boolean);
    return parts.join(' ');
  } catch {
    return '';
  }
}
