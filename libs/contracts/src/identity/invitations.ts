import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { requiredString } from '../validation';
import { emailField, newPasswordField, personNameField } from './fields';
import { actorSchema, roleSchema, userSchema } from './models';

export const invitationCreateSchema = z.object({
  email: emailField,
  name: z
    .string()
    .trim()
    .max(255, { error: MESSAGES.NAME_MAX })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  role: z
    .enum(['user', 'viewer', 'admin'], { error: MESSAGES.ROLE_INVALID })
    .optional()
    .transform((v) => v ?? 'user'),
});

export const invitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  expires_at: z.string(),
});

/** POST /api/invitations: an expiring, single-use token is emailed to the invitee. */
export const IdentityInvitationCreate = defineRequest(
  'identity.invitations.create.v1',
  invitationCreateSchema.extend({ actor: actorSchema }),
  z.object({ invitation: invitationSchema, message: z.string() }),
  { caller: 'user' },
);

export const invitationTokenField = requiredString(MESSAGES.INVALID_INVITATION_LINK).max(200, {
  error: MESSAGES.INVALID_OR_EXPIRED_INVITATION,
});

/** GET /api/invitations/validate?token= */
export const IdentityInvitationValidate = defineRequest(
  'identity.invitations.validate.v1',
  z.object({ token: invitationTokenField }),
  z.object({
    invitation: z.object({
      email: z.string(),
      name: z.string().nullable(),
      role: roleSchema,
      customer_name: z.string(),
    }),
  }),
  { caller: 'gateway' },
);

export const invitationAcceptSchema = z.object({
  token: invitationTokenField,
  name: personNameField,
  password: newPasswordField(MESSAGES.PASSWORD_REQUIRED, MESSAGES.PASSWORD_MIN),
});

/** POST /api/invitations/accept: creates the user; the plan's user limit is checked here. */
export const IdentityInvitationAccept = defineRequest(
  'identity.invitations.accept.v1',
  invitationAcceptSchema,
  z.object({ user: userSchema, message: z.string() }),
  { caller: 'gateway' },
);
