/** Seconds since the epoch, as every Stripe timestamp. */
export type UnixSeconds = number;

/**
 * The server's own time: the wall clock plus an offset that only grows, like a Stripe test
 * clock. Moving it forward is how a test or a newcomer reaches a renewal date.
 */
export class LocalClock {
  private offset = 0;

  now(): UnixSeconds {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  /** Moves the clock to `to`; a time in the past is refused (time never runs backwards). */
  moveTo(to: UnixSeconds): void {
    const now = this.now();
    if (!Number.isSafeInteger(to) || to < now) {
      throw new RangeError(`The clock can only move forward: it is ${now}, and ${to} is earlier`);
    }
    this.offset += to - now;
  }
}

export type Interval = 'day' | 'week' | 'month' | 'year';

/**
 * The end of billing period `count` counted from `anchor`, as Stripe bills: the same day
 * of the month (or of the year) as the anchor, clamped to the month's last day, so a
 * subscription started on 31 January renews on 28/29 February and then on 31 March.
 */
export function periodEnd(anchor: UnixSeconds, interval: Interval, count: number): UnixSeconds {
  if (interval === 'day') return anchor + count * 86_400;
  if (interval === 'week') return anchor + count * 7 * 86_400;
  const start = new Date(anchor * 1000);
  const months = interval === 'month' ? count : count * 12;
  const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + months) / 12);
  const month = (start.getUTCMonth() + months) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = Date.UTC(
    year,
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(end / 1000);
}
