import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { Logger } from '@planted/logging';
import { LOGGER } from '@planted/service-kit';
import { providerUnavailable, sessionNotFound } from '../subscriptions/subscriptions.errors';
import { isResourceMissing, STRIPE } from './stripe-client';

/** An id, whether Stripe answered it as an id or expanded into its object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * The Stripe calls billing makes, each with the SDK's own types. A failure of Stripe (or of
 * reaching it) becomes UNAVAILABLE with a message the screen can show; the error is logged.
 */
@Injectable()
export class StripeGateway {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  createCustomer(params: Stripe.CustomerCreateParams, idempotencyKey: string): Promise<Stripe.Customer> {
    return this.call('customers.create', () => this.stripe.customers.create(params, { idempotencyKey }));
  }

  createCheckoutSession(
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Checkout.Session> {
    return this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create(params, { idempotencyKey }),
    );
  }

  /** The session, or NOT_FOUND when Stripe does not know it. */
  async checkoutSession(id: string): Promise<Stripe.Checkout.Session> {
    try {
      return await this.stripe.checkout.sessions.retrieve(id);
    } catch (err) {
      if (isResourceMissing(err)) throw sessionNotFound();
      throw this.failure('checkout.sessions.retrieve', err);
    }
  }

  subscription(id: string): Promise<Stripe.Subscription> {
    return this.call('subscriptions.retrieve', () => this.stripe.subscriptions.retrieve(id));
  }

  cancelAtPeriodEnd(id: string, idempotencyKey: string): Promise<Stripe.Subscription> {
    return this.call('subscriptions.update', () =>
      this.stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey }),
    );
  }

  /**
   * Takes back a scheduled cancellation: the subscription renews as before. Ours is a cancel at
   * period end; one set in Stripe's Dashboard for a date of its own is a `cancel_at` alone, which
   * `cancel_at_period_end: false` leaves in place (and Stripe takes only one of the two at once).
   */
  async keepAfterPeriodEnd(id: string): Promise<Stripe.Subscription> {
    const current = await this.subscription(id);
    const change: Stripe.SubscriptionUpdateParams =
      current.cancel_at !== null && !current.cancel_at_period_end
        ? { cancel_at: '' }
        : { cancel_at_period_end: false };
    return this.call('subscriptions.update', () => this.stripe.subscriptions.update(id, change));
  }

  /**
   * Ends a subscription now. With `credit`, its unused time is credited: prorated to the second,
   * on a final invoice whose credit goes to the customer's balance and pays their next invoice.
   */
  cancelNow(id: string, options: { credit: boolean }): Promise<Stripe.Subscription> {
    return this.call('subscriptions.cancel', () =>
      this.stripe.subscriptions.cancel(id, options.credit ? { prorate: true, invoice_now: true } : {}),
    );
  }

  /** A tax rate of the account; undefined when it has none of that id. */
  async taxRate(id: string): Promise<Stripe.TaxRate | undefined> {
    try {
      return await this.stripe.taxRates.retrieve(id);
    } catch (err) {
      if (isResourceMissing(err)) return undefined;
      throw this.failure('taxRates.retrieve', err);
    }
  }

  private async call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw this.failure(operation, err);
    }
  }

  private failure(operation: string, err: unknown): Error {
    if (!(err instanceof Stripe.errors.StripeError))
      return err instanceof Error ? err : new Error(String(err));
    this.logger.error(
      {
        err: { type: err.type, code: err.code, statusCode: err.statusCode, message: err.message },
        operation,
      },
      'Stripe call failed',
    );
    return providerUnavailable();
  }
}
