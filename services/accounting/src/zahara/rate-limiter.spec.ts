import { KeyRateLimiter } from './rate-limiter';

describe('the per-key rate limit (about 100 calls a minute, Zahara)', () => {
  it('lets the window fill, then says how long until its oldest call leaves it', () => {
    let now = 1_000;
    const limiter = new KeyRateLimiter(3, 60_000, () => now);
    expect([limiter.reserve('a'), limiter.reserve('a'), limiter.reserve('a')]).toEqual([0, 0, 0]);
    now += 10_000;
    expect(limiter.reserve('a')).toBe(50_000);
    // Another key has its own window.
    expect(limiter.reserve('b')).toBe(0);
    now += 50_000;
    expect(limiter.reserve('a')).toBe(0);
  });

  it("holds a key for a 429's Retry-After", () => {
    let now = 0;
    const limiter = new KeyRateLimiter(100, 60_000, () => now);
    limiter.pause('a', 2_000);
    expect(limiter.reserve('a')).toBe(2_000);
    now = 2_000;
    expect(limiter.reserve('a')).toBe(0);
  });
});
