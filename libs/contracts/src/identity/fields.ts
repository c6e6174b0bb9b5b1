import { LIMITS, MESSAGES } from '../messages';
import { SIMPLE_EMAIL } from '../validation';
import { textField } from '../text';

/** Field rules of spec §5, shared by every identity payload that has these fields. */
export const emailField = textField({ required: MESSAGES.EMAIL_REQUIRED, invalid: MESSAGES.EMAIL_INVALID })
  .max(255, { error: MESSAGES.EMAIL_INVALID })
  .regex(SIMPLE_EMAIL, { error: MESSAGES.EMAIL_INVALID })
  .transform((v) => v.toLowerCase());

export const loginPasswordField = textField({
  required: MESSAGES.PASSWORD_REQUIRED,
  label: 'Password',
  trim: false,
}).max(LIMITS.PASSWORD_MAX, { error: MESSAGES.PASSWORD_TOO_LONG });

/**
 * A password being set: taken as typed (spaces are part of it), but one of spaces alone is no
 * password, and is answered as a missing one.
 */
export const newPasswordField = (requiredMessage: string, minMessage: string, label = 'Password') =>
  textField({ required: requiredMessage, label, trim: false })
    .refine((value) => value.trim().length > 0, { error: requiredMessage, abort: true })
    .min(LIMITS.PASSWORD_MIN, { error: minMessage })
    .max(LIMITS.PASSWORD_MAX, { error: MESSAGES.PASSWORD_TOO_LONG });

export const personNameField = textField({ required: MESSAGES.NAME_REQUIRED, label: 'Name' })
  .min(LIMITS.USER_NAME_MIN, { error: MESSAGES.NAME_MIN })
  .max(255, { error: MESSAGES.NAME_MAX });
