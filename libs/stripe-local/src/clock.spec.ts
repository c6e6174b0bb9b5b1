import { LocalClock, periodEnd } from './clock';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('periodEnd', () => {
  it('renews monthly on the same day and time of the month', () => {
    expect(periodEnd(at('2026-03-15T10:20:30Z'), 'month', 1)).toBe(at('2026-04-15T10:20:30Z'));
    expect(periodEnd(at('2026-11-15T00:00:00Z'), 'month', 2)).toBe(at('2027-01-15T00:00:00Z'));
  });

  it('clamps to the last day of a shorter month, and returns to the anchor day after', () => {
    const anchor = at('2026-01-31T09:00:00Z');
    expect(periodEnd(anchor, 'month', 1)).toBe(at('2026-02-28T09:00:00Z'));
    expect(periodEnd(anchor, 'month', 2)).toBe(at('2026-03-31T09:00:00Z'));
    expect(periodEnd(at('2028-01-31T09:00:00Z'), 'month', 1)).toBe(at('2028-02-29T09:00:00Z'));
  });

  it('renews yearly on the same date, 29 February falling to the 28th', () => {
    expect(periodEnd(at('2026-06-01T12:00:00Z'), 'year', 1)).toBe(at('2027-06-01T12:00:00Z'));
    expect(periodEnd(at('2028-02-29T12:00:00Z'), 'year', 1)).toBe(at('2029-02-28T12:00:00Z'));
  });

  it('counts days and weeks in seconds', () => {
    expect(periodEnd(100, 'day', 2)).toBe(100 + 2 * 86_400);
    expect(periodEnd(100, 'week', 1)).toBe(100 + 7 * 86_400);
  });
});

describe('LocalClock', () => {
  it('starts at the wall clock and only moves forward', () => {
    const clock = new LocalClock();
    const wall = Math.floor(Date.now() / 1000);
    expect(Math.abs(clock.now() - wall)).toBeLessThanOrEqual(1);
    clock.moveTo(clock.now() + 3_600);
    expect(clock.now() - wall).toBeGreaterThanOrEqual(3_599);
    expect(() => clock.moveTo(wall)).toThrow(RangeError);
  });
});
