import { isIsoDate, toEpochDay, toIsoDate } from './calendar-date';
import { InvalidInputError } from './errors';

describe('spec §9 day count: calendar dates', () => {
  it('counts days from 1970-01-01', () => {
    expect(toEpochDay('1970-01-01')).toBe(0);
    expect(toEpochDay('1970-01-02')).toBe(1);
    expect(toEpochDay('1969-12-31')).toBe(-1);
    // 2000-01-01: 30 years of 365 days plus 7 leap days (72, 76, 80, 84, 88, 92, 96).
    expect(toEpochDay('2000-01-01')).toBe(10957);
  });

  it('reads a Date by its UTC calendar date, whatever its time of day', () => {
    expect(toEpochDay(new Date('2000-01-01'))).toBe(10957);
    expect(toEpochDay(new Date('2000-01-01T23:59:59.999Z'))).toBe(10957);
    expect(toEpochDay(new Date('1969-12-31T12:00:00Z'))).toBe(-1);
  });

  it('normalises to YYYY-MM-DD', () => {
    expect(toIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(toIsoDate(new Date('2024-10-27T23:30:00Z'))).toBe('2024-10-27');
    expect(toIsoDate(new Date('2024-03-31T00:30:00+01:00'))).toBe('2024-03-30');
    expect(toIsoDate('0099-06-15')).toBe('0099-06-15');
  });

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-5',
    '10/05/2024',
    '2024-05-10T00:00:00Z',
    '',
    'tomorrow',
  ])('rejects %p', (value) => {
    expect(() => toEpochDay(value, 'hire_start_date')).toThrow(InvalidInputError);
    expect(() => toEpochDay(value)).toThrow('Please enter a valid date (YYYY-MM-DD)');
    expect(isIsoDate(value)).toBe(false);
  });

  it('rejects an invalid Date and non-date values', () => {
    expect(() => toEpochDay(new Date('nope'))).toThrow(RangeError);
    expect(() => toEpochDay(20240510 as unknown as string)).toThrow(RangeError);
    expect(isIsoDate(undefined)).toBe(false);
    expect(isIsoDate(new Date())).toBe(false);
  });

  it('accepts real dates, leap day included', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
  });
});
