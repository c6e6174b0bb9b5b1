/**
 * Codes only the accounting connector answers with (see identity/error-codes.ts). None of
 * them is a 401: the browser clears the session on a 401, and a key Zahara refuses is a
 * problem of the company's settings, not of the user's session.
 */
export const ACCOUNTING_ERROR_CODES = [
  /** No API key saved (or the integration switched off): 409. */
  'ACCOUNTING_NOT_CONFIGURED',
  /** Zahara refused the business unit's key (its 401): 422. */
  'ZAHARA_AUTH_FAILED',
  /** Zahara refused the request itself (its 400, or a 404 for a record it should have): 422. */
  'ZAHARA_REJECTED',
  /** Zahara did not answer in time, or kept answering 5xx, after the client's retries: 502. */
  'ZAHARA_UNAVAILABLE',
  /** A hire's supplier has no match with a Zahara supplier: 409. */
  'SUPPLIER_NOT_MATCHED',
] as const;

export type AccountingErrorCode = (typeof ACCOUNTING_ERROR_CODES)[number];
