import { LocalClock, type Interval, type UnixSeconds } from './clock';
import { resourceMissing } from './errors';
import { newId } from './ids';
import { publicCopy } from './render';
import type {
  CheckoutSession,
  Customer,
  Invoice,
  Metadata,
  Price,
  TaxRate,
  Product,
  StripeEvent,
  StripeObject,
  Subscription,
  WebhookEndpoint,
} from './model';

/** A price the server knows: what `startLocalStripe({prices})` and STRIPE_LOCAL_PRICES take. */
export interface PriceConfig {
  id: string;
  /** Smallest currency unit (pence). */
  unit_amount: number;
  currency: string;
  interval: Interval;
  product_name: string;
  /** Defaults to `prod_` and a name made from the product name. */
  product_id?: string;
}

/** What caused a change, carried into its events as Stripe's `request` field. */
export interface RequestOrigin {
  id: string | null;
  idempotencyKey: string | null;
}

export const NO_REQUEST: RequestOrigin = { id: null, idempotencyKey: null };

/** One kind of object, kept in creation order; lists answer newest first as Stripe's do. */
export class Collection<T extends StripeObject> {
  private readonly items = new Map<string, T>();

  /** `kind` as Stripe names it in `No such <kind>: 'id'`. */
  constructor(readonly kind: string) {}

  add(value: T): T {
    this.items.set(value.id, value);
    return value;
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  /** The object, or Stripe's resource_missing (404 for the URL's id, 400 for a parameter). */
  require(id: string, param = 'id', status: 400 | 404 = 404): T {
    const value = this.items.get(id);
    if (!value) throw resourceMissing(this.kind, id, param, status);
    return value;
  }

  delete(id: string): void {
    this.items.delete(id);
  }

  get size(): number {
    return this.items.size;
  }

  oldestFirst(): T[] {
    return [...this.items.values()];
  }

  newestFirst(): T[] {
    return this.oldestFirst().reverse();
  }
}

/** Everything the local Stripe knows, in memory, with its clock and its event log. */
export class StripeState {
  readonly clock = new LocalClock();
  readonly customers = new Collection<Customer>('customer');
  readonly products = new Collection<Product>('product');
  readonly prices = new Collection<Price>('price');
  readonly taxRates = new Collection<TaxRate>('tax rate');
  readonly sessions = new Collection<CheckoutSession>('checkout.session');
  readonly subscriptions = new Collection<Subscription>('subscription');
  readonly invoices = new Collection<Invoice>('invoice');
  readonly endpoints = new Collection<WebhookEndpoint>('webhook endpoint');
  readonly events = new Collection<StripeEvent>('event');
  /** subscription_data[metadata] of each session, for the subscription its payment starts. */
  readonly sessionSubscriptionMetadata = new Map<string, Metadata>();
  /** Customer or subscription ids whose next renewal payment is declined. */
  readonly failNextPayment = new Set<string>();
  private invoiceCount = 0;

  constructor(
    readonly apiVersion: string,
    /** Where browsers reach this server (the hosted checkout page's address). */
    readonly publicUrl: () => string,
    private readonly onEvent: (event: StripeEvent) => void,
  ) {}

  addPrices(prices: readonly PriceConfig[]): void {
    const created = this.clock.now();
    for (const config of prices) {
      const productId = config.product_id ?? `prod_${config.product_name.replace(/[^A-Za-z0-9]+/g, '_')}`;
      if (!this.products.get(productId)) {
        this.products.add({
          id: productId,
          object: 'product',
          created,
          active: true,
          name: config.product_name,
          description: null,
          livemode: false,
          metadata: {},
        });
      }
      this.prices.add({
        id: config.id,
        object: 'price',
        created,
        active: true,
        billing_scheme: 'per_unit',
        currency: config.currency.toLowerCase(),
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        product: productId,
        recurring: { interval: config.interval, interval_count: 1, usage_type: 'licensed', meter: null },
        tax_behavior: 'exclusive',
        type: 'recurring',
        unit_amount: config.unit_amount,
        unit_amount_decimal: String(config.unit_amount),
      });
    }
  }

  /** A tax rate as Stripe has one made in its dashboard (the local Stripe starts with UK VAT). */
  addTaxRate(rate: {
    id: string;
    display_name: string;
    percentage: number;
    inclusive?: boolean;
    country?: string | null;
    jurisdiction?: string | null;
    description?: string | null;
    tax_type?: string | null;
    active?: boolean;
    metadata?: Metadata;
  }): TaxRate {
    return this.taxRates.add({
      id: rate.id,
      object: 'tax_rate',
      active: rate.active ?? true,
      country: rate.country ?? null,
      created: this.clock.now(),
      description: rate.description ?? null,
      display_name: rate.display_name,
      effective_percentage: rate.percentage,
      inclusive: rate.inclusive ?? false,
      jurisdiction: rate.jurisdiction ?? null,
      livemode: false,
      metadata: rate.metadata ?? {},
      percentage: rate.percentage,
      state: null,
      tax_type: rate.tax_type ?? null,
    });
  }

  /** Any object by id, for `expand[]`. */
  find(id: string): StripeObject | undefined {
    for (const collection of [
      this.customers,
      this.products,
      this.prices,
      this.taxRates,
      this.sessions,
      this.subscriptions,
      this.invoices,
      this.events,
    ]) {
      const found = collection.get(id);
      if (found) return found;
    }
    return undefined;
  }

  nextInvoiceNumber(customer: Customer): string {
    this.invoiceCount += 1;
    return `${customer.invoice_prefix}-${String(this.invoiceCount).padStart(4, '0')}`;
  }

  /**
   * Records an event and hands it to delivery. The object is copied as it is now, as
   * Stripe's events carry the object at the time of the change.
   */
  emit(
    type: string,
    object: StripeObject,
    options: { previous?: Record<string, unknown>; at?: UnixSeconds; origin?: RequestOrigin } = {},
  ): StripeEvent {
    const origin = options.origin ?? NO_REQUEST;
    const event = this.events.add({
      id: newId('evt_'),
      object: 'event',
      created: options.at ?? this.clock.now(),
      type,
      api_version: this.apiVersion,
      data: {
        object: publicCopy(object),
        ...(options.previous && Object.keys(options.previous).length
          ? { previous_attributes: options.previous }
          : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { id: origin.id, idempotency_key: origin.idempotencyKey },
    });
    this.onEvent(event);
    return event;
  }
}

/** The top-level fields of `after` that differ from `before`, with their former values. */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(value)) previous[key] = old[key] ?? null;
  }
  return previous;
}
