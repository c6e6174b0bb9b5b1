import { parseOptions } from '@node-rs/argon2';
import { ARGON2_MINIMUM } from '../config';
import { PasswordHasher } from './password-hasher';

describe('password hashing (argon2id at or above OWASP parameters)', () => {
  const hasher = new PasswordHasher({ ...ARGON2_MINIMUM });

  it('hashes with argon2id, m=19456 KiB, t=2, p=1 and a random salt', async () => {
    const first = await hasher.hash('correct horse');
    const second = await hasher.hash('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
  });

  it('uses stronger parameters when configured', async () => {
    const strong = new PasswordHasher({ memoryCost: 32_768, timeCost: 3, parallelism: 2 });
    const options = parseOptions(await strong.hash('pw'));
    expect(options).toMatchObject({ memoryCost: 32_768, timeCost: 3, parallelism: 2 });
  });

  it('refuses parameters below the OWASP minimum', () => {
    expect(() => new PasswordHasher({ memoryCost: 19_455, timeCost: 2, parallelism: 1 })).toThrow(RangeError);
    expect(() => new PasswordHasher({ memoryCost: 19_456, timeCost: 1, parallelism: 1 })).toThrow(RangeError);
    expect(() => new PasswordHasher({ memoryCost: 19_456, timeCost: 2, parallelism: 0 })).toThrow(RangeError);
  });

  it('verifies the right password only, and treats a malformed hash as a mismatch', async () => {
    const hash = await hasher.hash('s3cret!');
    await expect(hasher.verify(hash, 's3cret!')).resolves.toBe(true);
    await expect(hasher.verify(hash, 's3cret?')).resolves.toBe(false);
    await expect(hasher.verify('not-a-hash', 's3cret!')).resolves.toBe(false);
  });

  it('spends a real verification on the dummy hash and always fails', async () => {
    await hasher.prepare();
    await expect(hasher.verifyDummy('anything')).resolves.toBe(false);
  });

  it('asks for a rehash when a stored hash is weaker than the current settings', async () => {
    const weak = new PasswordHasher({ ...ARGON2_MINIMUM });
    const stronger = new PasswordHasher({ memoryCost: 65_536, timeCost: 3, parallelism: 1 });
    const stored = await weak.hash('pw');
    expect(weak.needsRehash(stored)).toBe(false);
    expect(stronger.needsRehash(stored)).toBe(true);
    expect(weak.needsRehash('$2b$10$bcrypt-style-hash')).toBe(true);
  });
});
