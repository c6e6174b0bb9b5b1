import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** Where the form shows an error that belongs to no field (the server's `error`, or the fallback). */
export const SERVER_ERROR = 'root.server' as const;
/** Where every detail of the answer is kept, one per line, when the form lists them (spec §8). */
export const SERVER_DETAILS = 'root.details' as const;

/**
 * Spec §8: field errors of the answer's details[] go onto the fields the form has; the answer's
 * `error` text is shown above the form; with neither, the screen's fallback is.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: { fields: readonly string[]; fallback: string; listDetails?: boolean },
): void {
  const all = error instanceof ApiError ? error.details : [];
  if (options.listDetails && all.length > 0)
    setError(SERVER_DETAILS, { type: 'server', message: all.map((d) => d.msg).join('\n') });
  const details = all.filter((d) => options.fields.includes(d.param));
  details.forEach((detail, index) =>
    setError(detail.param as Path<T>, { type: 'server', message: detail.msg }, { shouldFocus: index === 0 }),
  );
  const text = error instanceof ApiError && error.serverMessage ? error.serverMessage : null;
  if (text) setError(SERVER_ERROR, { type: 'server', message: text });
  else if (details.length === 0 && !(options.listDetails && all.length > 0))
    setError(SERVER_ERROR, { type: 'server', message: options.fallback });
}
