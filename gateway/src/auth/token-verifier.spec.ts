import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { ServiceError, type TypedClient } from '@planted/contracts';
import { currentSessionToken, runWithRequestId } from '@planted/logging';
import { SessionRevocations } from '@planted/messaging';
import { TokenVerifier } from './token-verifier';

async function setup(revocations?: SessionRevocations) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' };
  let jwksCalls = 0;
  const bus = {
    send: async () => {
      jwksCalls += 1;
      return { keys: [jwk] };
    },
  } as unknown as TypedClient;
  const claims = {
    userId: randomUUID(),
    customer_id: randomUUID(),
    role: 'admin',
    email: 'a@b.co',
    name: 'Al',
  };
  const sign = (expSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer('planted-identity')
      .setAudience('planted')
      .setIssuedAt()
      .setExpirationTime(expSeconds)
      .sign(privateKey);
  /** Signed by the real key, but with another key id, or with no expiry at all. */
  const signOther = (options: { kid?: string; exp?: number }) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? 'k1' })
      .setIssuer('planted-identity')
      .setAudience('planted')
      .setIssuedAt();
    if (options.exp !== undefined) jwt.setExpirationTime(options.exp);
    return jwt.sign(privateKey);
  };
  return {
    verifier: new TokenVerifier(bus, undefined, revocations),
    pinned: new TokenVerifier(bus, { keys: [jwk] }),
    sign,
    privateKey,
    signOther,
    claims,
    jwksCalls: () => jwksCalls,
  };
}

describe('TokenVerifier', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses a token whose session has ended, even when it is already in the verified cache', async () => {
    const revocations = new SessionRevocations({} as never);
    const { verifier, claims, privateKey } = await setup(revocations);
    const withSession = (sid: string) =>
      new SignJWT({ ...claims, sid })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
        .setIssuer('planted-identity')
        .setAudience('planted')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
    const ended = await withSession('s-1');
    const other = await withSession('s-2');
    expect(await verifier.verify(ended)).toMatchObject({ userId: claims.userId, sessionId: 's-1' });
    revocations.add({
      kind: 'session',
      userId: claims.userId,
      sessionId: 's-1',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    await expect(verifier.verify(ended)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verifier.verify(other)).resolves.toMatchObject({ sessionId: 's-2' });
    revocations.add({
      kind: 'user',
      userId: claims.userId,
      validAfter: Math.floor(Date.now() / 1000) + 1,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    await expect(verifier.verify(other)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('with pinned keys (SESSION_PUBLIC_KEYS) never asks the bus, even for an unknown key id', async () => {
    const { pinned, sign, signOther, jwksCalls } = await setup();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await expect(pinned.verify(await sign(exp))).resolves.toMatchObject({ role: 'admin' });
    await expect(pinned.verify(await signOther({ kid: 'k2', exp }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(jwksCalls()).toBe(0);
  });

  it('puts the verified token into the request context, for the bus calls made for the request', async () => {
    const { pinned, sign } = await setup();
    const token = await sign(Math.floor(Date.now() / 1000) + 3600);
    const seen = await runWithRequestId('r1', async () => {
      await pinned.verify(token);
      return currentSessionToken();
    });
    expect(seen).toBe(token);
  });

  it('turns valid claims into the actor and fetches the key set once', async () => {
    const { verifier, sign, claims, jwksCalls } = await setup();
    const token = await sign(Math.floor(Date.now() / 1000) + 3600);
    const actor = await verifier.verify(token);
    expect(actor).toEqual({
      userId: claims.userId,
      customerId: claims.customer_id,
      role: 'admin',
      email: 'a@b.co',
      name: 'Al',
    });
    await verifier.verify(await sign(Math.floor(Date.now() / 1000) + 3601));
    expect(jwksCalls()).toBe(1);
  });

  it('never answers from its cache for a token past its expiry', async () => {
    const { verifier, sign } = await setup();
    const start = Date.now();
    jest.useFakeTimers({ now: start, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const token = await sign(Math.floor(start / 1000) + 5);
    await expect(verifier.verify(token)).resolves.toMatchObject({ email: 'a@b.co' });
    jest.setSystemTime(start + 10_000);
    await expect(verifier.verify(token)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Session expired',
    });
  });

  it('refuses a token whose payload was changed, even after the original was cached', async () => {
    const { verifier, sign } = await setup();
    const token = await sign(Math.floor(Date.now() / 1000) + 3600);
    await verifier.verify(token);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), role: 'admin', name: 'X' }),
    ).toString('base64url');
    await expect(verifier.verify(`${h}.${forged}.${s}`)).rejects.toBeInstanceOf(ServiceError);
  });

  it('refuses a correctly signed token without exp (issue 8: sessions end)', async () => {
    const { verifier, signOther } = await setup();
    await expect(verifier.verify(await signOther({}))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Invalid token',
    });
  });

  it('answers 401, not 500, for a token naming a key id nobody issued, before and after a refresh', async () => {
    const { verifier, signOther, sign, jwksCalls } = await setup();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await verifier.verify(await sign(exp));
    // Within the refresh cooldown: no new fetch, still a clean UNAUTHENTICATED.
    await expect(verifier.verify(await signOther({ kid: 'nobody', exp }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(jwksCalls()).toBe(1);
    // Past the cooldown: the key set is fetched again, and the unknown key is still refused.
    const start = Date.now();
    jest.useFakeTimers({ now: start + 31_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    await expect(verifier.verify(await signOther({ kid: 'other', exp }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(jwksCalls()).toBe(2);
  });
});
