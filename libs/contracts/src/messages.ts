import { ERROR_MESSAGES, LIMITS as DOMAIN_LIMITS, VALIDATION_MESSAGES } from '@planted/domain';

/** Lengths the identity payloads enforce: the spec's minimums plus storage maximums. */
export const LIMITS = {
  PASSWORD_MIN: DOMAIN_LIMITS.passwordMin,
  PASSWORD_MAX: 1024,
  USER_NAME_MIN: DOMAIN_LIMITS.userNameMin,
  COMPANY_NAME_MIN: DOMAIN_LIMITS.companyNameMin,
  ADDRESS_MIN: DOMAIN_LIMITS.addressMin,
} as const;

/** A field's answer for a control character (a tab pasted into a one-line field, say). */
export function controlCharactersMessage(label = 'This field'): string {
  return `${label} must not contain control characters`;
}

/** The largest picture the gateway decodes (profile pictures, equipment images), in megapixels. */
export const IMAGE_MAX_MEGAPIXELS = 25;

/**
 * Messages of the identity payloads: the spec's texts come from @planted/domain (one
 * table for server and browser); the few below cover limits the spec leaves unworded.
 */
export const MESSAGES = {
  EMAIL_REQUIRED: VALIDATION_MESSAGES.EMAIL_REQUIRED,
  EMAIL_INVALID: VALIDATION_MESSAGES.EMAIL_INVALID,
  PASSWORD_REQUIRED: VALIDATION_MESSAGES.PASSWORD_REQUIRED,
  PASSWORD_MIN: VALIDATION_MESSAGES.PASSWORD_MIN,
  NAME_REQUIRED: VALIDATION_MESSAGES.NAME_REQUIRED,
  NAME_MIN: VALIDATION_MESSAGES.NAME_MIN,
  COMPANY_NAME_REQUIRED: VALIDATION_MESSAGES.COMPANY_NAME_REQUIRED,
  COMPANY_NAME_MIN: VALIDATION_MESSAGES.COMPANY_NAME_MIN,
  ADDRESS_REQUIRED: VALIDATION_MESSAGES.ADDRESS_REQUIRED,
  ADDRESS_MIN: VALIDATION_MESSAGES.ADDRESS_MIN,
  CURRENT_PASSWORD_REQUIRED: VALIDATION_MESSAGES.CURRENT_PASSWORD_REQUIRED,
  NEW_PASSWORD_REQUIRED: VALIDATION_MESSAGES.NEW_PASSWORD_REQUIRED,
  NEW_PASSWORD_MIN: VALIDATION_MESSAGES.NEW_PASSWORD_MIN,
  NEW_PASSWORD_SAME: VALIDATION_MESSAGES.NEW_PASSWORD_SAME,
  INVALID_INVITATION_LINK: VALIDATION_MESSAGES.INVALID_INVITATION_LINK,
  ROLE_INVALID: VALIDATION_MESSAGES.ROLE_INVALID,
  INVALID_CREDENTIALS: ERROR_MESSAGES.INVALID_EMAIL_OR_PASSWORD,
  INVALID_OR_EXPIRED_INVITATION: ERROR_MESSAGES.INVALID_OR_EXPIRED_INVITATION,
  OAUTH_SIGNUP_FAILED: ERROR_MESSAGES.OAUTH_SIGNUP_FAILED,
  EMAIL_TAKEN: 'An account with this email already exists',
  EMAIL_INVITED:
    'This email has an invitation waiting. Its owner accepts it from the invitation email; use another address.',
  WRONG_PASSWORD: 'Current password is incorrect',
  /** Changing the password of an account made through Google, Microsoft or Apple, which has none. */
  NO_PASSWORD_YET:
    'Your account has no password yet: you sign in with Google, Microsoft or Apple. To set one, use “Forgot your password?” on the sign-in page.',
  USER_ALREADY_EXISTS: 'A user with this email already exists',
  PASSWORD_TOO_LONG: 'Password must be no more than 1024 characters',
  NAME_MAX: 'Name must be no more than 255 characters',
  FULL_NAME_REQUIRED: 'Full name is required',
  COMPANY_NAME_MAX: 'Company name must be no more than 255 characters',
  ADDRESS_MAX: 'Address must be no more than 500 characters',
  LANGUAGE_INVALID: 'Language must be en or es',
  ONLY_ADMINS_INVITE: 'Only administrators can invite users',
  /** A viewer's change refused: the role sees the company's records and changes none of them. */
  VIEWERS_READ_ONLY:
    'Viewers can see everything but change nothing. Ask an administrator to make you a user to add or change records.',
  RESET_LINK_MISSING: 'Invalid password reset link',
  RESET_LINK_INVALID: 'This password reset link is invalid or has expired. Please request a new one.',
  RESET_EMAIL_SENT: 'If an account exists for that email, we have sent a link to reset the password.',
  PASSWORD_RESET: 'Your password has been reset. Please sign in with your new password.',
  LOGGED_OUT: 'Signed out',
  ONLY_ADMINS_MANAGE_INVITATIONS: 'Only administrators can manage invitations',
  INVITATION_NOT_FOUND: 'Invitation not found',
  ONLY_ADMINS_MANAGE_USERS: 'Only administrators can change roles or remove users',
  USER_NOT_FOUND: 'User not found',
  LAST_ADMIN_ROLE:
    'You are the only administrator of your company. Make another user an administrator before changing your role.',
  LAST_ADMIN_REMOVE:
    'You are the only administrator of your company. Make another user an administrator before removing yourself.',
  ROLE_CHANGED: 'Role updated',
  USER_REMOVED: 'User removed',
  /** An image whose header claims more pixels than the gateway decodes (both image uploads). */
  IMAGE_TOO_MANY_PIXELS: `Image must be at most ${IMAGE_MAX_MEGAPIXELS} megapixels`,
} as const;

