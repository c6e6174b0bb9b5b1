/**
 * Stable error codes services put in their replies. The gateway maps each to an HTTP
 * status in one exhaustive switch, so adding a code here forces a decision there.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'USER_LIMIT_REACHED',
  'HIRE_LIMIT_REACHED',
  'INVITATION_INVALID',
  'WRONG_PASSWORD',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  param: string;
  msg: string;
}

/** What a failed request-reply call carries back. */
export interface ServiceErrorBody {
  code: ErrorCode;
  message: string;
  details?: FieldError[];
}

export class ServiceError extends Error implements ServiceErrorBody {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toBody(): ServiceErrorBody {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }

  static isBody(value: unknown): value is ServiceErrorBody {
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as ServiceErrorBody).code === 'string' &&
      (ERROR_CODES as readonly string[]).includes((value as ServiceErrorBody).code) &&
      typeof (value as ServiceErrorBody).message === 'string'
    );
  }

  static fromBody(body: ServiceErrorBody): ServiceError {
    return new ServiceError(body.code, body.message, body.details);
  }
}
