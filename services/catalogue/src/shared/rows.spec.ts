import { isoTimestamp } from './rows';

describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, for every form PostgreSQL gives a UTC timestamptz in', () => {
    for (const text of [
      '2026-11-23 17:01:02.123456+00',
      '2026-11-23 17:01:02.999999+00',
      '2026-11-23 23:59:59.9996+00',
      '2026-11-23 17:01:02.5+00',
      '2026-11-23 17:01:02.05+00',
      '2026-11-23 17:01:02+00',
      '2000-02-29 00:00:00.001+00',
    ]) {
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
    expect(isoTimestamp('2026-11-23 17:01:02.123456+00')).toBe('2026-11-23T17:01:02.123Z');
  });

  it('turns other zones and Dates into UTC through Date', () => {
    expect(isoTimestamp('2026-11-23 18:01:02.5+01')).toBe('2026-11-23T17:01:02.500Z');
    expect(isoTimestamp('2026-11-23 12:31:02+05:30')).toBe('2026-11-23T07:01:02.000Z');
    expect(isoTimestamp(new Date(Date.UTC(2026, 10, 23, 17, 1, 2, 7)))).toBe('2026-11-23T17:01:02.007Z');
  });
});
