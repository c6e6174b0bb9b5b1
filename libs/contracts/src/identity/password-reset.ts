import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { textField } from '../text';
import { emailField, newPasswordField } from './fields';

export const forgotPasswordSchema = z.object({ email: emailField });

/**
 * POST /api/auth/forgot-password: emails a single-use reset link when the address has an
 * account. The answer is the same either way, so it tells nobody which addresses do.
 */
export const IdentityForgotPassword = defineRequest(
  'identity.auth.password.forgot.v1',
  forgotPasswordSchema,
  z.object({ message: z.string() }),
  { caller: 'gateway' },
);

export const resetPasswordSchema = z.object({
  token: textField({ required: MESSAGES.RESET_LINK_MISSING, invalid: MESSAGES.RESET_LINK_INVALID }).max(200, {
    error: MESSAGES.RESET_LINK_INVALID,
  }),
  password: newPasswordField(MESSAGES.PASSWORD_REQUIRED, MESSAGES.PASSWORD_MIN),
});

/** POST /api/auth/reset-password: sets the password and ends every session of the user. */
export const IdentityResetPassword = defineRequest(
  'identity.auth.password.reset.v1',
  resetPasswordSchema,
  z.object({ message: z.string() }),
  { caller: 'gateway', errors: ['RESET_TOKEN_INVALID'] },
);
