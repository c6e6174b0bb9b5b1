import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { textField } from '../text';
import { sessionSchema } from './models';
import { registerRequestSchema } from './register';

export const OAUTH_PROVIDERS = ['google', 'microsoft', 'apple'] as const;
export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/** Query parameter (and complete-signup body field) that carries each provider's account id (spec §2 Signup, §7). */
export const OAUTH_PROVIDER_ID_PARAM = {
  google: 'googleId',
  microsoft: 'microsoftId',
  apple: 'appleId',
} as const satisfies Record<OAuthProvider, string>;

/** The provider's stable account id: the id_token's `sub`. */
export const providerIdField = textField({ required: 'Provider account id is required' }).max(255);

/**
 * A sign-in the gateway has already verified with the provider (id_token checked against
 * the provider's keys). `emailVerified` is the provider's word that the address is the
 * account holder's; only then may the sign-in be linked to an existing user by email.
 */
export const IdentityOAuthSignIn = defineRequest(
  'identity.auth.oauth.sign-in.v1',
  z.object({
    provider: oauthProviderSchema,
    providerId: providerIdField,
    email: textField({ invalid: MESSAGES.EMAIL_INVALID }).toLowerCase().min(3).max(255),
    emailVerified: z.boolean(),
    name: textField({ label: 'Name' }).max(255),
  }),
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('signed_in'), session: sessionSchema }),
    // Spec §4: a result without a company sends the browser to /signup in social completion mode.
    z.object({ status: z.literal('no_tenancy') }),
    // The email belongs to an account that has never proved it owns it (self-registered, or
    // changed on the profile): it is not linked to the provider (see identity's users.emailVerifiedAt).
    z.object({ status: z.literal('email_unverified') }),
  ]),
  { caller: 'gateway', errors: ['INVALID_CREDENTIALS'] },
);

/** The company and person fields of social signup completion: register's, with the same rules and messages, and no password. */
const signupFields = registerRequestSchema.pick({
  customerName: true,
  customerAddress: true,
  userName: true,
  email: true,
});

/**
 * Anything but a string counts as absent: the gateway answers 'Failed to complete OAuth
 * signup' for it. A string must be a plain id: control characters are refused on the field.
 */
const optionalProviderId = z.preprocess(
  (value) => (typeof value === 'string' ? value : undefined),
  textField({ invalid: MESSAGES.OAUTH_SIGNUP_FAILED })
    .max(255, { error: MESSAGES.OAUTH_SIGNUP_FAILED })
    .optional(),
);

/**
 * POST /api/auth/{google|microsoft|apple}/complete-signup (spec §7): the web sends the
 * id of the route's provider under googleId, microsoftId or appleId.
 */
export const oauthCompleteSignupRequestSchema = signupFields.extend({
  googleId: optionalProviderId,
  microsoftId: optionalProviderId,
  appleId: optionalProviderId,
});

/**
 * A new company on the free plan whose creator (admin) signs in only through the provider.
 * The gateway sends it only for a provider id that came back from the provider for this email,
 * with whether the provider vouched for the email.
 */
export const IdentityOAuthCompleteSignup = defineRequest(
  'identity.auth.oauth.complete-signup.v1',
  signupFields.extend({
    provider: oauthProviderSchema,
    providerId: providerIdField,
    emailVerified: z.boolean().default(false),
  }),
  sessionSchema,
  { caller: 'gateway', errors: ['EMAIL_TAKEN', 'CONFLICT'] },
);
