import { z } from 'zod';
import { LIMITS, MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { textField } from '../text';
import { emailField, newPasswordField, personNameField } from './fields';
import { sessionSchema } from './models';

export const registerRequestSchema = z.object({
  customerName: textField({ required: MESSAGES.COMPANY_NAME_REQUIRED, label: 'Company name' })
    .min(LIMITS.COMPANY_NAME_MIN, { error: MESSAGES.COMPANY_NAME_MIN })
    .max(255, { error: MESSAGES.COMPANY_NAME_MAX }),
  customerAddress: textField({ required: MESSAGES.ADDRESS_REQUIRED, label: 'Address', multiline: true })
    .min(LIMITS.ADDRESS_MIN, { error: MESSAGES.ADDRESS_MIN })
    .max(500, { error: MESSAGES.ADDRESS_MAX }),
  userName: personNameField,
  email: emailField,
  password: newPasswordField(MESSAGES.PASSWORD_REQUIRED, MESSAGES.PASSWORD_MIN),
});

/** POST /api/auth/register: a new company on the free plan, its creator as admin. */
export const IdentityRegister = defineRequest(
  'identity.auth.register.v1',
  registerRequestSchema,
  sessionSchema,
  { caller: 'gateway', errors: ['EMAIL_TAKEN'] },
);
