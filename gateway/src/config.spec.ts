import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, parseConfig } from '@planted/config';
import { gatewayEnvSchema } from './config';

const p256 = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

function issues(env: Record<string, string>): Record<string, string> {
  try {
    parseConfig(gatewayEnvSchema, env);
    return {};
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return Object.fromEntries(err.issues.map((i) => [i.variable, i.message]));
  }
}

describe('social sign-in configuration (spec §4 Social sign-in)', () => {
  it('leaves every provider disabled by default, pointing at the real providers', () => {
    const config = parseConfig(gatewayEnvSchema, {});
    expect([config.GOOGLE_CLIENT_ID, config.MICROSOFT_CLIENT_ID, config.APPLE_CLIENT_ID]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(config.APP_URL).toBe('http://localhost:3000');
    expect(config.GOOGLE_AUTHORIZATION_URL).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(config.MICROSOFT_ISSUER).toBe('https://login.microsoftonline.com/{tenantid}/v2.0');
    expect(config.APPLE_JWKS_URL).toBe('https://appleid.apple.com/auth/keys');
    expect(config.OAUTH_PENDING_SIGNUP_TTL_SECONDS).toBe(1800);
  });

  it('refuses a provider with a client id but without what it needs to use it', () => {
    expect(issues({ GOOGLE_CLIENT_ID: 'g' })).toEqual({
      GOOGLE_CLIENT_SECRET: 'required when GOOGLE_CLIENT_ID is set',
    });
    expect(issues({ MICROSOFT_CLIENT_ID: 'm' })).toEqual({
      MICROSOFT_CLIENT_SECRET: 'required when MICROSOFT_CLIENT_ID is set',
    });
    expect(Object.keys(issues({ APPLE_CLIENT_ID: 'a' })).sort()).toEqual([
      'APPLE_KEY_ID',
      'APPLE_PRIVATE_KEY',
      'APPLE_TEAM_ID',
    ]);
  });

  it('needs a P-256 key for Apple, accepted with literal \\n escapes too', () => {
    const apple = { APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k' };
    expect(issues({ ...apple, APPLE_PRIVATE_KEY: 'not a key' })).toEqual({
      APPLE_PRIVATE_KEY: 'a PKCS8 PEM of a P-256 (ES256) private key',
    });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(issues({ ...apple, APPLE_PRIVATE_KEY: rsa })).toHaveProperty('APPLE_PRIVATE_KEY');
    expect(issues({ ...apple, APPLE_PRIVATE_KEY: p256().replace(/\n/g, '\\n') })).toEqual({});
  });
});

describe('TRUST_PROXY is a count of trusted proxy hops (issue 8, item 4)', () => {
  it('reads false as none, true as one (an ingress) and a number as that many', () => {
    expect(parseConfig(gatewayEnvSchema, {}).TRUST_PROXY).toBe(0);
    expect(parseConfig(gatewayEnvSchema, { TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseConfig(gatewayEnvSchema, { TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseConfig(gatewayEnvSchema, { TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('refuses anything else at boot', () => {
    expect(Object.keys(issues({ TRUST_PROXY: 'yes' }))).toEqual(['TRUST_PROXY']);
    expect(Object.keys(issues({ TRUST_PROXY: '-1' }))).toEqual(['TRUST_PROXY']);
  });
});
