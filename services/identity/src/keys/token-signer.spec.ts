import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { TokenClaims } from '@planted/contracts';
import { generatePrivateKeyPem, signingKeyFromPem } from './signing-key';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenSigner } from './token-signer';

const claims: TokenClaims = {
  userId: '2b9c3a54-1d1f-4c1e-9a55-6f0f0d2b8a11',
  email: 'alice@example.test',
  role: 'admin',
  name: 'Alice Admin',
  customer_id: '7a0c1e6d-3f51-4f0a-8a7e-5a0f6c9d2e44',
};

const verifyOptions = { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE };

describe('session tokens (spec §3 claims, verified by the gateway through the JWKS)', () => {
  it('signs EdDSA tokens with a kid that the JWKS resolves, carrying exactly the §3 claims plus sub, iss, aud, iat, exp', async () => {
    const signer = new TokenSigner(await signingKeyFromPem(generatePrivateKeyPem(), 'test'), 12 * 3600);
    const token = await signer.sign(claims);
    const { payload, protectedHeader } = await jwtVerify(
      token,
      createLocalJWKSet(signer.jwks()),
      verifyOptions,
    );

    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'JWT', kid: signer.jwks().keys[0]!.kid });
    expect(Object.keys(payload).sort()).toEqual([
      'aud',
      'customer_id',
      'email',
      'exp',
      'iat',
      'iss',
      'name',
      'role',
      'sub',
      'userId',
    ]);
    expect(payload).toMatchObject({ ...claims, sub: claims.userId, iss: 'planted-identity', aud: 'planted' });
    expect(payload.exp! - payload.iat!).toBe(12 * 3600);
  });

  it('carries the session id as sid, and never an iat before the user’s sessions-valid-after instant', async () => {
    const now = 1_700_000_000_000;
    const signer = new TokenSigner(await signingKeyFromPem(generatePrivateKeyPem(), 'test'), 60, () => now);
    const plain = decodeJwt(await signer.sign(claims, { sessionId: 's-1' }));
    expect(plain).toMatchObject({ sid: 's-1', iat: now / 1000, exp: now / 1000 + 60 });
    const afterRevocation = decodeJwt(
      await signer.sign(claims, { sessionId: 's-2', notBefore: now / 1000 + 1 }),
    );
    expect(afterRevocation).toMatchObject({ sid: 's-2', iat: now / 1000 + 1, exp: now / 1000 + 61 });
  });

  it('publishes the public key only, with kid, alg and use', async () => {
    const signer = new TokenSigner(await signingKeyFromPem(generatePrivateKeyPem(), 'test'), 60);
    const [key] = signer.jwks().keys;
    expect(key).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: expect.any(String),
      alg: 'EdDSA',
      use: 'sig',
    });
  });

  it('supports a P-256 key as ES256', async () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const signer = new TokenSigner(await signingKeyFromPem(pem, 'test'), 60);
    const token = await signer.sign(claims);
    expect(decodeProtectedHeader(token).alg).toBe('ES256');
    await expect(jwtVerify(token, createLocalJWKSet(signer.jwks()), verifyOptions)).resolves.toBeDefined();
  });

  it('is rejected when expired, tampered with, or signed by another key', async () => {
    const key = await signingKeyFromPem(generatePrivateKeyPem(), 'test');
    const jwks = createLocalJWKSet(new TokenSigner(key, 60).jwks());

    const expired = await new TokenSigner(key, 60, () => Date.now() - 3600_000).sign(claims);
    await expect(jwtVerify(expired, jwks, verifyOptions)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });

    const [header, , signature] = (await new TokenSigner(key, 60).sign(claims)).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(expired), role: 'admin', exp: 9_999_999_999 }),
    ).toString('base64url');
    await expect(jwtVerify(`${header}.${forgedPayload}.${signature}`, jwks, verifyOptions)).rejects.toThrow();

    const other = await signingKeyFromPem(generatePrivateKeyPem(), 'other');
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(other.privateKey);
    await expect(jwtVerify(foreign, jwks, verifyOptions)).rejects.toThrow();
  });

  it('is rejected for another audience or issuer', async () => {
    const signer = new TokenSigner(await signingKeyFromPem(generatePrivateKeyPem(), 'test'), 60);
    const token = await signer.sign(claims);
    const jwks = createLocalJWKSet(signer.jwks());
    await expect(jwtVerify(token, jwks, { ...verifyOptions, audience: 'someone-else' })).rejects.toThrow();
    await expect(jwtVerify(token, jwks, { ...verifyOptions, issuer: 'someone-else' })).rejects.toThrow();
  });
});
