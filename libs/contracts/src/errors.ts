import { BILLING_ERROR_CODES } from './billing/error-codes';
import { HIRES_ERROR_CODES } from './hires/error-codes';
import { IDENTITY_ERROR_CODES } from './identity/error-codes';

/** Codes any service (and the gateway itself) may answer with. */
export const GENERIC_ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type GenericErrorCode = (typeof GENERIC_ERROR_CODES)[number];

/**
 * Every stable error code a reply may carry: the generic ones and each service's own
 * (declared beside its subjects). The gateway maps each to an HTTP status in one exhaustive
 * table, so adding a code anywhere forces a decision there.
 */
export const ERROR_CODES = [
  ...GENERIC_ERROR_CODES,
  ...IDENTITY_ERROR_CODES,
  ...HIRES_ERROR_CODES,
  ...BILLING_ERROR_CODES,
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
