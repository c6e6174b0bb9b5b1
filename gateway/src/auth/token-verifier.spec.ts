import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { ServiceError, type TypedClient } from '@planted/contracts';
import { TokenVerifier } from './token-verifier';

async function setup() {
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
  return { verifier: new TokenVerifier(bus), sign, claims, jwksCalls: () => jwksCalls };
}

describe('TokenVerifier', () => {
  afterEach(() => jest.useRealTimers());

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
});
