import { z } from 'zod';
import { LIMITS, MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { requiredString } from '../validation';
import { emailField, newPasswordField, personNameField } from './fields';
import { sessionSchema } from './models';

export const registerRequestSchema = z.object({
  customerName: requiredString(MESSAGES.COMPANY_NAME_REQUIRED)
    .min(LIMITS.COMPANY_NAME_MIN, { error: MESSAGES.COMPANY_NAME_MIN })
    .max(255, { error: MESSAGES.COMPANY_NAME_MAX }),
  customerAddress: requiredString(MESSAGES.ADDRESS_REQUIRED)
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
  { caller: 'gateway' },
);
