import type { ZaharaErrorBody } from './models';

/** An error answer in Zahara's shape; handlers throw it, the server writes it. */
export class ZaharaApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ZaharaErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.Message);
    this.name = 'ZaharaApiError';
  }
}

/** 400 with every problem found, each as "<field path>: <what is wrong>". */
export function invalidRequest(errors: string[]): ZaharaApiError {
  return new ZaharaApiError(400, { Message: 'The request is invalid.', Errors: errors });
}

export function notFound(message: string): ZaharaApiError {
  return new ZaharaApiError(404, { Message: message });
}

export const UNAUTHORIZED_MESSAGE = 'Authorization has been denied for this request.';
export const SERVER_ERROR_MESSAGE = 'An error has occurred.';
