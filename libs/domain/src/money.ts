import { InvalidInputError } from './errors';
import { VALIDATION_MESSAGES } from './validation-messages';

/** Pounds as a JS number (12.5) or a plain decimal string ('12.50', as Postgres numeric gives it). */
export type MoneyInput = number | string;

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;
// String(number) of a finite non-negative number: '12.5', '1e-7', '1.5e+21'.
const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;
const MAX_DECIMALS = 10;

interface DecimalParts {
  whole: string;
  fraction: string;
}

// Rounding works on decimal digits rather than on binary floats, so 1.005 means the
// 1.005 the user typed (-> 1.01) and not the 1.00499999... a float holds (-> 1.00).
function decimalParts(text: string): DecimalParts {
  const match = NUMBER_TEXT.exec(text);
  if (!match) throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_INVALID);
  const [, whole, fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

function roundToUnits(parts: DecimalParts, decimals: number, field?: string): number {
  const kept = parts.whole + parts.fraction.padEnd(decimals, '0').slice(0, decimals);
  const roundUp = (parts.fraction[decimals] ?? '0') >= '5';
  const units = Number(kept) + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(units)) throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_TOO_LARGE, field);
  return units;
}

/**
 * Pounds to integer pence, rounding half-up to the penny on the decimal value
 * (1234.565 -> 123457). Accepts finite non-negative numbers and plain decimal strings
 * (surrounding spaces allowed; no signs, thousands separators or exponents).
 * Throws InvalidInputError (a RangeError) otherwise; `field` is carried on the error.
 */
export function toPence(value: MoneyInput, field?: string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_INVALID, field);
    if (value < 0) throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_NEGATIVE, field);
    return roundToUnits(decimalParts(String(value)), 2, field);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('-') && PLAIN_DECIMAL.test(text.slice(1))) {
      throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_NEGATIVE, field);
    }
    if (!PLAIN_DECIMAL.test(text)) throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_INVALID, field);
    return roundToUnits(decimalParts(text), 2, field);
  }
  throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_INVALID, field);
}

/** Integer pence to pounds (1250 -> 12.5); the result is the double closest to the 2-decimal value. */
export function fromPence(pence: number): number {
  if (!Number.isSafeInteger(pence)) {
    throw new InvalidInputError(`Pence must be a whole number, got ${String(pence)}`);
  }
  return pence / 100;
}

/**
 * Rounds to `decimals` places (default 2), half-up on the decimal value: 2.675 -> 2.68,
 * 1.005 -> 1.01. Negative values round half away from zero (-1.005 -> -1.01).
 * Throws InvalidInputError when the rounded value is beyond exact integer range.
 */
export function roundHalfUp(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_INVALID);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new InvalidInputError(`Decimals must be a whole number from 0 to ${MAX_DECIMALS}`);
  }
  const units = roundToUnits(decimalParts(String(Math.abs(value))), decimals);
  if (units === 0) return 0;
  const magnitude = units / 10 ** decimals;
  return value < 0 ? -magnitude : magnitude;
}

/**
 * numerator / denominator rounded half-up, for non-negative whole numbers; exact for any
 * safe integers (no float division in the result).
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new InvalidInputError(`Numerator must be a non-negative whole number, got ${String(numerator)}`);
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new InvalidInputError(`Denominator must be a positive whole number, got ${String(denominator)}`);
  }
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** Multiplies pence by a whole factor, refusing results beyond exact integer range. */
export function multiplyPence(pence: number, factor: number, field?: string): number {
  if (!Number.isSafeInteger(pence) || !Number.isSafeInteger(factor)) {
    throw new InvalidInputError(
      `Pence and factor must be whole numbers, got ${String(pence)} x ${String(factor)}`,
    );
  }
  const product = pence * factor;
  if (!Number.isSafeInteger(product)) {
    throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_TOO_LARGE, field);
  }
  return product;
}
