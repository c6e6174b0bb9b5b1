import { isValidEmail, VALIDATION_MESSAGES } from '@planted/domain';

export { isValidEmail };

/** Keys of the shared message table; the texts themselves are shown through i18next (common:validation.*). */
export type MessageKey = keyof typeof VALIDATION_MESSAGES;

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

/** Spec §9 lengths and sizes the browser checks before calling the server. */
export const LIMITS = {
  passwordMin: 6,
  companyNameMin: 2,
  addressMin: 10,
  userNameMin: 2,
  profilePictureBytes: 10 * 1024 * 1024,
} as const;

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some(Boolean);
}
