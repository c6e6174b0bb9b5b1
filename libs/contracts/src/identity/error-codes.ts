/**
 * Codes only the identity service answers with. Each service owns its codes next to its
 * subjects; `ERROR_CODES` (errors.ts) gathers every service's, and the gateway's status
 * table must then name each one.
 */
export const IDENTITY_ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'USER_LIMIT_REACHED',
  'INVITATION_INVALID',
  'WRONG_PASSWORD',
  'RESET_TOKEN_INVALID',
] as const;

export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];
