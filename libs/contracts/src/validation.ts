import type { z } from 'zod';
import type { FieldError } from './errors';
import { textField } from './text';

/** A string that must be present: missing, null or blank all give `requiredMessage`; control characters are refused. */
export function requiredString(requiredMessage: string, label?: string) {
  return textField({ required: requiredMessage, label });
}

export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors in the spec's (param, msg) shape, first message per field. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const param = issue.path.map(String).join('.') || '_';
    if (seen.has(param)) continue;
    seen.add(param);
    out.push({ param, msg: issue.message });
  }
  return out;
}

/** Plain decimal notation as a person types it: 12, 12.5, .5, -3 (spaces around allowed). */
const DECIMAL_TEXT = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/**
 * A number from numeric text in plain decimal notation (a form's field); any other value as
 * it came, for the schema to refuse. JavaScript's Number() would also read '0x10' as 16,
 * '1e3' as 1000 and '0b11' as 3: money typed like that is a mistake, not a price.
 */
export function decimalText(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value;
}
