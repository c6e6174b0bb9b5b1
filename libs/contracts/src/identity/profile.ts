import { z } from 'zod';
import { LIMITS, MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { textField } from '../text';
import { emailField, newPasswordField } from './fields';
import { actorSchema, customerSchema, userSchema } from './models';

const actorOnly = z.object({ actor: actorSchema });

/** GET /api/auth/profile */
export const IdentityProfileGet = defineRequest(
  'identity.auth.profile.get.v1',
  actorOnly,
  z.object({ user: userSchema, customer: customerSchema }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'NOT_FOUND'] },
);

/** GET /api/auth/verify: the token's user still exists and is active. */
export const IdentityVerify = defineRequest(
  'identity.auth.verify.v1',
  actorOnly,
  z.object({ user: userSchema }),
  { caller: 'user', errors: ['UNAUTHENTICATED'] },
);

/** A user's name, as at sign-up and invitation (spec §9: user name at least 2). */
export const profileUpdateSchema = z.object({
  name: textField({ required: MESSAGES.FULL_NAME_REQUIRED, label: 'Full name' })
    .min(LIMITS.USER_NAME_MIN, { error: MESSAGES.NAME_MIN })
    .max(255, { error: MESSAGES.NAME_MAX }),
  email: emailField,
});

/**
 * PUT /api/auth/profile. A changed name or email answers a fresh `token` carrying it (the old
 * token's claims name the user as they were); a changed email also ends the user's other
 * sessions, as a password change does.
 */
export const IdentityProfileUpdate = defineRequest(
  'identity.auth.profile.update.v1',
  profileUpdateSchema.extend({ actor: actorSchema }),
  z.object({ user: userSchema, token: z.string().optional() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'EMAIL_TAKEN'] },
);

export const changePasswordSchema = z.object({
  currentPassword: textField({
    required: MESSAGES.CURRENT_PASSWORD_REQUIRED,
    label: 'Current password',
    trim: false,
  }).max(LIMITS.PASSWORD_MAX, { error: MESSAGES.PASSWORD_TOO_LONG }),
  newPassword: newPasswordField(MESSAGES.NEW_PASSWORD_REQUIRED, MESSAGES.NEW_PASSWORD_MIN, 'New password'),
});

/**
 * PUT /api/auth/change-password. Every session of the user ends, this one included; the
 * answer carries a fresh token for the caller to carry on with.
 */
export const IdentityChangePassword = defineRequest(
  'identity.auth.password.change.v1',
  changePasswordSchema.extend({ actor: actorSchema }),
  z.object({ message: z.string(), token: z.string() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'WRONG_PASSWORD', 'VALIDATION_FAILED'] },
);

/**
 * Where the gateway stores a user's profile pictures (URLs under /files): identity records
 * no picture URL outside the user's own folder, and the gateway removes no replaced picture
 * outside it, so no caller can point a profile at, and have deleted, someone else's file.
 */
export const profilePicturePrefix = (userId: string) => `/files/profile-pictures/${userId}/`;

/** Whether a URL is one of the user's own stored pictures (a file directly in their folder). */
export const isOwnProfilePicture = (userId: string, url: string) =>
  url.startsWith(profilePicturePrefix(userId)) &&
  // One file name directly in the folder: no '/', and no leading dot ('..' included).
  /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(url.slice(profilePicturePrefix(userId).length));

/** POST /api/auth/profile-picture: the gateway stores the checked image, identity records its URL. */
export const IdentityProfilePictureSet = defineRequest(
  'identity.auth.profile-picture.set.v1',
  z.object({
    actor: actorSchema,
    profile_picture_url: textField({ required: 'Picture URL is required' }).max(1000),
  }),
  z.object({ user: userSchema, previous_url: z.string().nullable() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'] },
);

export const languageUpdateSchema = z.object({
  language: z.enum(['en', 'es'], { error: MESSAGES.LANGUAGE_INVALID }),
});

/** PUT /api/users/language */
export const IdentityLanguageSet = defineRequest(
  'identity.users.language.set.v1',
  languageUpdateSchema.extend({ actor: actorSchema }),
  z.object({ user: userSchema }),
  { caller: 'user', errors: ['UNAUTHENTICATED'] },
);

/** GET /api/customers */
export const IdentityCustomerGet = defineRequest(
  'identity.customers.get.v1',
  actorOnly,
  z.object({ customer: customerSchema }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

/** GET /api/users: the users of the actor's company only. */
export const IdentityUsersList = defineRequest(
  'identity.users.list.v1',
  actorOnly,
  z.object({ users: z.array(userSchema) }),
  { caller: 'user', errors: ['UNAUTHENTICATED'] },
);
