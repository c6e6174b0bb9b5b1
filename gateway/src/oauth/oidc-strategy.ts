import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import OAuth2Strategy from 'passport-oauth2';
import type { OAuthProvider } from '@planted/contracts';
import type { RedisStateStore } from './redis-state-store';
import type { AuthorizationState, OAuthRequest, ProviderProfile } from './oauth-request';

/** Where a provider lives; defaults are the real provider's, tests use FakeOidcProvider's. */
export interface OidcEndpoints {
  issuer: string;
  authorizationURL: string;
  tokenURL: string;
  jwksURL: string;
}

export interface OidcClientSettings extends OidcEndpoints {
  clientID: string;
  clientSecret: string;
  callbackURL: string;
}

export interface OidcStrategyOptions extends OidcClientSettings {
  scope: string[];
  store: RedisStateStore;
}

type Done = (err: unknown, user?: ProviderProfile | false) => void;

/** id_tokens signed with anything else are refused, whatever their header says. */
const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * OpenID Connect sign-in on top of passport-oauth2's authorization code flow: PKCE
 * (S256) and a state kept in Redis (see RedisStateStore), a nonce sent with the
 * authorization request, and an id_token verified with jose against the provider's
 * JWKS: signature, issuer, audience (our client id), expiry and the nonce we sent.
 * Subclasses say which scopes to ask for and how their provider's claims read.
 */
export abstract class OidcStrategy extends OAuth2Strategy {
  private readonly keys: JWTVerifyGetKey;

  protected constructor(
    readonly provider: OAuthProvider,
    protected readonly settings: OidcStrategyOptions,
  ) {
    // The verify callback needs the strategy, which does not exist until super() returns.
    const self: { strategy?: OidcStrategy } = {};
    super(
      {
        authorizationURL: settings.authorizationURL,
        tokenURL: settings.tokenURL,
        clientID: settings.clientID,
        clientSecret: settings.clientSecret,
        callbackURL: settings.callbackURL,
        scope: settings.scope,
        pkce: true,
        // passport-oauth2 types only know the session stores' call forms; see RedisStateStore.
        store: settings.store as unknown as OAuth2Strategy.StateStore,
        skipUserProfile: true,
        passReqToCallback: true,
      },
      // Six parameters: passport-oauth2 passes the token response (params) only to a verify of this arity.
      (
        req: unknown,
        _accessToken: string,
        _refreshToken: string,
        params: unknown,
        _profile: unknown,
        done: Done,
      ) => {
        self
          .strategy!.verifiedProfile(req as OAuthRequest, params as { id_token?: unknown })
          .then((profile) => done(null, profile))
          .catch((err: unknown) => done(err));
      },
    );
    self.strategy = this;
    this.name = provider;
    this.keys = createRemoteJWKSet(new URL(settings.jwksURL));
  }

  /** Sent with the authorization request; `options.state` is what the controller passed to passport.authenticate. */
  override authorizationParams(options: { state?: AuthorizationState }): object {
    return { nonce: options.state?.nonce };
  }

  /** The issuer a token must name. Microsoft's depends on the token's tenant. */
  expectedIssuer(_idToken: string): string | string[] {
    return this.settings.issuer;
  }

  /** The provider's claims, read into what identity needs. */
  abstract claimsToProfile(
    claims: JWTPayload,
    req: OAuthRequest,
  ): Omit<ProviderProfile, 'provider' | 'providerId'>;

  private async verifiedProfile(req: OAuthRequest, params: { id_token?: unknown }): Promise<ProviderProfile> {
    const expected = req.authorization;
    if (!expected) throw new Error('no authorization state for this callback');
    if (typeof params.id_token !== 'string') throw new Error('token response without an id_token');
    const { payload } = await jwtVerify(params.id_token, this.keys, {
      issuer: this.expectedIssuer(params.id_token),
      audience: this.settings.clientID,
      algorithms: ID_TOKEN_ALGORITHMS,
      requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (payload.nonce !== expected.nonce)
      throw new Error('id_token nonce does not match the authorization request');
    return { provider: this.provider, providerId: payload.sub!, ...this.claimsToProfile(payload, req) };
  }
}

export function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
