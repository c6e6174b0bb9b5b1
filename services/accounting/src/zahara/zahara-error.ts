/**
 * Why a call to Zahara failed, as the connector decides what to do next:
 * - `unauthorized`: the key is unknown or revoked (401); never retried;
 * - `not_found`: Zahara has no such record or code (404);
 * - `rejected`: Zahara refused the request (400 and other 4xx); `errors` say why; never retried;
 * - `rate_limited`: still over Zahara's limit when the deadline came (429);
 * - `unavailable`: 5xx, timeouts and dropped connections, after the retries allowed.
 *   `mayHaveWorked`: a create that got no answer may have been made (look it up before another).
 */
export type ZaharaFailure = 'unauthorized' | 'not_found' | 'rejected' | 'rate_limited' | 'unavailable';

export class ZaharaError extends Error {
  constructor(
    readonly failure: ZaharaFailure,
    message: string,
    readonly options: { status?: number; errors?: string[]; mayHaveWorked?: boolean } = {},
  ) {
    super(message);
    this.name = 'ZaharaError';
  }

  get mayHaveWorked(): boolean {
    return this.options.mayHaveWorked === true;
  }
}

export const isZaharaError = (err: unknown): err is ZaharaError => err instanceof ZaharaError;
