import type { IncomingHttpHeaders } from 'node:http';
import { IDEMPOTENCY, ServiceError } from '@planted/contracts';

/** 1 to 255 printable ASCII characters (space to tilde): a UUID fits, so does any sane client's key. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** The request's Idempotency-Key, if it sent one; a malformed key is a 400. */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[IDEMPOTENCY.HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !VALID_KEY.test(value)) {
    throw new ServiceError('VALIDATION_FAILED', IDEMPOTENCY.KEY_INVALID, [
      { param: IDEMPOTENCY.HEADER, msg: IDEMPOTENCY.KEY_INVALID },
    ]);
  }
  return value;
}
