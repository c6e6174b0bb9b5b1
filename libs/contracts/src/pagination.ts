import { z } from 'zod';
import { DROPDOWN_LIMIT, LIMITS, PAGE_SIZE } from '@planted/domain';

/** The last page a list may be asked for. */
export const PAGE_MAX = 1_000_000;

export const PAGINATION_MESSAGES = {
  PAGE_INVALID: `Page must be a whole number from 1 to ${PAGE_MAX}`,
  LIMIT_INVALID: `Limit must be a whole number from 1 to ${DROPDOWN_LIMIT}`,
  SEARCH_TOO_LONG: `Search must be ${LIMITS.searchMax} characters or less`,
} as const;

/** A whole number read from a query string ('2') or JSON (2); anything else is refused with `message`. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );

/** `page` (from 1) and `limit` (12 by default, up to 1000 for dropdown loads), spec §7 and §9. */
export const pageField = wholeNumber(PAGINATION_MESSAGES.PAGE_INVALID, 1, PAGE_MAX)
  .optional()
  .transform((v) => v ?? 1);
export const limitField = wholeNumber(PAGINATION_MESSAGES.LIMIT_INVALID, 1, DROPDOWN_LIMIT)
  .optional()
  .transform((v) => v ?? PAGE_SIZE);

/** The `pagination` block of list answers: `pages` is what the screens read (spec §7). */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}
