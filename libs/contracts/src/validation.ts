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
