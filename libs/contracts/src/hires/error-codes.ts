/** Codes only the hires service answers with (see identity/error-codes.ts). */
export const HIRES_ERROR_CODES = ['HIRE_LIMIT_REACHED'] as const;

export type HiresErrorCode = (typeof HIRES_ERROR_CODES)[number];
