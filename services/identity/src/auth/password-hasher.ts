import { randomBytes } from 'node:crypto';
import { Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import { ARGON2_MINIMUM } from '../config';

export interface Argon2Parameters {
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id with parameters at or above OWASP's minimum. Also verifies against a dummy
 * hash made with the same parameters, so a login for an unknown email costs the same
 * time as one for a known email.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(readonly parameters: Argon2Parameters) {
    if (
      parameters.memoryCost < ARGON2_MINIMUM.memoryCost ||
      parameters.timeCost < ARGON2_MINIMUM.timeCost ||
      parameters.parallelism < ARGON2_MINIMUM.parallelism
    ) {
      throw new RangeError('argon2 parameters below the OWASP minimum (m=19456 KiB, t=2, p=1)');
    }
  }

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: Algorithm.Argon2id, ...this.parameters });
  }

  /** False, never an exception, for a malformed stored hash. */
  async verify(storedHash: string, password: string): Promise<boolean> {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time of a real verification and always fails. */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** Warms the dummy hash so the first unknown-email login is not slower than the rest. */
  async prepare(): Promise<void> {
    this.dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    await this.dummyHash;
  }

  /** Whether a stored hash was made with weaker settings than the current ones (rehash it on the next login). */
  needsRehash(storedHash: string): boolean {
    try {
      const used = parseOptions(storedHash);
      return (
        used.algorithm !== Algorithm.Argon2id ||
        used.memoryCost < this.parameters.memoryCost ||
        used.timeCost < this.parameters.timeCost ||
        used.parallelism < this.parameters.parallelism
      );
    } catch {
      return true;
    }
  }
}
