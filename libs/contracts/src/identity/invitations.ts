import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { textField } from '../text';
import { emailField, newPasswordField, personNameField } from './fields';
import { actorSchema, planIdSchema, roleSchema, userSchema } from './models';

export const invitationCreateSchema = z.object({
  email: emailField,
  name: textField({ label: 'Name' })
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

/**
 * POST /api/invitations: an expiring, single-use token is emailed to the invitee. Refused
 * (USER_LIMIT_REACHED) while the company's active users are at its plan's limit.
 */
export const IdentityInvitationCreate = defineRequest(
  'identity.invitations.create.v1',
  invitationCreateSchema.extend({ actor: actorSchema }),
  z.object({ invitation: invitationSchema, message: z.string() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT', 'USER_LIMIT_REACHED'] },
);

export const invitationTokenField = textField({
  required: MESSAGES.INVALID_INVITATION_LINK,
  invalid: MESSAGES.INVALID_OR_EXPIRED_INVITATION,
}).max(200, { error: MESSAGES.INVALID_OR_EXPIRED_INVITATION });

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
  { caller: 'gateway', errors: ['INVITATION_INVALID', 'CONFLICT'] },
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
  { caller: 'gateway', errors: ['INVITATION_INVALID', 'USER_LIMIT_REACHED', 'CONFLICT'] },
);

/** A pending invitation as the Users screen lists it (never its token). */
export const pendingInvitationSchema = invitationSchema.extend({
  created_at: z.string(),
  /** The name of the administrator who sent it. */
  invited_by_name: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/**
 * The company's seats against its plan's user limit: `used` counts active users, `pending`
 * the unexpired invitations still open, `limit` is null when the plan is unlimited.
 */
export const seatsSchema = z.object({
  used: z.number().int(),
  pending: z.number().int(),
  limit: z.number().int().nullable(),
  plan: planIdSchema,
});
export type Seats = z.infer<typeof seatsSchema>;

/** GET /api/invitations (admins): pending, unexpired invitations, newest first, and the seats. */
export const IdentityInvitationsList = defineRequest(
  'identity.invitations.list.v1',
  z.object({ actor: actorSchema }),
  z.object({ invitations: z.array(pendingInvitationSchema), seats: seatsSchema }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'FORBIDDEN'] },
);

/** An invitation named in a path: a malformed id is refused in the words an unknown one gets. */
export const invitationIdField = z.string({ error: MESSAGES.INVITATION_NOT_FOUND }).uuid({
  error: MESSAGES.INVITATION_NOT_FOUND,
});

/**
 * POST /api/invitations/{id}/resend (admins): a new token replaces the old one (the old link
 * stops working), the expiry starts again and the email goes out again.
 */
export const IdentityInvitationResend = defineRequest(
  'identity.invitations.resend.v1',
  z.object({ actor: actorSchema, id: invitationIdField }),
  z.object({ invitation: pendingInvitationSchema, message: z.string() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] },
);

/** DELETE /api/invitations/{id} (admins): the invitation's link stops working. */
export const IdentityInvitationRevoke = defineRequest(
  'identity.invitations.revoke.v1',
  z.object({ actor: actorSchema, id: invitationIdField }),
  z.object({ message: z.string() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'] },
);
