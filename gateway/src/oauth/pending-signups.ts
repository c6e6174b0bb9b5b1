import type { Redis } from 'ioredis';
import type { OAuthProvider } from '@planted/contracts';

/** What the provider answered about the email: whether it vouched for it. */
export interface PendingSignup {
  emailVerified: boolean;
  /** The sha-256 of the browser's signup binding (browser-binding.ts); absent on older entries. */
  browserHash?: string;
}

/**
 * Proof, for a while, that a provider really answered with this account id and email
 * (and whether it vouched for the email) and that no company has it yet: complete-signup
 * accepts only a provider id found here (spec §8 'Social completion failure' otherwise).
 */
export class PendingSignups {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    /** How long a signup may wait to be completed (also the browser's binding cookie's life). */
    readonly ttlSeconds: number,
  ) {}

  private key(provider: OAuthProvider, providerId: string): string {
    return `${this.keyPrefix}oauth:pending:${provider}:${providerId}`;
  }

  async remember(
    provider: OAuthProvider,
    providerId: string,
    email: string,
    emailVerified: boolean,
    browserHash: string,
  ): Promise<void> {
    const value = JSON.stringify({ email: email.toLowerCase(), emailVerified, browserHash });
    await this.redis.set(this.key(provider, providerId), value, 'EX', this.ttlSeconds);
  }

  /** The pending signup of this provider id, if it was for this email. */
  async find(provider: OAuthProvider, providerId: string, email: string): Promise<PendingSignup | undefined> {
    const stored = await this.redis.get(this.key(provider, providerId));
    if (stored === null) return undefined;
    let pending: { email?: unknown; emailVerified?: unknown; browserHash?: unknown };
    try {
      pending = JSON.parse(stored) as typeof pending;
    } catch {
      // Kept by a gateway before the flag: the email alone, unvouched.
      pending = { email: stored, emailVerified: false };
    }
    if (pending.email !== email.toLowerCase()) return undefined;
    return {
      emailVerified: pending.emailVerified === true,
      ...(typeof pending.browserHash === 'string' ? { browserHash: pending.browserHash } : {}),
    };
  }

  async forget(provider: OAuthProvider, providerId: string): Promise<void> {
    await this.redis.del(this.key(provider, providerId));
  }
}
