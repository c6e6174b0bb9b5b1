import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKeyPem, loadSigningKey, SigningKeyError, signingKeyFromPem } from './signing-key';

describe('token signing key (JWT_PRIVATE_KEY, JWT_KEY_FILE, in-memory only under test)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-keys-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates JWT_KEY_FILE with a fresh Ed25519 key readable by the owner only, and reuses it', async () => {
    const path = join(dir, 'keys', 'identity.pem');
    const first = await loadSigningKey({ NODE_ENV: 'development', JWT_KEY_FILE: path });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const again = await loadSigningKey({ NODE_ENV: 'development', JWT_KEY_FILE: path });
    expect(again.kid).toBe(first.kid);
    expect(first.alg).toBe('EdDSA');
  });

  it('prefers JWT_PRIVATE_KEY, also written on one line with \\n escapes', async () => {
    const pem = generatePrivateKeyPem();
    const fromEnv = await loadSigningKey({
      NODE_ENV: 'production',
      JWT_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
      JWT_KEY_FILE: join(dir, 'unused.pem'),
    });
    expect(fromEnv.kid).toBe((await signingKeyFromPem(pem, 'pem')).kid);
    await expect(stat(join(dir, 'unused.pem'))).rejects.toThrow();
  });

  it('uses a throwaway key under NODE_ENV=test only', async () => {
    await expect(loadSigningKey({ NODE_ENV: 'test' })).resolves.toMatchObject({ alg: 'EdDSA' });
    await expect(loadSigningKey({ NODE_ENV: 'production' })).rejects.toBeInstanceOf(SigningKeyError);
    await expect(loadSigningKey({ NODE_ENV: 'development' })).rejects.toThrow(
      /JWT_PRIVATE_KEY or JWT_KEY_FILE/,
    );
  });

  it('refuses a value that is not a PKCS8 private key, or a key of another type, naming the setting', async () => {
    await expect(loadSigningKey({ NODE_ENV: 'production', JWT_PRIVATE_KEY: 'not a key' })).rejects.toThrow(
      'JWT_PRIVATE_KEY is not a PKCS8 PEM private key',
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expect(loadSigningKey({ NODE_ENV: 'production', JWT_PRIVATE_KEY: rsa })).rejects.toThrow(
      'JWT_PRIVATE_KEY must be an Ed25519 or P-256 private key',
    );
  });
});
