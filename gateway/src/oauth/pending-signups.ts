import type { Redis } from 'ioredis';
import type { OAuthProvider } from '@planted/contracts';

/**
 * Proof, for a while, that a provider really answered with this account id and email
 * and that no company has it yet: complete-signup accepts only a provider id found
 * here (spec §8 'Social completion failure' otherwise).
 */
export class PendingSignups {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private key(provider: OAuthProvider, providerId: string): string {
    return `${this.keyPrefix}oauth:pending:${provider}:${providerId}`;
  }

  async remember(provider: OAuthProvider, providerId: string, email: string): Promise<void> {
    await this.redis.set(this.key(provider, providerId), email.toLowerCase(), 'EX', this.ttlSeconds);
  }

  async matches(provider: OAuthProvider, providerId: string, email: string): Promise<boolean> {
    const stored = await this.redis.get(this.key(provider, providerId));
    return stored !== null && stored === email.toLowerCase();
  }

  async forget(provider: OAuthProvider, providerId: string): Promise<void> {
    await this.redis.del(this.key(provider, providerId));
  }
}
