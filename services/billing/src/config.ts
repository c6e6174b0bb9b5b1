import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@planted/config';
import type { BillingInterval } from '@planted/contracts';
import type { PlanId } from '@planted/domain';

/** A card provider price id from the environment; blank counts as unset (the plan then has none). */
const priceId = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The paid plans and the variable naming each of their prices, e.g. STRIPE_PRICE_TEAMS_MONTHLY. */
export const PRICE_VARIABLES = {
  teams: { month: 'STRIPE_PRICE_TEAMS_MONTHLY', year: 'STRIPE_PRICE_TEAMS_YEARLY' },
  business: { month: 'STRIPE_PRICE_BUSINESS_MONTHLY', year: 'STRIPE_PRICE_BUSINESS_YEARLY' },
  unlimited: { month: 'STRIPE_PRICE_UNLIMITED_MONTHLY', year: 'STRIPE_PRICE_UNLIMITED_YEARLY' },
} as const satisfies Record<Exclude<PlanId, 'free'>, Record<BillingInterval, string>>;

/** The service kit's variables (BILLING_HTTP_PORT, DATABASE_URL, NATS_URL, DB_APP_ROLE, ...) and billing's own. */
export const billingEnvSchema = serviceEnvSchema('billing', { httpPort: 3104 }).extend({
  /** Stripe's secret API key (sk_live_…, sk_test_…; the local Stripe takes any). */
  STRIPE_SECRET_KEY: z.string().min(1, 'the Stripe secret key (sk_…)'),
  /**
   * Where Stripe's API answers: https://api.stripe.com, or the local Stripe of npm start and
   * the tests (its URL). The SDK is pointed at it through its host, port and protocol.
   */
  STRIPE_API_BASE_URL: z
    .string()
    .url()
    .default('https://api.stripe.com')
    .transform((v) => v.replace(/\/+$/, '')),
  /** How long one call to Stripe may take. */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(20_000),
  STRIPE_PRICE_TEAMS_MONTHLY: priceId,
  STRIPE_PRICE_TEAMS_YEARLY: priceId,
  STRIPE_PRICE_BUSINESS_MONTHLY: priceId,
  STRIPE_PRICE_BUSINESS_YEARLY: priceId,
  STRIPE_PRICE_UNLIMITED_MONTHLY: priceId,
  STRIPE_PRICE_UNLIMITED_YEARLY: priceId,
  /**
   * The Stripe tax rate (txr_…) of UK VAT, put on every subscription bought: plan prices
   * exclude VAT (spec §9), so Stripe adds it to each invoice. Unset, no tax is added.
   */
  STRIPE_TAX_RATE_VAT: priceId.refine((v) => v === undefined || /^txr_[A-Za-z0-9_]+$/.test(v), {
    message: 'a Stripe tax rate id (txr_…)',
  }),
  /** Where the browser app lives: checkout returns to `${APP_URL}/subscription?...`. */
  APP_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * How often billing asks Stripe about subscriptions whose period is over or whose
   * downgrade is scheduled, in case a webhook was missed. 0 turns the check off.
   */
  BILLING_RENEWAL_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
});

export type BillingConfig = z.infer<typeof billingEnvSchema>;

/** For tests and tools: throws a ConfigError naming every bad variable. */
export function parseBillingConfig(env: Record<string, string | undefined>): BillingConfig {
  return parseConfig(billingEnvSchema, env);
}