/**
 * Creating requests are safe to retry (design.md, Contracts): the client sends an
 * Idempotency-Key, the gateway keeps the answer with it and forwards it to the service.
 */
export const IDEMPOTENCY = {
  HEADER: 'Idempotency-Key',
  /** On an answer given again for a key seen before. */
  REPLAYED_HEADER: 'Idempotent-Replayed',
  KEY_INVALID: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
  KEY_REUSED:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  IN_FLIGHT:
    'A request with this Idempotency-Key is still in progress. Wait for it to finish, then retry with the same key.',
  /** The gateway gave up waiting for the service: it may or may not have done the work. */
  OUTCOME_UNKNOWN:
    'The server did not confirm whether your request succeeded. It is safe to retry with the same Idempotency-Key.',
} as const;

/**
 * Messages worded with numbers: the plan's user limit, as identity answers an invitation. Each
 * has its pattern, so the browser finds the message and its numbers again and words it in the
 * user's language (common:validationExtra.<KEY>, with the numbers by name).
 */
export const USER_LIMIT_MESSAGES = {
  /** Inviting: an administrator reads it, and can upgrade. */
  USER_LIMIT_INVITE: (limit: number) =>
    `Your plan allows up to ${limit} users. Upgrade your subscription to invite more.`,
  /** Accepting: the invitee reads it, who is not yet in the company and cannot upgrade it. */
  USER_LIMIT_COMPANY_FULL: (limit: number) =>
    `This company's plan allows up to ${limit} users. Ask its administrator to upgrade the subscription.`,
  /** Inviting: the plan's seats are taken by its users and the invitations still open. */
  USER_LIMIT_SEATS_HELD: (limit: number, users: number, invited: number) =>
    `Your plan allows up to ${limit} users: ${users} ${users === 1 ? 'user' : 'users'} and ${invited} pending ${
      invited === 1 ? 'invitation' : 'invitations'
    } take every seat. Revoke an invitation or upgrade your subscription to invite more.`,
} as const;

/** The wait as people say it: seconds under a minute, else whole minutes rounded up. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return seconds < 60
    ? plural(Math.max(1, Math.ceil(seconds)), 'second')
    : plural(Math.ceil(seconds / 60), 'minute');
}

/** The gateway's attempt limits (sign-in, password change, ...), with the wait left. */
export const RATE_LIMIT_MESSAGES = {
  TOO_MANY_LOGIN_ATTEMPTS: (seconds: number) =>
    `Too many login attempts. Please try again in ${waitText(seconds)}.`,
  TOO_MANY_ATTEMPTS: (seconds: number) => `Too many attempts. Please try again in ${waitText(seconds)}.`,
} as const;

/**
 * Each text worded with values (numbers, or a field's label): its pattern, `key` under
 * common:validationExtra, and the values' names in order (a number named `count` picks the
 * translation's plural form).
 */
export const WORDED_MESSAGE_PATTERNS: readonly {
  key: string;
  pattern: RegExp;
  names: readonly string[];
}[] = [
  {
    key: 'TOO_MANY_LOGIN_ATTEMPTS_SECONDS',
    pattern: /^Too many login attempts\. Please try again in (\d+) seconds?\.$/,
    names: ['count'],
  },
  {
    key: 'TOO_MANY_LOGIN_ATTEMPTS_MINUTES',
    pattern: /^Too many login attempts\. Please try again in (\d+) minutes?\.$/,
    names: ['count'],
  },
  {
    key: 'TOO_MANY_ATTEMPTS_SECONDS',
    pattern: /^Too many attempts\. Please try again in (\d+) seconds?\.$/,
    names: ['count'],
  },
  {
    key: 'TOO_MANY_ATTEMPTS_MINUTES',
    pattern: /^Too many attempts\. Please try again in (\d+) minutes?\.$/,
    names: ['count'],
  },
  {
    key: 'USER_LIMIT_INVITE',
    pattern: /^Your plan allows up to (\d+) users\. Upgrade your subscription to invite more\.$/,
    names: ['limit'],
  },
  {
    key: 'USER_LIMIT_COMPANY_FULL',
    pattern:
      /^This company's plan allows up to (\d+) users\. Ask its administrator to upgrade the subscription\.$/,
    names: ['limit'],
  },
  {
    key: 'USER_LIMIT_SEATS_HELD',
    pattern:
      /^Your plan allows up to (\d+) users: (\d+) users? and (\d+) pending invitations? take every seat\. Revoke an invitation or upgrade your subscription to invite more\.$/,
    names: ['limit', 'users', 'invited'],
  },
  {
    // purchaseOrderCompletedMessage (accounting): an edit a completed order in Zahara refused.
    key: 'PURCHASE_ORDER_COMPLETED',
    pattern:
      /^Purchase order (.+) is completed in Zahara, so this change was not sent to it\. Change it there if it needs to\.$/,
    names: ['number'],
  },
  {
    // zaharaRefusedMessage (accounting): Zahara's own words follow, as Zahara wrote them.
    key: 'ZAHARA_REFUSED',
    pattern: /^Zahara refused the request: (.+)$/s,
    names: ['detail'],
  },
  {
    // controlCharactersMessage: a tab pasted into a one-line field, say.
    key: 'CONTROL_CHARACTERS',
    pattern: /^(.+) must not contain control characters$/,
    names: ['label'],
  },
];
