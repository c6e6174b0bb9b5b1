import Stripe from 'stripe';
import type { BillingConfig } from '../config';

/** Nest token of the Stripe SDK client. */
export const STRIPE = Symbol('STRIPE');

/**
 * The official SDK, pointed at STRIPE_API_BASE_URL through its host, port and protocol
 * settings: Stripe itself, or the local Stripe of npm start and the tests.
 */
export function createStripeClient(config: BillingConfig): Stripe {
  const base = new URL(config.STRIPE_API_BASE_URL);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: config.STRIPE_TIMEOUT_MS,
    // Every creating call carries an idempotency key, so the SDK's own retry is safe.
    maxNetworkRetries: 2,
    appInfo: { name: 'planted-billing' },
  });
}

/** Stripe's answer for an id it does not know (a session id made up or from another account). */
export function isResourceMissing(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeError && (err.code === 'resource_missing' || err.statusCode === 404)
  );
}
