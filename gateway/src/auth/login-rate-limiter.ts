import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimitedError } from '../errors/http-exception.filter';

export interface LoginRateLimits {
  windowSeconds: number;
  perIp: number;
  perEmail: number;
  keyPrefix: string;
}

/**
 * Fixed-window login attempt counters in Redis, per client IP and per email address, so
 * neither one address hammering many accounts nor many addresses hammering one account
 * gets far. Counters are shared by every gateway replica.
 */
export class LoginRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limits: LoginRateLimits,
  ) {}

  async hit(ip: string, email: string): Promise<void> {
    const { windowSeconds, keyPrefix } = this.limits;
    const emailKey = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    const keys = [`${keyPrefix}rl:login:ip:${ip}`, `${keyPrefix}rl:login:email:${emailKey}`];
    const results = await this.redis
      .multi()
      .incr(keys[0])
      .expire(keys[0], windowSeconds, 'NX')
      .ttl(keys[0])
      .incr(keys[1])
      .expire(keys[1], windowSeconds, 'NX')
      .ttl(keys[1])
      .exec();
    if (!results) return;
    const ipCount = Number(results[0][1]);
    const ipTtl = Number(results[2][1]);
    const emailCount = Number(results[3][1]);
    const emailTtl = Number(results[5][1]);
    let retryAfter = 0;
    if (ipCount > this.limits.perIp) retryAfter = Math.max(retryAfter, ipTtl);
    if (emailCount > this.limits.perEmail) retryAfter = Math.max(retryAfter, emailTtl);
    if (retryAfter > 0) {
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      throw new RateLimitedError(
        `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        retryAfter,
      );
    }
  }
}
