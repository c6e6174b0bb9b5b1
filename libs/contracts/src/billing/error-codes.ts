/** Codes only the billing service answers with (see identity/error-codes.ts). */
export const BILLING_ERROR_CODES = ['PRICE_ID_NOT_AVAILABLE'] as const;

export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];
