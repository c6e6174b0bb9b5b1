import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { i18n } from '../../../lib/i18n';
import { serverText } from '../../../lib/validation-text';

/**
 * What a field shows: a schema message arrives as its i18next key (schemaResolver); a server
 * message (details[]) in the user's language when the shared tables word it, else as the
 * server worded it.
 */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? serverText(i18n, error.message) : t(error.message);
}
