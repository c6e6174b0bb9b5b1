import { createPrivateKey } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OAuthProvider } from '@planted/contracts';
import type { GatewayConfig } from '../config';
import { AppleClientSecret } from './apple-client-secret';
import { AppleStrategy } from './apple.strategy';
import { GoogleStrategy } from './google.strategy';
import { MicrosoftStrategy } from './microsoft.strategy';
import type { OidcStrategy } from './oidc-strategy';
import { RedisStateStore } from './redis-state-store';

/** Where each provider sends the browser back; must be registered at the provider exactly. */
export function callbackUrl(config: Pick<GatewayConfig, 'APP_URL'>, provider: OAuthProvider): string {
  return `${config.APP_URL}/api/auth/${provider}/callback`;
}

/** One strategy per provider whose client id is configured; the others stay disabled. */
export function createStrategies(config: GatewayConfig, redis: Redis): OidcStrategy[] {
  const store = (provider: OAuthProvider) =>
    new RedisStateStore(redis, provider, config.REDIS_KEY_PREFIX, config.OAUTH_STATE_TTL_SECONDS);
  const strategies: OidcStrategy[] = [];
  if (config.GOOGLE_CLIENT_ID) {
    strategies.push(
      new GoogleStrategy(
        {
          clientID: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET!,
          callbackURL: callbackUrl(config, 'google'),
          issuer: config.GOOGLE_ISSUER,
          authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
          tokenURL: config.GOOGLE_TOKEN_URL,
          jwksURL: config.GOOGLE_JWKS_URL,
        },
        store('google'),
      ),
    );
  }
  if (config.MICROSOFT_CLIENT_ID) {
    strategies.push(
      new MicrosoftStrategy(
        {
          clientID: config.MICROSOFT_CLIENT_ID,
          clientSecret: config.MICROSOFT_CLIENT_SECRET!,
          callbackURL: callbackUrl(config, 'microsoft'),
          issuer: config.MICROSOFT_ISSUER,
          authorizationURL: config.MICROSOFT_AUTHORIZATION_URL,
          tokenURL: config.MICROSOFT_TOKEN_URL,
          jwksURL: config.MICROSOFT_JWKS_URL,
        },
        store('microsoft'),
      ),
    );
  }
  if (config.APPLE_CLIENT_ID) {
    const secret = new AppleClientSecret({
      teamId: config.APPLE_TEAM_ID!,
      keyId: config.APPLE_KEY_ID!,
      clientId: config.APPLE_CLIENT_ID,
      audience: config.APPLE_ISSUER,
      privateKey: createPrivateKey(config.APPLE_PRIVATE_KEY!),
    });
    strategies.push(
      new AppleStrategy(
        {
          clientID: config.APPLE_CLIENT_ID,
          callbackURL: callbackUrl(config, 'apple'),
          issuer: config.APPLE_ISSUER,
          authorizationURL: config.APPLE_AUTHORIZATION_URL,
          tokenURL: config.APPLE_TOKEN_URL,
          jwksURL: config.APPLE_JWKS_URL,
        },
        store('apple'),
        secret,
      ),
    );
  }
  return strategies;
}
