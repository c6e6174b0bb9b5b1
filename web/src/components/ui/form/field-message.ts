import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { validationKey } from '../../../lib/validation-text';

/**
 * What a field shows: a schema message arrives as its i18next key (schemaResolver); a server
 * message (details[]) in the user's language when the shared tables word it, else as the
 * server worded it.
 */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  if (error.type !== 'server') return t(error.message);
  const key = validationKey(error.message);
  const translated = key ? t(key, { defaultValue: '' }) : '';
  return translated || error.message;
}
