import { generateKeyPairSync } from 'node:crypto';
import type { Redis } from 'ioredis';
import { UnsecuredJWT } from 'jose';
import { parseConfig } from '@planted/config';
import { gatewayEnvSchema } from '../config';
import type { OAuthRequest } from './oauth-request';
import { callbackUrl, createStrategies } from './strategies';

const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const all = parseConfig(gatewayEnvSchema, {
  APP_URL: 'https://app.planted.test/',
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 'gs',
  MICROSOFT_CLIENT_ID: 'm',
  MICROSOFT_CLIENT_SECRET: 'ms',
  APPLE_CLIENT_ID: 'a',
  APPLE_TEAM_ID: 't',
  APPLE_KEY_ID: 'k',
  APPLE_PRIVATE_KEY: pem,
});
const strategies = createStrategies(all, {} as Redis);
const strategy = (name: string) => strategies.find((s) => s.provider === name)!;
const request = (body: Record<string, unknown> = {}): OAuthRequest => ({
  method: 'POST',
  url: '/',
  headers: {},
  query: {},
  body,
});
const tokenWith = (claims: Record<string, unknown>) => new UnsecuredJWT(claims).encode();

describe('one passport strategy per configured provider (spec §4)', () => {
  it('enables exactly the providers with a client id, calling back to APP_URL', () => {
    expect(strategies.map((s) => s.name)).toEqual(['google', 'microsoft', 'apple']);
    expect(callbackUrl(all, 'apple')).toBe('https://app.planted.test/api/auth/apple/callback');
    expect(
      createStrategies(
        parseConfig(gatewayEnvSchema, { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' }),
        {} as Redis,
      ).map((s) => s.name),
    ).toEqual(['google']);
    expect(createStrategies(parseConfig(gatewayEnvSchema, {}), {} as Redis)).toEqual([]);
  });

  it('sends the nonce with the authorization request, and Apple asks for form_post', () => {
    const state = { intent: 'login' as const, nonce: 'n-1', browserHash: 'h' };
    expect(strategy('google').authorizationParams({ state })).toEqual({ nonce: 'n-1' });
    expect(strategy('apple').authorizationParams({ state })).toEqual({
      nonce: 'n-1',
      response_mode: 'form_post',
    });
  });
});

describe("reading each provider's id_token claims", () => {
  it('Google: both documented issuer forms; email verified only when it says true', () => {
    const google = strategy('google');
    expect(google.expectedIssuer('')).toEqual(['https://accounts.google.com', 'accounts.google.com']);
    expect(
      google.claimsToProfile({ email: 'a@b.co', email_verified: true, name: ' Ann ' }, request()),
    ).toEqual({
      email: 'a@b.co',
      emailVerified: true,
      name: 'Ann',
    });
    expect(google.claimsToProfile({ email: 'a@b.co', email_verified: 'true' }, request())).toMatchObject({
      emailVerified: false,
      name: '',
    });
  });

  it("Microsoft: the issuer of the token's own tenant; a work account's email counts as verified only when Microsoft says so", () => {
    const ms = strategy('microsoft');
    const tid = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    expect(ms.expectedIssuer(tokenWith({ tid }))).toBe(`https://login.microsoftonline.com/${tid}/v2.0`);
    expect(() => ms.expectedIssuer(tokenWith({ tid: 'x/../../evil' }))).toThrow('tenant');
    expect(ms.claimsToProfile({ email: 'w@corp.test', tid }, request()).emailVerified).toBe(false);
    expect(ms.claimsToProfile({ email: 'w@corp.test', tid, xms_edov: true }, request()).emailVerified).toBe(
      true,
    );
    expect(
      ms.claimsToProfile({ email: 'p@outlook.test', tid: '9188040d-6c67-4c5b-b112-36a304b66dad' }, request())
        .emailVerified,
    ).toBe(true);
  });

  it("Apple: email_verified as a string, and the name from the form's user field of the first consent", () => {
    const apple = strategy('apple');
    const user = JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'ada@b.co' });
    expect(apple.claimsToProfile({ email: 'ada@b.co', email_verified: 'true' }, request({ user }))).toEqual({
      email: 'ada@b.co',
      emailVerified: true,
      name: 'Ada Lovelace',
    });
    expect(
      apple.claimsToProfile({ email: 'ada@b.co', email_verified: 'false' }, request({ user: '{not json' })),
    ).toEqual({
      email: 'ada@b.co',
      emailVerified: false,
      name: '',
    });
  });
});
