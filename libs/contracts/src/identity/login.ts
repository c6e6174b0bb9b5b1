import { z } from 'zod';
import { defineRequest } from '../subject';
import { emailField, loginPasswordField } from './fields';
import { sessionSchema } from './models';

export const loginRequestSchema = z.object({ email: emailField, password: loginPasswordField });

/** POST /api/auth/login. Unknown email and wrong password fail alike (INVALID_CREDENTIALS). */
export const IdentityLogin = defineRequest('identity.auth.login.v1', loginRequestSchema, sessionSchema, {
  errors: ['INVALID_CREDENTIALS'],
  caller: 'gateway',
});
