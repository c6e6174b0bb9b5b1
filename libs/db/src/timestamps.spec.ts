import { isoTimestamp } from './timestamps';

describe('isoTimestamp', () => {
  it("turns PostgreSQL's text of a timestamptz into ISO 8601 UTC", () => {
    expect(isoTimestamp('2026-11-26 19:00:43.725882+00')).toBe('2026-11-26T19:00:43.725Z');
    expect(isoTimestamp('2026-11-26 19:00:43+05:30')).toBe('2026-11-26T13:30:43.000Z');
    expect(isoTimestamp('2026-11-26T19:00:43.725Z')).toBe('2026-11-26T19:00:43.725Z');
    expect(isoTimestamp(null)).toBeNull();
  });

  it('refuses what is not a time', () => {
    expect(() => isoTimestamp('soon')).toThrow('Not a timestamp: soon');
  });
});
