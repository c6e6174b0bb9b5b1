import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { currentSessionToken, runWithRequestId } from '@planted/logging';
import { SessionTokenVerifier } from '@planted/messaging';
import { verifyBearer } from './auth.guard';

describe('verifyBearer (every signed-in route, REST and GraphQL)', () => {
  async function setup() {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' };
    const token = await new SignJWT({
      userId: randomUUID(),
      customer_id: randomUUID(),
      role: 'user',
      email: 'a@b.co',
      name: 'Al',
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer('planted-identity')
      .setAudience('planted')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    return { verifier: new SessionTokenVerifier({ keys: [jwk] }), token };
  }

  it('puts the verified token into the request context, for the bus calls made for the request', async () => {
    const { verifier, token } = await setup();
    const seen = await runWithRequestId('r1', async () => {
      await verifyBearer(verifier, `Bearer ${token}`);
      return currentSessionToken();
    });
    expect(seen).toBe(token);
  });

  it('refuses a missing or malformed Authorization header', async () => {
    const { verifier, token } = await setup();
    await expect(verifyBearer(verifier, undefined)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });
    await expect(verifyBearer(verifier, `Basic ${token}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
