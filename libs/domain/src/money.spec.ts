import { InvalidInputError } from './errors';
import { divideRoundHalfUp, fromPence, multiplyPence, roundHalfUp, toPence } from './money';

describe('spec §9 money: pounds to pence, half-up to the penny', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.5, 1250],
    [19.99, 1999],
    [0.01, 1],
    [123456789.12, 12345678912],
  ])('toPence(%p) is %p', (pounds, pence) => {
    expect(toPence(pounds)).toBe(pence);
  });

  it.each([
    ['12.50', 1250],
    ['0', 0],
    ['7', 700],
    ['0.01', 1],
    [' 12.5 ', 1250],
    ['1234.565', 123457],
    ['0.004999', 0],
  ])('toPence(%p) accepts a plain decimal string as %p pence', (text, pence) => {
    expect(toPence(text)).toBe(pence);
  });

  it('rounds half-up on the decimal value the caller wrote, not on its binary approximation', () => {
    // 1.005 is held as 1.00499999999999989..., so Math.round(1.005 * 100) gives 100.
    expect(toPence(1.005)).toBe(101);
    expect(toPence(2.675)).toBe(268);
    expect(toPence(1234.565)).toBe(123457);
    expect(toPence(1234.564)).toBe(123456);
    expect(toPence(0.005)).toBe(1);
    expect(toPence(0.0049)).toBe(0);
    expect(toPence(33.335)).toBe(3334);
  });

  it('handles numbers whose text form uses an exponent', () => {
    expect(toPence(1e-7)).toBe(0);
    expect(toPence(5e-3)).toBe(1);
    expect(toPence(1.5e10)).toBe(1_500_000_000_000);
  });

  it('absorbs float drift: 0.1 + 0.2 is 30 pence, ten times 0.1 is one pound', () => {
    expect(toPence(0.1 + 0.2)).toBe(30);
    let sum = 0;
    for (let i = 0; i < 10; i += 1) sum += toPence(0.1);
    expect(sum).toBe(100);
    expect(fromPence(toPence(0.1) + toPence(0.2))).toBe(0.3);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('rejects %p', (value) => {
    expect(() => toPence(value)).toThrow(RangeError);
    expect(() => toPence(value)).toThrow('Please enter a valid number');
  });

  it.each([-0.01, -5, '-1', ' -12.50'])('rejects the negative amount %p', (value) => {
    expect(() => toPence(value)).toThrow(RangeError);
    expect(() => toPence(value)).toThrow('Amount cannot be negative');
  });

  it.each(['', '   ', 'abc', 'NaN', '1,234.56', '1e3', '£12', '12.', '.5', '+5', '1.2.3', '12 50'])(
    'rejects the string %p',
    (value) => {
      expect(() => toPence(value)).toThrow(InvalidInputError);
      expect(() => toPence(value)).toThrow('Please enter a valid number');
    },
  );

  it('rejects values of other types passed from untyped callers', () => {
    expect(() => toPence(null as unknown as number)).toThrow(RangeError);
    expect(() => toPence({} as unknown as number)).toThrow(RangeError);
  });

  it('rejects amounts too large to hold exactly in pence', () => {
    expect(() => toPence(1e21)).toThrow('Amount is too large');
    expect(() => toPence('99999999999999999')).toThrow('Amount is too large');
  });

  it('names the offending field on the error', () => {
    try {
      toPence('x', 'delivery_charge');
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).field).toBe('delivery_charge');
      expect((error as InvalidInputError).name).toBe('InvalidInputError');
    }
  });
});

describe('spec §9 money: pence to pounds', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [30, 0.3],
    [1250, 12.5],
    [1999, 19.99],
    [123457, 1234.57],
    [-250, -2.5],
  ])('fromPence(%p) is %p', (pence, pounds) => {
    expect(fromPence(pence)).toBe(pounds);
  });

  it('gives numbers whose text has at most two decimals', () => {
    for (const pence of [1, 3, 7, 29, 57, 99, 101, 1001, 3333, 6667, 999999]) {
      expect(String(fromPence(pence))).toMatch(/^\d+(\.\d{1,2})?$/);
    }
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %p', (value) => {
    expect(() => fromPence(value)).toThrow(RangeError);
  });
});

describe('spec §9 money: roundHalfUp', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [0.125, 2, 0.13],
    [0.124, 2, 0.12],
    [1.2345, 3, 1.235],
    [10.5, 0, 11],
    [10.49, 0, 10],
    [14.285714, 2, 14.29],
    [7, 2, 7],
    [-1.005, 2, -1.01],
    [-0.004, 2, 0],
  ])('roundHalfUp(%p, %p) is %p', (value, decimals, expected) => {
    expect(roundHalfUp(value, decimals)).toBe(expected);
  });

  it('defaults to two decimals', () => {
    expect(roundHalfUp(33.335)).toBe(33.34);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfUp(-0.001), 0)).toBe(true);
  });

  it.each([
    [Number.NaN, 2],
    [Number.POSITIVE_INFINITY, 2],
    [1, -1],
    [1, 1.5],
    [1, 11],
    [1e300, 2],
  ])('rejects roundHalfUp(%p, %p)', (value, decimals) => {
    expect(() => roundHalfUp(value, decimals)).toThrow(RangeError);
  });
});

describe('spec §9 money: integer helpers', () => {
  it.each([
    [0, 7, 0],
    [10, 5, 2],
    [4, 3, 1],
    [5, 3, 2],
    [5, 2, 3],
    [7, 2, 4],
    [1, 2, 1],
    [1, 3, 0],
    [10000, 7, 1429],
    [Number.MAX_SAFE_INTEGER, 2, 4503599627370496],
  ])('divideRoundHalfUp(%p, %p) is %p', (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it.each([
    [1, 0],
    [1, -2],
    [-1, 2],
    [1.5, 2],
    [2, 1.5],
    [Number.NaN, 2],
  ])('rejects divideRoundHalfUp(%p, %p)', (numerator, denominator) => {
    expect(() => divideRoundHalfUp(numerator, denominator)).toThrow(RangeError);
  });

  it('multiplies pence exactly and refuses results beyond exact integer range', () => {
    expect(multiplyPence(1999, 3)).toBe(5997);
    expect(multiplyPence(0, 1000)).toBe(0);
    expect(() => multiplyPence(2 ** 52, 4)).toThrow('Amount is too large');
    expect(() => multiplyPence(1.5, 2)).toThrow(RangeError);
    expect(() => multiplyPence(2, 1.5)).toThrow(RangeError);
  });
});
