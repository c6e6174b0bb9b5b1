import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import {
  bodyDigest,
  BusKeyError,
  GatewayAssertionSigner,
  GatewayAssertionVerifier,
  loadPublicKeys,
  parsePublicKeys,
  type SeenAssertions,
} from './bus-proof';

const pair = () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const memory = (): SeenAssertions => {
  const seen = new Set<string>();
  return {
    claim: (jti) => Promise.resolve(!seen.has(jti) && Boolean(seen.add(jti))),
  };
};

describe('pinned public keys (SESSION_PUBLIC_KEYS, GATEWAY_PUBLIC_KEYS)', () => {
  it('reads PEM public keys with the kid identity gives them, and JWKS documents', async () => {
    const a = pair();
    const b = pair();
    const fromPem = await parsePublicKeys(a.publicPem + b.publicPem.replace(/\n/g, '\\n'), 'KEYS');
    expect(fromPem.keys).toHaveLength(2);
    expect(fromPem.keys[0]).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      kid: expect.any(String),
    });
    expect(await parsePublicKeys(JSON.stringify(fromPem), 'KEYS')).toEqual(fromPem);
  });

  it('refuses private keys and anything else, naming the setting', async () => {
    const a = pair();
    await expect(parsePublicKeys(a.privatePem, 'SESSION_PUBLIC_KEYS')).rejects.toThrow(
      'SESSION_PUBLIC_KEYS must hold public keys only (found PRIVATE KEY)',
    );
    await expect(parsePublicKeys('nope', 'GATEWAY_PUBLIC_KEYS')).rejects.toBeInstanceOf(BusKeyError);
    const jwk = a.privateKey.export({ format: 'jwk' });
    await expect(parsePublicKeys(JSON.stringify({ keys: [jwk] }), 'K')).rejects.toThrow(
      'K holds a private key',
    );
  });

  it('reads <NAME>_FILE when <NAME> is unset, and answers undefined when neither is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bus-keys-'));
    try {
      const file = join(dir, 'session.pem');
      await writeFile(file, pair().publicPem);
      expect(
        (await loadPublicKeys({ SESSION_PUBLIC_KEYS_FILE: file }, 'SESSION_PUBLIC_KEYS'))?.keys,
      ).toHaveLength(1);
      expect(await loadPublicKeys({}, 'SESSION_PUBLIC_KEYS')).toBeUndefined();
      await expect(
        loadPublicKeys({ SESSION_PUBLIC_KEYS_FILE: join(dir, 'missing') }, 'SESSION_PUBLIC_KEYS'),
      ).rejects.toThrow(/Cannot read SESSION_PUBLIC_KEYS_FILE/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('gateway assertions', () => {
  it('are accepted once, for their subject and body', async () => {
    const gateway = pair();
    const signer = await GatewayAssertionSigner.fromPem(gateway.privatePem, 'GATEWAY_PRIVATE_KEY');
    const verifier = new GatewayAssertionVerifier(signer.publicKeys(), memory());
    const assertion = await signer.sign('identity.auth.login.v1', '{"email":"a@b.c"}');
    await expect(
      verifier.verify(assertion, 'identity.auth.login.v1', '{"email":"a@b.c"}'),
    ).resolves.toBeUndefined();
    await expect(
      verifier.verify(assertion, 'identity.auth.login.v1', '{"email":"a@b.c"}'),
    ).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Gateway assertion already used',
    });
  });

  it('are refused when they would live longer than 60 s, however well signed', async () => {
    const gateway = pair();
    const signer = await GatewayAssertionSigner.fromPem(gateway.privatePem, 'GATEWAY_PRIVATE_KEY');
    const now = Math.floor(Date.now() / 1000);
    const long = await new SignJWT({ body: bodyDigest('{}') })
      .setProtectedHeader({ alg: 'EdDSA', kid: signer.publicKeys().keys[0]!.kid })
      .setIssuer('planted-gateway')
      .setAudience('planted-bus')
      .setSubject('identity.auth.login.v1')
      .setJti('long-lived')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(gateway.privateKey);
    await expect(
      new GatewayAssertionVerifier(signer.publicKeys(), memory()).verify(
        long,
        'identity.auth.login.v1',
        '{}',
      ),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Gateway assertion lives too long' });
  });
});
