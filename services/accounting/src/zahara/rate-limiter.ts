/**
 * Zahara allows about 100 calls a minute per key. Each key gets a sliding window here, so
 * this process stays under it instead of collecting 429s; a 429 that comes anyway (another
 * replica, another client of the key) pauses the key for its Retry-After.
 */
export class KeyRateLimiter {
  private readonly calls = new Map<string, number[]>();
  private readonly pausedUntil = new Map<string, number>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * How long to wait before a call with this key may go (0: now, and the call is counted).
   * The caller sleeps that long and asks again.
   */
  reserve(key: string): number {
    const now = this.now();
    const paused = this.pausedUntil.get(key) ?? 0;
    if (paused > now) return paused - now;
    const recent = (this.calls.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length < this.perWindow) {
      recent.push(now);
      this.calls.set(key, recent);
      return 0;
    }
    this.calls.set(key, recent);
    return Math.max(1, recent[0] + this.windowMs - now);
  }

  /** Zahara answered 429 with Retry-After: nothing goes with this key until then. */
  pause(key: string, ms: number): void {
    const until = this.now() + ms;
    if (until > (this.pausedUntil.get(key) ?? 0)) this.pausedUntil.set(key, until);
  }
}
