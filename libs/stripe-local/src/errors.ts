/** The error types of Stripe's v1 API that this server answers with. */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error';

/** Stripe's error body: `{error: {type, code?, message, param?, doc_url?}}` with a 4xx status. */
export interface StripeErrorBody {
  error: {
    type: StripeErrorType;
    code?: string;
    decline_code?: string;
    message: string;
    param?: string;
    doc_url?: string;
  };
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toBody(): StripeErrorBody {
    return {
      error: {
        type: this.type,
        ...(this.code
          ? {
              code: this.code,
              doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`,
            }
          : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

/**
 * `No such price: 'x'`. Stripe answers 404 when the id is the resource of the URL and 400
 * when it is a parameter of another call (a price in a checkout's line items).
 */
export function resourceMissing(
  kind: string,
  id: string,
  param: string,
  status: 400 | 404 = 404,
): StripeApiError {
  return new StripeApiError(
    status,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

export function parameterMissing(param: string): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}
