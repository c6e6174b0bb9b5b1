import { z } from 'zod';
import {
  IdentityChangePassword,
  IdentityForgotPassword,
  IdentityLogin,
  IdentityLogout,
  IdentityResetPassword,
  IdentityProfileGet,
  IdentityProfileUpdate,
  IdentityRegister,
  IdentityVerify,
  userSchema,
} from '@planted/contracts';
import { handWritten, route } from '../routes/route-kit';
import { limited } from './limited';
import { endsSession } from './ends-session';

/** Wrong passwords per email and source address, with backoff (issue 8: attempt limits). */
const loginAttempts = limited<{ email: string }>(
  'login',
  (input, context) => ({ source: context.ip, account: input.email }),
  'INVALID_CREDENTIALS',
);

export const AUTH_ROUTES = [
  route(IdentityLogin, {
    method: 'POST',
    path: '/api/auth/login',
    operationId: 'login',
    summary: 'Sign in with email and password; answers token, user, customer',
    tag: 'auth',
    access: 'public',
    status: 200,
    before: [loginAttempts],
  }),
  route(IdentityRegister, {
    method: 'POST',
    path: '/api/auth/register',
    operationId: 'register',
    summary: 'Register a new company; its creator becomes admin on the free plan',
    tag: 'auth',
    access: 'public',
    // "Email already in use" tells whether an address has an account: heard a few times per source.
    before: [
      limited<{ email: string }>(
        'register',
        (input, context) => ({ source: context.ip, account: input.email }),
        'EMAIL_TAKEN',
        'CONFLICT',
      ),
    ],
  }),
  route(IdentityLogout, {
    method: 'POST',
    path: '/api/auth/logout',
    operationId: 'logout',
    summary: 'Ends this session: its token is refused from now on, on every gateway',
    tag: 'auth',
    access: 'signed-in',
    status: 200,
    before: [endsSession()],
  }),
  route(IdentityForgotPassword, {
    method: 'POST',
    path: '/api/auth/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Emails a single-use password reset link (valid one hour) when the address has an account',
    description: 'The answer is the same whether or not the address has an account.',
    tag: 'auth',
    access: 'public',
    status: 200,
    before: [
      {
        errors: ['RATE_LIMITED'],
        // Every request counts, not only failures: each one may send an email.
        run: async (input: { email: string }, context, deps, next) => {
          const limiter = deps.limiters.forgotPassword;
          await limiter.check(context.ip, input.email);
          await limiter.fail(context.ip, input.email);
          return next();
        },
      },
    ],
  }),
  route(IdentityResetPassword, {
    method: 'POST',
    path: '/api/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Sets a new password with the emailed token and ends every session of the user',
    tag: 'auth',
    access: 'public',
    status: 200,
    before: [
      limited<{ token: string }>(
        'resetPassword',
        (_input, context) => ({ source: context.ip, account: 'reset-token' }),
        'RESET_TOKEN_INVALID',
      ),
    ],
  }),
  route(IdentityProfileGet, {
    method: 'GET',
    path: '/api/auth/profile',
    operationId: 'getProfile',
    summary: 'The signed-in user and their company',
    tag: 'auth',
    access: 'signed-in',
  }),
  route(IdentityVerify, {
    method: 'GET',
    path: '/api/auth/verify',
    operationId: 'verifySession',
    summary: 'Checks the session; answers the fresh user',
    tag: 'auth',
    access: 'signed-in',
  }),
  route(IdentityProfileUpdate, {
    method: 'PUT',
    path: '/api/auth/profile',
    operationId: 'updateProfile',
    summary: 'Changes the signed-in user’s full name and email',
    tag: 'auth',
    access: 'signed-in',
    // "Email already in use" tells whether an address has an account: heard a few times per user.
    before: [
      limited<{ email: string }>(
        'profileEmail',
        (input, context) => ({ source: context.actor!.userId, account: input.email }),
        'EMAIL_TAKEN',
        'CONFLICT',
      ),
      // A new email ends every session of the user, this request's too (its answer carries a fresh token).
      endsSession((result, context) => {
        const { user, token } = result as { user: { email: string }; token?: string };
        return token !== undefined && user.email.toLowerCase() !== context.actor!.email.toLowerCase();
      }),
    ],
    description:
      'A changed name or email answers a fresh `token` to carry on with; a changed email also ends every other session of the user, and the token that made the change: only the fresh one works afterwards.',
    answer: {
      schema: z.object({ user: userSchema, message: z.string(), token: z.string().optional() }),
      from: ({ user, token }) => ({
        user,
        message: 'Profile updated successfully',
        ...(token ? { token } : {}),
      }),
    },
  }),
  route(IdentityChangePassword, {
    method: 'PUT',
    path: '/api/auth/change-password',
    operationId: 'changePassword',
    summary: 'Changes the signed-in user’s password after checking the current one',
    description:
      'Every session of the user ends, this one included; the answer carries a fresh token to carry on with.',
    tag: 'auth',
    access: 'signed-in',
    before: [
      limited(
        'changePassword',
        (_input, context) => ({ source: context.ip, account: context.actor!.userId }),
        'WRONG_PASSWORD',
      ),
      endsSession(),
    ],
  }),
];

/** Multipart: the gateway checks and stores the image itself (files/profile-picture.service.ts). */
export const PROFILE_PICTURE_ROUTE = handWritten({
  method: 'POST',
  path: '/api/auth/profile-picture',
  operationId: 'uploadProfilePicture',
  summary: 'Upload a profile picture (field profilePicture; JPEG, PNG, GIF or WebP; at most 10 MB)',
  tag: 'auth',
  access: 'signed-in',
  why: 'a multipart upload the gateway checks and stores before identity records its URL',
  body: {
    mediaType: 'multipart/form-data',
    schema: {
      type: 'object',
      required: ['profilePicture'],
      properties: { profilePicture: { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
  },
  answers: {
    200: {
      description: 'The stored picture’s URL and the updated user',
      schema: z.object({ user: userSchema, profile_picture_url: z.string() }),
    },
  },
  errors: [
    'VALIDATION_FAILED',
    'UNAUTHENTICATED',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'UNAVAILABLE',
  ],
});
