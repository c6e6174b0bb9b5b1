import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * The business units' API keys at rest: AES-256-GCM with a key from config
 * (ACCOUNTING_ENCRYPTION_KEY), a fresh IV per encryption, and the company's id as
 * additional data, so a ciphertext copied onto another company's row does not decrypt.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class ApiKeyCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('ACCOUNTING_ENCRYPTION_KEY must be 32 bytes');
  }

  encrypt(plain: string, customerId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(customerId));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Throws when the stored value was altered, moved to another company, or made with another key. */
  decrypt(stored: string, customerId: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined)
      throw new Error('Unreadable stored API key');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(customerId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** What GET /zahara/settings shows of a key: its last four characters. */
export function maskApiKey(lastFour: string): string {
  return `••••••••${lastFour}`;
}
