import type { Interval, UnixSeconds } from './clock';

/**
 * The objects this server keeps, in Stripe's answer shapes (the fields billing reads and
 * the ones every Stripe object has). Ids stand where Stripe puts ids; `expand[]` swaps
 * them for the objects.
 */
export type Metadata = Record<string, string>;

export interface StripeObject {
  id: string;
  object: string;
  created?: UnixSeconds;
}

export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface Customer extends StripeObject {
  object: 'customer';
  created: UnixSeconds;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  address: null;
  balance: number;
  currency: string | null;
  delinquent: boolean;
  invoice_prefix: string;
  livemode: false;
  metadata: Metadata;
}

export interface Product extends StripeObject {
  object: 'product';
  created: UnixSeconds;
  active: boolean;
  name: string;
  description: string | null;
  livemode: false;
  metadata: Metadata;
}

export interface Price extends StripeObject {
  object: 'price';
  created: UnixSeconds;
  active: boolean;
  billing_scheme: 'per_unit';
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: { interval: Interval; interval_count: 1; usage_type: 'licensed'; meter: null };
  tax_behavior: 'exclusive';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface CheckoutLineItem {
  price: string;
  quantity: number;
}

export interface CheckoutSession extends StripeObject {
  object: 'checkout.session';
  created: UnixSeconds;
  expires_at: UnixSeconds;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  subscription: string | null;
  invoice: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  livemode: false;
  locale: string | null;
  ui_mode: 'hosted';
  /** Kept for completion and for `expand[]=line_items`; Stripe shows it only when expanded. */
  line_items?: List<CheckoutSessionLineItem>;
}

export interface CheckoutSessionLineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
  /** Kept for the subscription the payment starts (Stripe shows them as `taxes` when expanded). */
  tax_rates: TaxRate[];
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';

/** A tax rate (VAT, say): added to the amounts it is put on, unless `inclusive`. */
export interface TaxRate extends StripeObject {
  object: 'tax_rate';
  active: boolean;
  country: string | null;
  created: UnixSeconds;
  description: string | null;
  display_name: string;
  effective_percentage: number;
  inclusive: boolean;
  jurisdiction: string | null;
  livemode: false;
  metadata: Metadata;
  percentage: number;
  state: null;
  tax_type: string | null;
}

/** A tax on an invoice line or in an invoice's total (API versions since 2025-03-31). */
export interface TaxAmount {
  amount: number;
  tax_behavior: 'exclusive' | 'inclusive';
  tax_rate_details: { tax_rate: string };
  taxability_reason: 'standard_rated';
  taxable_amount: number;
  type: 'tax_rate_details';
}

export interface SubscriptionItem extends StripeObject {
  object: 'subscription_item';
  created: UnixSeconds;
  current_period_start: UnixSeconds;
  current_period_end: UnixSeconds;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: TaxRate[];
}

export interface Subscription extends StripeObject {
  object: 'subscription';
  created: UnixSeconds;
  start_date: UnixSeconds;
  billing_cycle_anchor: UnixSeconds;
  customer: string;
  status: SubscriptionStatus;
  /**
   * Since API version 2025-03-31 Stripe keeps the period on each item; it is kept here as
   * well (the older place) so code reading either finds it.
   */
  current_period_start: UnixSeconds;
  current_period_end: UnixSeconds;
  cancel_at_period_end: boolean;
  cancel_at: UnixSeconds | null;
  canceled_at: UnixSeconds | null;
  ended_at: UnixSeconds | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  currency: string;
  items: List<SubscriptionItem> & { total_count: number };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  quantity: number;
}

export interface InvoiceLine extends StripeObject {
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  period: { start: UnixSeconds; end: UnixSeconds };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
  subscription: string;
  taxes: TaxAmount[];
  livemode: false;
  metadata: Metadata;
}

export interface Invoice extends StripeObject {
  object: 'invoice';
  created: UnixSeconds;
  customer: string;
  customer_email: string | null;
  /** The older place of the subscription id; Stripe now puts it in parent.subscription_details. */
  subscription: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total_excluding_tax: number;
  total_taxes: TaxAmount[];
  total: number;
  /** The customer's balance before and after this invoice (negative: credit the customer holds). */
  starting_balance: number;
  ending_balance: number;
  attempt_count: number;
  attempted: boolean;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: {
    finalized_at: UnixSeconds | null;
    marked_uncollectible_at: null;
    paid_at: UnixSeconds | null;
    voided_at: null;
  };
  next_payment_attempt: UnixSeconds | null;
  number: string;
  period_start: UnixSeconds;
  period_end: UnixSeconds;
  lines: List<InvoiceLine> & { total_count: number };
  hosted_invoice_url: null;
  invoice_pdf: null;
  livemode: false;
  metadata: Metadata;
}

export interface WebhookEndpoint extends StripeObject {
  object: 'webhook_endpoint';
  created: UnixSeconds;
  api_version: string | null;
  application: null;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  status: 'enabled' | 'disabled';
  url: string;
  /** Stripe shows the secret only in the answer to create; lists and retrieves omit it. */
  secret?: string;
}

export interface StripeEvent extends StripeObject {
  object: 'event';
  created: UnixSeconds;
  type: string;
  api_version: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}
