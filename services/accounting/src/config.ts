import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@planted/config';

/** 32 bytes, as 64 hex digits or base64 (`openssl rand -base64 32`). */
const encryptionKey = z
  .string({ error: 'required: 32 random bytes as base64 or 64 hex digits (openssl rand -base64 32)' })
  .transform((value, ctx) => {
    const trimmed = value.trim();
    const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
      ? Buffer.from(trimmed, 'hex')
      : Buffer.from(trimmed, 'base64');
    if (bytes.length !== 32) {
      ctx.addIssue({
        code: 'custom',
        message: '32 bytes as base64 or 64 hex digits (openssl rand -base64 32)',
      });
      return z.NEVER;
    }
    return bytes;
  });

/** The service kit's variables (ACCOUNTING_HTTP_PORT, DATABASE_URL, NATS_URL, ...) and the connector's own. */
export const accountingEnvSchema = serviceEnvSchema('accounting', { httpPort: 3105 }).extend({
  /** Where Zahara answers; the simulator (libs/zahara-local) in development and tests. */
  ZAHARA_BASE_URL: z
    .string()
    .url()
    .default('https://api.myzahara.net')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * The page of a purchase order in Zahara's web app, `{documentId}` replaced by the order's
   * document id: where a hire card's PO number links (spec §2 Hires). Answered to the screens
   * by GET /api/zahara/status, so one setting serves every browser.
   */
  ZAHARA_DOCUMENT_URL: z
    .string()
    .url()
    .refine((v) => v.includes('{documentId}'), { message: 'must contain {documentId}' })
    .default('https://app.myzahara.net/PurchaseOrder/Details/{documentId}'),
  /** How long one call to Zahara may take before it is abandoned (and, if it may have worked, looked up). */
  ZAHARA_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(10_000),
  /** How long one operation (its retries included) may keep trying before it answers ZAHARA_UNAVAILABLE. */
  ZAHARA_DEADLINE_MS: z.coerce.number().int().positive().max(600_000).default(30_000),
  /** Attempts of one call on 5xx, 429 and network failures (the first included). */
  ZAHARA_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  /** First backoff after a failed attempt; doubles per attempt (with jitter). */
  ZAHARA_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  /**
   * Calls per key per minute this process allows itself: under Zahara's 100, so a
   * 429 is the exception (another replica, another client of the same key).
   */
  ZAHARA_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(90),
  /** The window of that rate (tests shorten it). */
  ZAHARA_RATE_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** AES-256-GCM key the business units' API keys are encrypted with at rest. */
  ACCOUNTING_ENCRYPTION_KEY: encryptionKey,
  /** How often the purchase-order worker looks for orders to create or retry. */
  ACCOUNTING_PO_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /** First wait before a failed purchase order is tried again; doubles per attempt up to an hour. */
  ACCOUNTING_PO_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
});

export type AccountingConfig = z.infer<typeof accountingEnvSchema>;

export function parseAccountingConfig(env: Record<string, string | undefined>): AccountingConfig {
  return parseConfig(accountingEnvSchema, env);
}
