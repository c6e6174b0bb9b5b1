import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { ServiceError } from '@planted/contracts';
import { SessionRevocations } from '../session-revocations';
import { SessionTokenVerifier } from './session-token-verifier';

async function setup(revocations?: SessionRevocations) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' };
  const claims = {
    userId: randomUUID(),
    customer_id: randomUUID(),
    role: 'admin',
    email: 'a@b.co',
    name: 'Al',
  };
  /** Signed by identity's key; `kid` another key id, `exp` none when null. */
  const sign = (options: { kid?: string; exp?: number | null; sid?: string } = {}) => {
    const jwt = new SignJWT({ ...claims, ...(options.sid ? { sid: options.sid } : {}) })
      .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? 'k1' })
      .setIssuer('planted-identity')
      .setAudience('planted')
      .setIssuedAt();
    if (options.exp !== null) jwt.setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 3600);
    return jwt.sign(privateKey);
  };
  return { verifier: new SessionTokenVerifier({ keys: [jwk] }, revocations), sign, claims };
}

describe('SessionTokenVerifier (the gateway’s and every service’s token check)', () => {
  afterEach(() => jest.useRealTimers());

  it('turns valid claims into the actor, with the session id', async () => {
    const { verifier, sign, claims } = await setup();
    await expect(verifier.verify(await sign({ sid: 's-1' }))).resolves.toEqual({
      userId: claims.userId,
      customerId: claims.customer_id,
      role: 'admin',
      email: 'a@b.co',
      name: 'Al',
      sessionId: 's-1',
    });
  });

  it('refuses a token whose session has ended, even when it is already in the verified cache (issue 8)', async () => {
    const revocations = new SessionRevocations({} as never);
    const { verifier, sign, claims } = await setup(revocations);
    const ended = await sign({ sid: 's-1' });
    const other = await sign({ sid: 's-2' });
    expect(await verifier.verify(ended)).toMatchObject({ userId: claims.userId, sessionId: 's-1' });
    expect(verifier.cached(ended)).toMatchObject({ sessionId: 's-1' });
    revocations.add({
      kind: 'session',
      userId: claims.userId,
      sessionId: 's-1',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(() => verifier.cached(ended)).toThrow('Session ended');
    await expect(verifier.verify(ended)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verifier.verify(other)).resolves.toMatchObject({ sessionId: 's-2' });
    revocations.add({
      kind: 'user',
      userId: claims.userId,
      validAfter: Math.floor(Date.now() / 1000) + 1,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    await expect(verifier.verify(other)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Session ended',
    });
    // A token never seen before is checked against the revocations too.
    await expect(verifier.verify(await sign({ sid: 's-3' }))).rejects.toMatchObject({
      message: 'Session ended',
    });
  });

  it('refuses a token naming a key id the pinned keys do not hold: 401, not 500', async () => {
    const { verifier, sign } = await setup();
    await expect(verifier.verify(await sign({ kid: 'nobody' }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Invalid token',
    });
  });

  it('never answers from its cache for a token past its expiry', async () => {
    const { verifier, sign } = await setup();
    const start = Date.now();
    jest.useFakeTimers({ now: start, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const token = await sign({ exp: Math.floor(start / 1000) + 5 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ email: 'a@b.co' });
    jest.setSystemTime(start + 10_000);
    expect(verifier.cached(token)).toBeUndefined();
    await expect(verifier.verify(token)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Session expired',
    });
  });

  it('refuses a token whose payload was changed, even after the original was cached', async () => {
    const { verifier, sign } = await setup();
    const token = await sign();
    await verifier.verify(token);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), role: 'admin', name: 'X' }),
    ).toString('base64url');
    await expect(verifier.verify(`${h}.${forged}.${s}`)).rejects.toBeInstanceOf(ServiceError);
  });

  it('refuses a correctly signed token without exp (issue 8: sessions end)', async () => {
    const { verifier, sign } = await setup();
    await expect(verifier.verify(await sign({ exp: null }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Invalid token',
    });
  });

  it('refuses no token at all', async () => {
    const { verifier } = await setup();
    await expect(verifier.verify(undefined)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });
  });

  it('answers a copy: a caller changing its actor changes nothing for the next request', async () => {
    const { verifier, sign } = await setup();
    const token = await sign();
    const first = await verifier.verify(token);
    first.role = 'viewer';
    expect(verifier.cached(token)).toMatchObject({ role: 'admin' });
  });
});
