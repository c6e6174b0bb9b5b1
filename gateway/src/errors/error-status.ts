import type { ErrorCode } from '@planted/contracts';

/** One exhaustive switch from service error codes to HTTP statuses (design.md, Contracts). */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'INVITATION_INVALID':
    case 'WRONG_PASSWORD':
      return 400;
    case 'UNAUTHENTICATED':
    case 'INVALID_CREDENTIALS':
      return 401;
    case 'FORBIDDEN':
    case 'USER_LIMIT_REACHED':
    case 'HIRE_LIMIT_REACHED':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
    case 'EMAIL_TAKEN':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'RATE_LIMITED':
      return 429;
    case 'UNAVAILABLE':
      return 503;
    case 'INTERNAL':
      return 500;
    default: {
      const unhandled: never = code;
      throw new Error(`unmapped error code ${String(unhandled)}`);
    }
  }
}
