/**
 * Zahara allows about 100 calls a minute per key. A sliding window per key: a call over the
 * limit is refused (and not counted), with the seconds until the oldest counted call leaves
 * the window as its Retry-After.
 */
export class RateLimiter {
  private readonly calls = new Map<string, number[]>();

  constructor(
    public limit: number,
    public windowMs: number,
  ) {}

  /** Counts the call and answers undefined, or answers the seconds to wait. */
  admit(key: string, now = Date.now()): { retryAfterSeconds: number } | undefined {
    const recent = (this.calls.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.calls.set(key, recent);
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000));
      return { retryAfterSeconds };
    }
    recent.push(now);
    this.calls.set(key, recent);
    return undefined;
  }

  /** Calls the key may still make in the current window. */
  remaining(key: string, now = Date.now()): number {
    const recent = (this.calls.get(key) ?? []).filter((at) => at > now - this.windowMs);
    return Math.max(0, this.limit - recent.length);
  }

  reset(): void {
    this.calls.clear();
  }
}
