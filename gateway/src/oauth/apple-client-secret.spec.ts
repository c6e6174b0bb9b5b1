import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { AppleClientSecret } from './apple-client-secret';

describe("Apple's client secret: a short-lived ES256 JWT from the team's key", () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const secret = new AppleClientSecret({
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    clientId: 'uk.planted.web',
    audience: 'https://appleid.apple.com',
    privateKey,
  });

  it('names the team, the client, Apple and the key, and lives ten minutes', async () => {
    const now = Date.UTC(2025, 0, 1);
    const jwt = await secret.current(now);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(jwt, publicKey, { currentDate: new Date(now) });
    expect(payload).toEqual({
      iss: 'TEAM123456',
      sub: 'uk.planted.web',
      aud: 'https://appleid.apple.com',
      iat: now / 1000,
      exp: now / 1000 + 600,
    });
  });

  it('is reused until a minute before it expires, then renewed', async () => {
    const start = Date.UTC(2025, 1, 1);
    const first = await secret.current(start);
    expect(await secret.current(start + 8 * 60_000)).toBe(first);
    expect(await secret.current(start + 9 * 60_000)).not.toBe(first);
  });
});
