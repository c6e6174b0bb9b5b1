import { InvalidInputError } from './errors';
import { VALIDATION_MESSAGES } from './validation-messages';

/** A calendar date: 'YYYY-MM-DD', or a Date read by its UTC date. */
export type DateInput = string | Date;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days since 1970-01-01 for a calendar date. Strings must be a real 'YYYY-MM-DD' date.
 * A Date counts by its UTC calendar date, which is what `new Date('YYYY-MM-DD')` and a
 * UTC server produce; local time is never consulted, so daylight saving cannot shift a
 * date. Throws InvalidInputError (a RangeError) for anything else.
 */
export function toEpochDay(value: DateInput, field?: string): number {
  if (value instanceof Date) {
    const time = value.getTime();
    if (Number.isNaN(time)) throw new InvalidInputError(VALIDATION_MESSAGES.DATE_INVALID, field);
    return Math.floor(time / MS_PER_DAY);
  }
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) throw new InvalidInputError(VALIDATION_MESSAGES.DATE_INVALID, field);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // Date rolls 2023-02-29 over to 1 March; a changed field means the date does not exist.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new InvalidInputError(VALIDATION_MESSAGES.DATE_INVALID, field);
  }
  return Math.floor(date.getTime() / MS_PER_DAY);
}

/** Normalises a calendar date to 'YYYY-MM-DD' (see toEpochDay for what is accepted). */
export function toIsoDate(value: DateInput, field?: string): string {
  return new Date(toEpochDay(value, field) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** True for a string that is a real calendar date in 'YYYY-MM-DD' form. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    toEpochDay(value);
    return true;
  } catch {
    return false;
  }
}
