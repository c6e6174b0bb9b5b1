import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';

/**
 * What a field shows: a schema message arrives as its i18next key (schemaResolver); a server
 * message (details[]) is shown as the server worded it.
 */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}
