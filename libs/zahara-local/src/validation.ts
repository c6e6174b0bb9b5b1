import { z } from 'zod';
import { invalidRequest } from './api-error';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date as Zahara takes it (`2026-05-07`, or ISO 8601 with or without a zone, read as UTC
 * when it has none), answered as an ISO timestamp; undefined when it is not a date.
 */
export function parseZaharaDate(text: string): string | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const zoned = text.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Messages read after the field's path: "SupplierName is required." */
export function typed(what: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || issue.input === null ? 'is required.' : `must be ${what}.`,
  };
}

const text = (max: number) =>
  z.string(typed('text')).trim().min(1, 'must not be blank.').max(max, `must be at most ${max} characters.`);

/** The field shapes the resources' request schemas are made of. */
export const field = {
  text,
  optionalText: (max: number) =>
    z
      .string(typed('text'))
      .trim()
      .max(max, `must be at most ${max} characters.`)
      .nullish()
      .transform((value) => value || null),
  int: () => z.number(typed('an integer')).int('must be an integer.'),
  /** A reference to another record; 0 and null both mean none, as .NET clients send them. */
  optionalRef: () =>
    z
      .number(typed('an integer id'))
      .int('must be an integer id.')
      .nonnegative('must be an integer id.')
      .nullish()
      .transform((value) => value || null),
  number: () => z.number(typed('a number')),
  optionalNumber: () => z.number(typed('a number')).nullish(),
  bool: () => z.boolean(typed('true or false')).nullish(),
  date: () =>
    z
      .string(typed('a date'))
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === '') return null;
        const iso = parseZaharaDate(value);
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: 'must be a date (yyyy-MM-dd or ISO 8601).' });
          return z.NEVER;
        }
        return iso;
      }),
  countryCode: () =>
    z
      .string(typed('a two-letter country code'))
      .trim()
      .toUpperCase()
      .nullish()
      .transform((value, ctx) => {
        if (!value) return null;
        if (!(value in COUNTRY_CODE_IDS)) {
          ctx.addIssue({ code: 'custom', message: `'${value}' is not a supported country code.` });
          return z.NEVER;
        }
        return value as CountryCode;
      }),
};

/** Zahara's country code ids are the ISO 3166 numeric codes. */
export const COUNTRY_CODE_IDS = { GB: 826, IE: 372, US: 840, AU: 36, CA: 124 } as const;
export type CountryCode = keyof typeof COUNTRY_CODE_IDS;

/** "LineItems[0].TaxCodeId" from zod's path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
}

/** The body as a JSON object, or a 400. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest(['The request body must be a JSON object.']);
  return body as Record<string, unknown>;
}

/** The body parsed by `schema`, or a 400 listing every problem. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  bodyObject(body);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalidRequest(result.error.issues.map((issue) => `${fieldPath(issue.path)} ${issue.message}`));
}

export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
