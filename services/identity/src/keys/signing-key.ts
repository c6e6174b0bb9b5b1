import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Logger } from '@planted/logging';
import { StartupError } from '@planted/service-kit';

/** Injection token of the key identity signs session tokens with (loaded before Nest starts). */
export const SIGNING_KEY = Symbol('IDENTITY_SIGNING_KEY');

export type SigningAlgorithm = 'EdDSA' | 'ES256';

export interface SigningKey {
  readonly alg: SigningAlgorithm;
  readonly kid: string;
  readonly privateKey: KeyObject;
  /** The public half as a JWK with kid, alg and use, as the JWKS carries it. */
  readonly publicJwk: JWK;
}

/** A key that cannot be used; the message says which setting to fix. */
export class SigningKeyError extends StartupError {
  constructor(message: string) {
    super(message);
    this.name = 'SigningKeyError';
  }
}

export interface SigningKeySource {
  NODE_ENV: string;
  JWT_PRIVATE_KEY?: string;
  JWT_KEY_FILE?: string;
}

export function generatePrivateKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Builds the signing key from a PKCS8 PEM holding an Ed25519 (EdDSA) or P-256 (ES256) private key. */
export async function signingKeyFromPem(pem: string, source: string): Promise<SigningKey> {
  let privateKey: KeyObject;
  try {
    // Env files often carry the PEM on one line with literal \n.
    privateKey = createPrivateKey({ key: pem.replace(/\\n/g, '\n'), format: 'pem' });
  } catch {
    throw new SigningKeyError(`${source} is not a PKCS8 PEM private key`);
  }
  let alg: SigningAlgorithm;
  if (privateKey.asymmetricKeyType === 'ed25519') alg = 'EdDSA';
  else if (
    privateKey.asymmetricKeyType === 'ec' &&
    privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1'
  )
    alg = 'ES256';
  else throw new SigningKeyError(`${source} must be an Ed25519 or P-256 private key`);

  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JsonWebKey as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { alg, kid, privateKey, publicJwk: { ...jwk, kid, alg, use: 'sig' } };
}

/**
 * The key from JWT_PRIVATE_KEY, else from JWT_KEY_FILE (created with a fresh key, mode
 * 0600, when missing), else a throwaway in-memory key when NODE_ENV=test.
 */
export async function loadSigningKey(source: SigningKeySource, logger?: Logger): Promise<SigningKey> {
  if (source.JWT_PRIVATE_KEY) return signingKeyFromPem(source.JWT_PRIVATE_KEY, 'JWT_PRIVATE_KEY');
  if (source.JWT_KEY_FILE)
    return signingKeyFromPem(
      await readOrCreateKeyFile(source.JWT_KEY_FILE, logger),
      `JWT_KEY_FILE (${source.JWT_KEY_FILE})`,
    );
  if (source.NODE_ENV === 'test') return signingKeyFromPem(generatePrivateKeyPem(), 'the in-memory test key');
  throw new SigningKeyError('No token signing key: set JWT_PRIVATE_KEY or JWT_KEY_FILE');
}

async function readOrCreateKeyFile(path: string, logger?: Logger): Promise<string> {
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // 'wx' fails when the file exists, so two replicas starting together keep one key.
    await writeFile(path, generatePrivateKeyPem(), { mode: 0o600, flag: 'wx' });
    logger?.info({ path }, 'created a new token signing key');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new SigningKeyError(`Cannot create JWT_KEY_FILE ${path}: ${(err as Error).message}`);
    }
  }
  try {
    const info = await stat(path);
    if ((info.mode & 0o077) !== 0)
      logger?.warn({ path }, 'token signing key file is readable by other users; chmod 600 it');
    return await readFile(path, 'utf8');
  } catch (err) {
    throw new SigningKeyError(`Cannot read JWT_KEY_FILE ${path}: ${(err as Error).message}`);
  }
}
