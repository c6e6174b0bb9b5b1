import { isValidEmail, LIMITS, VALIDATION_MESSAGES } from '@planted/domain';

export { isValidEmail, LIMITS };

/** Keys of the shared message table; the texts themselves are shown through i18next (common:validation.*). */
export type MessageKey = keyof typeof VALIDATION_MESSAGES;

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some(Boolean);
}
