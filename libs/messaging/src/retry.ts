/**
 * Exponential backoff with jitter: attempt 1 waits between half of `baseMs` and `baseMs`,
 * each further attempt doubles that, capped at `maxMs`. Jitter keeps replicas that failed together
 * from retrying in lockstep.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A sleep that can be cut short: `wake()` ends the current (or next) wait at once.
 * Used by the loops of the relay and the consumer so stop() and notify() act immediately.
 */
export class Sleeper {
  private timer: NodeJS.Timeout | undefined;
  private resolve: (() => void) | undefined;
  private woken = false;

  sleep(ms: number): Promise<void> {
    if (this.woken || ms <= 0) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(() => this.finish(), ms);
    });
  }

  wake(): void {
    if (this.resolve) this.finish();
    else this.woken = true;
  }

  private finish(): void {
    clearTimeout(this.timer);
    const resolve = this.resolve;
    this.resolve = undefined;
    this.timer = undefined;
    this.woken = false;
    resolve?.();
  }
}
