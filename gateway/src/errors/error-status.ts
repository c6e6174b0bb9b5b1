import type { ErrorCode } from '@planted/contracts';

/**
 * The one table from error codes to HTTP statuses (design.md, Contracts). `satisfies`
 * makes it exhaustive at compile time: a code added in libs/contracts (generic, or a
 * service's own) fails the build until it has a status here, and a code removed there
 * fails it until its row goes.
 */
export const HTTP_STATUS_OF_CODE = {
  // Generic codes (libs/contracts/src/errors.ts)
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  // Identity's codes (libs/contracts/src/identity/error-codes.ts)
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  USER_LIMIT_REACHED: 403,
  INVITATION_INVALID: 400,
  WRONG_PASSWORD: 400,
  RESET_TOKEN_INVALID: 400,
  // Hires' codes (libs/contracts/src/hires/error-codes.ts)
  HIRE_LIMIT_REACHED: 403,
  // Billing's codes (libs/contracts/src/billing/error-codes.ts)
  PRICE_ID_NOT_AVAILABLE: 400,
} as const satisfies Record<ErrorCode, number>;

export function httpStatusFor(code: ErrorCode): number {
  const status: number | undefined = HTTP_STATUS_OF_CODE[code];
  // A code from a newer service than this gateway knows: a failure, not a crash.
  return status ?? 500;
}
