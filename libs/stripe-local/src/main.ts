import { loadConfig } from '@planted/config';
import { createLogger } from '@planted/logging';
import { z } from 'zod';
import { defaultPrices } from './prices';
import { startLocalStripe } from './server';

const priceSchema = z.object({
  id: z.string().min(1),
  unit_amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  interval: z.enum(['day', 'week', 'month', 'year']),
  product_name: z.string().min(1),
  product_id: z.string().min(1).optional(),
});

const envSchema = z.object({
  /** 12111 is the port of Stripe's own stripe-mock; 0 lets the OS pick one. */
  STRIPE_LOCAL_PORT: z.coerce.number().int().min(0).max(65_535).default(12_111),
  STRIPE_LOCAL_HOST: z.string().default('127.0.0.1'),
  /** Where browsers reach the checkout page, when not at http://<host>:<port>. */
  STRIPE_LOCAL_PUBLIC_URL: z.string().url().optional(),
  /** A known default so `npm start` can hand the same key to billing. */
  STRIPE_LOCAL_SECRET_KEY: z.string().startsWith('sk_').default('sk_test_planted_local'),
  STRIPE_LOCAL_WEBHOOK_URL: z.string().url().optional(),
  STRIPE_LOCAL_WEBHOOK_SECRET: z.string().min(1).default('whsec_planted_local'),
  /** JSON: [{id, unit_amount, currency, interval, product_name}]; default the domain's paid plans. */
  STRIPE_LOCAL_PRICES: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      try {
        return z.array(priceSchema).min(1).parse(JSON.parse(text));
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `not a JSON list of prices: ${String(err)}` });
        return z.NEVER;
      }
    }),
});

async function main(): Promise<void> {
  const config = loadConfig(envSchema);
  const logger = createLogger('stripe-local');
  const prices = config.STRIPE_LOCAL_PRICES ?? defaultPrices();
  const stripe = await startLocalStripe({
    port: config.STRIPE_LOCAL_PORT,
    host: config.STRIPE_LOCAL_HOST,
    publicUrl: config.STRIPE_LOCAL_PUBLIC_URL,
    secretKey: config.STRIPE_LOCAL_SECRET_KEY,
    webhookUrl: config.STRIPE_LOCAL_WEBHOOK_URL,
    webhookSecret: config.STRIPE_LOCAL_WEBHOOK_SECRET,
    prices,
    onDelivery: (attempt) =>
      attempt.ok
        ? logger.info(attempt, `webhook ${attempt.eventType} delivered to ${attempt.url}`)
        : logger.warn(
            attempt,
            `webhook ${attempt.eventType} to ${attempt.url} failed (attempt ${attempt.attempt})`,
          ),
  });
  logger.info(
    {
      url: stripe.url,
      webhookUrl: config.STRIPE_LOCAL_WEBHOOK_URL ?? null,
      prices: prices.map((price) => price.id),
    },
    `local Stripe listening at ${stripe.url}; advance its clock with POST ${stripe.url}/_local/clock/advance {"seconds": n}`,
  );
  const stop = () => {
    void stripe.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`stripe-local could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
