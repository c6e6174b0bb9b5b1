import { Redis } from 'ioredis';
import { ServiceError } from '@planted/contracts';
import { uniqueName } from '@planted/testing';
import { AttemptLimiter, tooManyLoginAttempts, type AttemptLimits } from '../src/auth/attempt-limiter';
import { RateLimitedError } from '../src/errors/http-exception.filter';

// Issue 8, item 4: limits keyed so that an attacker's failures slow the attacker, not the owner.
describe('AttemptLimiter against real Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  afterAll(() => redis.quit());

  const limits = (overrides: Partial<AttemptLimits> = {}): AttemptLimits => ({
    windowSeconds: 900,
    freeFailuresPerPair: 5,
    perSource: 100,
    perAccount: 10,
    maxBackoffSeconds: 900,
    keyPrefix: `${uniqueName('rl')}:`,
    ...overrides,
  });
  const wrongPassword = () =>
    Promise.reject(new ServiceError('INVALID_CREDENTIALS', 'Invalid email or password'));
  const rightPassword = () => Promise.resolve('token');
  const isWrong = (err: unknown) => err instanceof ServiceError && err.code === 'INVALID_CREDENTIALS';

  async function outcome(
    limiter: AttemptLimiter,
    source: string,
    account: string,
    attempt: () => Promise<string>,
  ) {
    try {
      return await limiter.guard(source, account, attempt, isWrong);
    } catch (err) {
      if (err instanceof RateLimitedError) return 429;
      if (isWrong(err)) return 401;
      throw err;
    }
  }

  it('ten wrong passwords from an attacker do not lock the owner out of their own account', async () => {
    const limiter = new AttemptLimiter(redis, 'login', limits(), tooManyLoginAttempts);
    const attacker = '198.51.100.7';
    const seen: (number | string)[] = [];
    for (let i = 0; i < 12; i++)
      seen.push(await outcome(limiter, attacker, 'owner@example.test', wrongPassword));
    expect(seen.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(seen.slice(5)).toContain(429);
    // The owner, from their own address, with the right password.
    expect(await outcome(limiter, '203.0.113.9', 'owner@example.test', rightPassword)).toBe('token');
  });

  it('after the free failures, each try of that source on that account waits twice as long', async () => {
    const limiter = new AttemptLimiter(
      redis,
      'login',
      limits({ freeFailuresPerPair: 2 }),
      tooManyLoginAttempts,
    );
    const now = Date.now();
    await limiter.fail('a', 'x@example.test', now);
    await limiter.fail('a', 'x@example.test', now);
    await expect(limiter.check('a', 'x@example.test', now)).rejects.toMatchObject({
      retryAfterSeconds: 1,
      message: 'Too many login attempts. Please try again in 1 second.',
    });
    await expect(limiter.check('a', 'x@example.test', now + 1000)).resolves.toBeUndefined();
    await limiter.fail('a', 'x@example.test', now + 1000);
    await expect(limiter.check('a', 'x@example.test', now + 1500)).rejects.toMatchObject({
      retryAfterSeconds: 2,
      message: 'Too many login attempts. Please try again in 2 seconds.',
    });
    await expect(limiter.check('a', 'x@example.test', now + 2000)).rejects.toMatchObject({
      retryAfterSeconds: 1,
    });
    await expect(limiter.check('a', 'x@example.test', now + 3000)).resolves.toBeUndefined();
    // Another account from the same source is not held back by this pair.
    await expect(limiter.check('a', 'y@example.test', now)).resolves.toBeUndefined();
  });

  it('a source spraying many accounts meets its own limit, with the message and Retry-After', async () => {
    const limiter = new AttemptLimiter(redis, 'login', limits({ perSource: 3 }), tooManyLoginAttempts);
    for (let i = 0; i < 3; i++) await limiter.fail('spray', `user${i}@example.test`);
    const err = await limiter.check('spray', 'fresh@example.test').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).message).toBe(
      'Too many login attempts. Please try again in 15 minutes.',
    );
    expect((err as RateLimitedError).retryAfterSeconds).toBeGreaterThan(890);
    await expect(limiter.check('other-source', 'fresh@example.test')).resolves.toBeUndefined();
  });

  it('an account attacked from many sources holds back only the sources that failed on it', async () => {
    const limiter = new AttemptLimiter(redis, 'login', limits({ perAccount: 4 }), tooManyLoginAttempts);
    for (let i = 0; i < 4; i++) await limiter.fail(`bot${i}`, 'target@example.test');
    await expect(limiter.check('bot0', 'target@example.test')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limiter.check('owner-laptop', 'target@example.test')).resolves.toBeUndefined();
  });

  it('says how long is really left of the wait on an attacked account, counting down', async () => {
    const limiter = new AttemptLimiter(redis, 'login', limits({ perAccount: 4 }), tooManyLoginAttempts);
    const now = Date.now();
    for (let i = 0; i < 3; i++) await limiter.fail(`bot${i}`, 'counted@example.test', now);
    await limiter.fail('office', 'counted@example.test', now);
    // One failure of this source on an attacked account: two minutes from that failure.
    await expect(limiter.check('office', 'counted@example.test', now)).rejects.toMatchObject({
      retryAfterSeconds: 120,
      message: 'Too many login attempts. Please try again in 2 minutes.',
    });
    await expect(limiter.check('office', 'counted@example.test', now + 110_000)).rejects.toMatchObject({
      retryAfterSeconds: 10,
      message: 'Too many login attempts. Please try again in 10 seconds.',
    });
    await expect(limiter.check('office', 'counted@example.test', now + 120_000)).resolves.toBeUndefined();
  });

  it('ends the wait when the attacked account’s count lapses', async () => {
    const limiter = new AttemptLimiter(
      redis,
      'login',
      limits({ perAccount: 2, windowSeconds: 30 }),
      tooManyLoginAttempts,
    );
    await limiter.fail('bot', 'lapsing@example.test');
    await limiter.fail('office', 'lapsing@example.test');
    const err = (await limiter
      .check('office', 'lapsing@example.test')
      .catch((e: unknown) => e)) as RateLimitedError;
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(err.retryAfterSeconds).toBeGreaterThan(25);
  });

  it('counts a burst of tries sent together one at a time: no more guesses than the free ones get through', async () => {
    const limiter = new AttemptLimiter(redis, 'login', limits(), tooManyLoginAttempts);
    let guesses = 0;
    const slowWrong = async () => {
      guesses += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return wrongPassword();
    };
    for (let burst = 0; burst < 4; burst++) {
      const answers = await Promise.all(
        Array.from({ length: 15 }, () => outcome(limiter, 'burst-ip', 'burst@example.com', slowWrong)),
      );
      expect(answers.filter((a) => a === 401)).toHaveLength(1);
    }
    // Four bursts of 15: four guesses, each counted before the next was let through.
    expect(guesses).toBe(4);
    await outcome(limiter, 'burst-ip', 'burst@example.com', slowWrong);
    expect(guesses).toBe(5);
    // The free failures are used up: the next try waits, however many are sent at once.
    const after = await Promise.all(
      Array.from({ length: 15 }, () => outcome(limiter, 'burst-ip', 'burst@example.com', slowWrong)),
    );
    expect(after.every((a) => a === 429)).toBe(true);
    expect(guesses).toBe(5);
  });

  it('a success forgets that pair’s failures', async () => {
    const limiter = new AttemptLimiter(
      redis,
      'login',
      limits({ freeFailuresPerPair: 2 }),
      tooManyLoginAttempts,
    );
    await limiter.fail('s', 'me@example.test', Date.now() - 60_000);
    await limiter.succeed('s', 'me@example.test');
    await limiter.fail('s', 'me@example.test');
    await expect(limiter.check('s', 'me@example.test')).resolves.toBeUndefined();
  });
});
