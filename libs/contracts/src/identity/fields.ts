import { z } from 'zod';
import { LIMITS, MESSAGES } from '../messages';
import { requiredString, SIMPLE_EMAIL } from '../validation';

/** Field rules of spec §5, shared by every identity payload that has these fields. */
export const emailField = requiredString(MESSAGES.EMAIL_REQUIRED)
  .max(255, { error: MESSAGES.EMAIL_INVALID })
  .regex(SIMPLE_EMAIL, { error: MESSAGES.EMAIL_INVALID })
  .transform((v) => v.toLowerCase());

export const loginPasswordField = z
  .string({ error: MESSAGES.PASSWORD_REQUIRED })
  .min(1, { error: MESSAGES.PASSWORD_REQUIRED })
  .max(LIMITS.PASSWORD_MAX, { error: MESSAGES.PASSWORD_TOO_LONG });

export const newPasswordField = (requiredMessage: string, minMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(LIMITS.PASSWORD_MIN, { error: minMessage })
    .max(LIMITS.PASSWORD_MAX, { error: MESSAGES.PASSWORD_TOO_LONG });

export const personNameField = requiredString(MESSAGES.NAME_REQUIRED)
  .min(LIMITS.USER_NAME_MIN, { error: MESSAGES.NAME_MIN })
  .max(255, { error: MESSAGES.NAME_MAX });
