import { periodEnd, type UnixSeconds } from './clock';
import { invalidRequest, parameterMissing, resourceMissing } from './errors';
import { newId } from './ids';
import type {
  CheckoutSession,
  Customer,
  Invoice,
  Metadata,
  Price,
  StripeEvent,
  Subscription,
  SubscriptionItem,
  TaxAmount,
  TaxRate,
} from './model';
import { Params } from './params';
import { NO_REQUEST, previousAttributes, type RequestOrigin, type StripeState } from './state';

/** Stripe's hosted checkout sessions stay open for a day. */
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
/** Stripe's test card that is always declined (generic_decline). */
export const DECLINED_TEST_CARD = '4000000000000002';

// Tax rates

/** POST /v1/tax_rates: a rate added to (or, inclusive, contained in) the amounts it is put on. */
export function createTaxRate(state: StripeState, params: Params): TaxRate {
  params.only([
    'display_name',
    'percentage',
    'inclusive',
    'active',
    'country',
    'jurisdiction',
    'description',
    'tax_type',
    'metadata',
  ]);
  const percentageText = params.requiredString('percentage');
  const percentage = Number(percentageText);
  if (!/^\d+(\.\d{1,4})?$/.test(percentageText) || percentage > 100)
    throw invalidRequest('Invalid decimal: percentage must be from 0 to 100.', 'percentage');
  const inclusive = params.boolean('inclusive');
  if (inclusive === undefined) throw parameterMissing('inclusive');
  return state.addTaxRate({
    id: newId('txr_'),
    display_name: params.requiredString('display_name'),
    percentage,
    inclusive,
    active: params.boolean('active'),
    country: params.string('country'),
    jurisdiction: params.string('jurisdiction'),
    description: params.string('description'),
    tax_type: params.string('tax_type'),
    metadata: params.metadata('metadata'),
  });
}

/** The tax `rates` put on `amount` (exclusive rates add to it; inclusive ones are part of it). */
function taxesOn(amount: number, rates: readonly TaxRate[]): TaxAmount[] {
  return rates.map((rate) => {
    const tax = rate.inclusive
      ? Math.round(amount - amount / (1 + rate.percentage / 100))
      : Math.round((amount * rate.percentage) / 100);
    return {
      amount: tax,
      tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
      tax_rate_details: { tax_rate: rate.id },
      taxability_reason: 'standard_rated',
      taxable_amount: rate.inclusive ? amount - tax : amount,
      type: 'tax_rate_details',
    };
  });
}

/** What exclusive taxes add to an amount. */
const addedTax = (taxes: readonly TaxAmount[]) =>
  taxes.reduce((sum, tax) => sum + (tax.tax_behavior === 'exclusive' ? tax.amount : 0), 0);

// Customers

export function createCustomer(state: StripeState, params: Params, origin: RequestOrigin): Customer {
  params.only(['email', 'name', 'description', 'phone', 'metadata'], ['preferred_locales', 'address']);
  const customer = state.customers.add({
    id: newId('cus_', 14),
    object: 'customer',
    created: state.clock.now(),
    email: params.string('email') ?? null,
    name: params.string('name') ?? null,
    description: params.string('description') ?? null,
    phone: params.string('phone') ?? null,
    address: null,
    balance: 0,
    currency: null,
    delinquent: false,
    invoice_prefix: newId('', 8).toUpperCase(),
    livemode: false,
    metadata: params.metadata('metadata') ?? {},
  });
  state.emit('customer.created', customer, { origin });
  return customer;
}

export function updateCustomer(
  state: StripeState,
  id: string,
  params: Params,
  origin: RequestOrigin,
): Customer {
  params.only(['email', 'name', 'description', 'phone', 'metadata'], ['preferred_locales', 'address']);
  const customer = state.customers.require(id);
  const before = structuredClone(customer);
  if (params.has('email')) customer.email = params.string('email') ?? null;
  if (params.has('name')) customer.name = params.string('name') ?? null;
  if (params.has('description')) customer.description = params.string('description') ?? null;
  if (params.has('phone')) customer.phone = params.string('phone') ?? null;
  customer.metadata = params.metadata('metadata', customer.metadata) ?? customer.metadata;
  state.emit('customer.updated', customer, { previous: previousAttributes(before, customer), origin });
  return customer;
}

// Checkout

const SESSION_IGNORED = [
  'payment_method_types',
  'allow_promotion_codes',
  'billing_address_collection',
  'locale',
  'ui_mode',
  'customer_update',
  'automatic_tax',
  'tax_id_collection',
  'payment_method_collection',
  'consent_collection',
  'submit_type',
];

export function createCheckoutSession(state: StripeState, params: Params): CheckoutSession {
  params.only(
    [
      'mode',
      'customer',
      'customer_email',
      'line_items',
      'success_url',
      'cancel_url',
      'client_reference_id',
      'metadata',
      'subscription_data',
    ],
    SESSION_IGNORED,
  );
  const mode = params.oneOf('mode', ['payment', 'setup', 'subscription'] as const);
  if (!mode) throw parameterMissing('mode');
  if (mode !== 'subscription') {
    throw invalidRequest(`The local Stripe supports mode=subscription only, not mode=${mode}.`, 'mode');
  }
  const customerId = params.string('customer');
  if (customerId) state.customers.require(customerId, 'customer', 400);
  const customerEmail = params.string('customer_email');
  if (customerId && customerEmail) {
    throw invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  }
  const lines = params.list('line_items');
  if (lines.length === 0) throw parameterMissing('line_items');
  const items = lines.map((line) => {
    line.only(['price', 'quantity', 'tax_rates']);
    const price = state.prices.require(line.requiredString('price'), line.name('price'), 400);
    const quantity = line.integer('quantity') ?? 1;
    if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', line.name('quantity'));
    const taxRates = line.strings('tax_rates').map((id) => {
      const rate = state.taxRates.require(id, line.name('tax_rates'), 400);
      if (!rate.active) throw invalidRequest(`Tax rate ${id} is not active.`, line.name('tax_rates'));
      return rate;
    });
    return { price, quantity, taxRates };
  });
  const currencies = new Set(items.map((item) => item.price.currency));
  const intervals = new Set(items.map((item) => item.price.recurring.interval));
  if (currencies.size > 1 || intervals.size > 1) {
    throw invalidRequest(
      'All prices of a subscription must have the same currency and interval.',
      'line_items',
    );
  }
  const successUrl = params.requiredString('success_url');
  assertUrl(successUrl.replaceAll('{CHECKOUT_SESSION_ID}', 'cs'), 'success_url');
  const cancelUrl = params.string('cancel_url') ?? null;
  if (cancelUrl) assertUrl(cancelUrl, 'cancel_url');
  const subscriptionData = params.child('subscription_data');
  subscriptionData.only(['metadata'], ['description', 'proration_behavior', 'billing_cycle_anchor']);
  const id = newId('cs_test_', 58);
  const now = state.clock.now();
  const lineItems = items.map(({ price, quantity, taxRates }) => {
    const subtotal = price.unit_amount * quantity;
    const taxes = taxesOn(subtotal, taxRates);
    return {
      id: newId('li_'),
      object: 'item' as const,
      amount_subtotal: subtotal,
      amount_tax: taxes.reduce((sum, tax) => sum + tax.amount, 0),
      amount_total: subtotal + addedTax(taxes),
      currency: price.currency,
      description: state.products.get(price.product)?.name ?? price.id,
      price: structuredClone(price),
      quantity,
      tax_rates: taxRates.map((rate) => structuredClone(rate)),
    };
  });
  const amount = lineItems.reduce((sum, item) => sum + item.amount_subtotal, 0);
  const amountTax = lineItems.reduce((sum, item) => sum + item.amount_tax, 0);
  const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const session = state.sessions.add({
    id,
    object: 'checkout.session',
    created: now,
    expires_at: now + SESSION_LIFETIME_SECONDS,
    mode,
    status: 'open',
    payment_status: 'unpaid',
    customer: customerId ?? null,
    customer_email: customerEmail ?? null,
    customer_details: null,
    client_reference_id: params.string('client_reference_id') ?? null,
    metadata: params.metadata('metadata') ?? {},
    success_url: successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
    cancel_url: cancelUrl,
    url: `${state.publicUrl()}/c/pay/${id}`,
    subscription: null,
    invoice: null,
    currency: items[0].price.currency,
    amount_subtotal: amount,
    amount_total: amountTotal,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: amountTax },
    livemode: false,
    locale: null,
    ui_mode: 'hosted',
    line_items: {
      object: 'list',
      has_more: false,
      url: `/v1/checkout/sessions/${id}/line_items`,
      data: lineItems,
    },
  });
  state.sessionSubscriptionMetadata.set(id, subscriptionData.metadata('metadata') ?? {});
  return session;
}

function assertUrl(value: string, param: string): void {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return;
  } catch {
    // reported below
  }
  throw invalidRequest('Not a valid URL', param, 'url_invalid');
}

export type PayResult = { ok: true; session: CheckoutSession } | { ok: false; message: string };

/**
 * The Pay button of the hosted page: the card is charged, the subscription starts now
 * for one interval, and the session completes, with the events Stripe sends for it.
 */
export function payCheckoutSession(
  state: StripeState,
  session: CheckoutSession,
  cardNumber: string,
): PayResult {
  if (session.status !== 'open') return { ok: false, message: 'This checkout session is no longer open.' };
  const card = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(card)) return { ok: false, message: 'Your card number is invalid.' };
  if (card === DECLINED_TEST_CARD) return { ok: false, message: 'Your card was declined.' };
  const customer = session.customer
    ? state.customers.require(session.customer)
    : createCustomer(
        state,
        new Params(session.customer_email ? { email: session.customer_email } : {}),
        NO_REQUEST,
      );
  const items = session.line_items?.data ?? [];
  const { subscription, invoice } = startSubscription(
    state,
    customer,
    items.map((item) => ({
      price: state.prices.require(item.price.id),
      quantity: item.quantity,
      taxRates: item.tax_rates.map((rate) => state.taxRates.require(rate.id)),
    })),
    state.sessionSubscriptionMetadata.get(session.id) ?? {},
  );
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    customer_details: { email: customer.email, name: customer.name },
    subscription: subscription.id,
    invoice: invoice.id,
    url: null,
  } satisfies Partial<CheckoutSession>);
  state.emit('checkout.session.completed', session);
  return { ok: true, session };
}

export function expireCheckoutSession(
  state: StripeState,
  session: CheckoutSession,
  at?: UnixSeconds,
): CheckoutSession {
  if (session.status !== 'open') {
    throw invalidRequest('Only Checkout Sessions with a status of `open` can be expired.');
  }
  session.status = 'expired';
  session.url = null;
  state.emit('checkout.session.expired', session, { at });
  return session;
}

// Subscriptions

function startSubscription(
  state: StripeState,
  customer: Customer,
  items: { price: Price; quantity: number; taxRates: TaxRate[] }[],
  metadata: Metadata,
): { subscription: Subscription; invoice: Invoice } {
  const now = state.clock.now();
  const interval = items[0].price.recurring.interval;
  const end = periodEnd(now, interval, 1);
  const id = newId('sub_');
  const subscription = state.subscriptions.add({
    id,
    object: 'subscription',
    created: now,
    start_date: now,
    billing_cycle_anchor: now,
    customer: customer.id,
    status: 'active',
    current_period_start: now,
    current_period_end: end,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    currency: items[0].price.currency,
    items: {
      object: 'list',
      has_more: false,
      total_count: items.length,
      url: `/v1/subscription_items?subscription=${id}`,
      data: items.map(({ price, quantity, taxRates }): SubscriptionItem => ({
        id: newId('si_', 14),
        object: 'subscription_item',
        created: now,
        current_period_start: now,
        current_period_end: end,
        metadata: {},
        price: structuredClone(price),
        quantity,
        subscription: id,
        tax_rates: taxRates.map((rate) => structuredClone(rate)),
      })),
    },
    latest_invoice: null,
    livemode: false,
    metadata,
    quantity: items[0].quantity,
  });
  const invoice = createInvoice(state, subscription, customer, 'subscription_create', now);
  subscription.latest_invoice = invoice.id;
  markPaid(invoice, now);
  state.emit('customer.subscription.created', subscription);
  state.emit('invoice.paid', invoice);
  state.emit('invoice.payment_succeeded', invoice);
  return { subscription, invoice };
}

/** What a subscription item costs for one period, in the currency's smallest unit. */
const itemAmount = (item: SubscriptionItem) => item.price.unit_amount * item.quantity;

/** What all of a subscription's items cost for one period. */
function periodAmount(subscription: Subscription): number {
  return subscription.items.data.reduce((sum, item) => sum + itemAmount(item), 0);
}

/** The taxes of several lines, one entry per tax rate. */
function mergeTaxes(taxes: readonly TaxAmount[]): TaxAmount[] {
  const byRate = new Map<string, TaxAmount>();
  for (const tax of taxes) {
    const known = byRate.get(tax.tax_rate_details.tax_rate);
    if (known) {
      known.amount += tax.amount;
      known.taxable_amount += tax.taxable_amount;
    } else
      byRate.set(tax.tax_rate_details.tax_rate, { ...tax, tax_rate_details: { ...tax.tax_rate_details } });
  }
  return [...byRate.values()];
}

/** A line of an invoice that is not a period of the subscription's items (a proration). */
interface ExtraLine {
  amount: number;
  description: string;
  period: { start: UnixSeconds; end: UnixSeconds };
}

/**
 * An invoice of the subscription: a period of its items, or `extra` lines instead. As Stripe
 * does, the customer's credit (a negative balance) pays what it can of a positive total, and a
 * negative total (a credit) goes to the balance, the invoice then owing nothing.
 */
function createInvoice(
  state: StripeState,
  subscription: Subscription,
  customer: Customer,
  reason: Invoice['billing_reason'],
  at: UnixSeconds,
  extra?: ExtraLine[],
): Invoice {
  const id = newId('in_');
  // Each line is taxed at its item's rates (an extra line at the first item's, as a proration is).
  const rates = subscription.items.data[0]?.tax_rates ?? [];
  const subtotal = extra ? extra.reduce((sum, line) => sum + line.amount, 0) : periodAmount(subscription);
  const lineTaxes = extra
    ? extra.map((line) => taxesOn(line.amount, rates))
    : subscription.items.data.map((item) => taxesOn(itemAmount(item), item.tax_rates));
  const totalTaxes = mergeTaxes(lineTaxes.flat());
  const total = subtotal + addedTax(totalTaxes);
  const startingBalance = customer.balance;
  const fromBalance = total > 0 ? Math.min(total, Math.max(0, -startingBalance)) : total;
  customer.balance = startingBalance + fromBalance;
  const due = total - fromBalance;
  const itemLines = subscription.items.data.map((item, index) => ({
    id: newId('il_'),
    object: 'line_item' as const,
    amount: itemAmount(item),
    currency: item.price.currency,
    description: describeItem(state, item),
    invoice: id,
    period: { start: item.current_period_start, end: item.current_period_end },
    pricing: {
      type: 'price_details' as const,
      price_details: { price: item.price.id, product: item.price.product },
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity,
    subscription: subscription.id,
    taxes: lineTaxes[index] ?? [],
    livemode: false as const,
    metadata: {},
  }));
  const lines = extra
    ? extra.map((line, index) => ({
        ...itemLines[0],
        id: newId('il_'),
        amount: line.amount,
        description: line.description,
        period: line.period,
        quantity: 1,
        taxes: lineTaxes[index],
      }))
    : itemLines;
  return state.invoices.add({
    id,
    object: 'invoice',
    created: at,
    customer: customer.id,
    customer_email: customer.email,
    subscription: subscription.id,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    billing_reason: reason,
    collection_method: 'charge_automatically',
    currency: subscription.currency,
    amount_due: due,
    amount_paid: 0,
    amount_remaining: due,
    subtotal,
    total_excluding_tax:
      subtotal -
      totalTaxes.reduce((sum, tax) => sum + (tax.tax_behavior === 'inclusive' ? tax.amount : 0), 0),
    total_taxes: totalTaxes,
    total,
    starting_balance: startingBalance,
    ending_balance: customer.balance,
    attempt_count: 0,
    attempted: false,
    status: 'open',
    status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    next_payment_attempt: at,
    number: state.nextInvoiceNumber(customer),
    period_start: subscription.current_period_start,
    period_end: subscription.current_period_end,
    lines: {
      object: 'list',
      has_more: false,
      total_count: lines.length,
      url: `/v1/invoices/${id}/lines`,
      data: lines,
    },
    hosted_invoice_url: null,
    invoice_pdf: null,
    livemode: false,
    metadata: {},
  });
}

function markPaid(invoice: Invoice, at: UnixSeconds): void {
  invoice.status = 'paid';
  invoice.attempted = true;
  invoice.attempt_count += 1;
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = at;
}

const SUBSCRIPTION_UPDATE_IGNORED = ['proration_behavior', 'payment_behavior', 'billing_cycle_anchor'];

export function updateSubscription(
  state: StripeState,
  id: string,
  params: Params,
  origin: RequestOrigin,
): Subscription {
  params.only(
    ['cancel_at', 'cancel_at_period_end', 'metadata', 'items', 'cancellation_details'],
    SUBSCRIPTION_UPDATE_IGNORED,
  );
  const subscription = state.subscriptions.require(id);
  const before = structuredClone(subscription);
  const changesBilling = ['cancel_at', 'cancel_at_period_end', 'items'].find((key) => params.has(key));
  if (subscription.status === 'canceled' && changesBilling) {
    throw invalidRequest(
      'A canceled subscription can only update its cancellation_details and metadata.',
      changesBilling,
    );
  }
  if (params.has('cancel_at')) {
    if (params.has('cancel_at_period_end'))
      throw invalidRequest(
        'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
        'cancel_at',
      );
    // A date of its own (the Dashboard's 'cancel on a custom date'), or '' to take it back.
    const cancelAt = params.integer('cancel_at') ?? null;
    const now = state.clock.now();
    if (cancelAt !== null && cancelAt <= now)
      throw invalidRequest('cancel_at must be in the future.', 'cancel_at');
    subscription.cancel_at = cancelAt;
    subscription.cancel_at_period_end = false;
    subscription.canceled_at = cancelAt === null ? null : now;
    subscription.cancellation_details.reason = cancelAt === null ? null : 'cancellation_requested';
  }
  const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    const now = state.clock.now();
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd ? subscription.current_period_end : null;
    // Stripe sets canceled_at when the cancellation is requested, not when it takes effect.
    subscription.canceled_at = cancelAtPeriodEnd ? now : null;
    subscription.cancellation_details.reason = cancelAtPeriodEnd ? 'cancellation_requested' : null;
  }
  const details = params.child('cancellation_details');
  details.only(['comment', 'feedback']);
  if (details.has('comment')) subscription.cancellation_details.comment = details.string('comment') ?? null;
  if (details.has('feedback'))
    subscription.cancellation_details.feedback = details.string('feedback') ?? null;
  subscription.metadata = params.metadata('metadata', subscription.metadata) ?? subscription.metadata;
  for (const itemParams of params.list('items')) {
    itemParams.only(['id', 'price', 'quantity'], ['metadata']);
    // Without an id Stripe adds an item; the local Stripe only changes the ones there are.
    const itemId = itemParams.string('id');
    if (!itemId)
      throw invalidRequest(
        'The local Stripe changes existing items only: pass their id.',
        itemParams.name('id'),
      );
    const item = subscription.items.data.find((candidate) => candidate.id === itemId);
    if (!item) throw resourceMissing('subscription item', itemId, itemParams.name('id'), 400);
    const priceId = itemParams.string('price');
    if (priceId) {
      const price = state.prices.require(priceId, itemParams.name('price'), 400);
      if (
        price.recurring.interval !== item.price.recurring.interval ||
        price.currency !== item.price.currency
      ) {
        throw invalidRequest(
          'The new price must have the same currency and interval as the subscription.',
          itemParams.name('price'),
        );
      }
      item.price = structuredClone(price);
    }
    const quantity = itemParams.integer('quantity');
    if (quantity !== undefined) {
      if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', itemParams.name('quantity'));
      item.quantity = quantity;
      subscription.quantity = subscription.items.data[0].quantity;
    }
  }
  const previous = previousAttributes(before, subscription);
  if (Object.keys(previous).length > 0) {
    state.emit('customer.subscription.updated', subscription, { previous, origin });
  }
  return subscription;
}

/** DELETE /v1/subscriptions/:id: ends the subscription now. */
export function cancelSubscription(
  state: StripeState,
  id: string,
  params: Params,
  origin: RequestOrigin,
): Subscription {
  params.only(['cancellation_details', 'invoice_now', 'prorate']);
  const subscription = state.subscriptions.require(id);
  if (subscription.status === 'canceled') {
    throw invalidRequest('This subscription has been canceled already.', 'id');
  }
  const now = state.clock.now();
  const credit = params.boolean('prorate') ? unusedCredit(subscription, now) : 0;
  const details = params.child('cancellation_details');
  details.only(['comment', 'feedback']);
  subscription.status = 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  subscription.cancel_at_period_end = false;
  subscription.cancel_at = null;
  subscription.cancellation_details = {
    comment: details.string('comment') ?? subscription.cancellation_details.comment,
    feedback: details.string('feedback') ?? subscription.cancellation_details.feedback,
    reason: 'cancellation_requested',
  };
  state.emit('customer.subscription.deleted', subscription, { origin });
  if (credit > 0) {
    const customer = state.customers.require(subscription.customer);
    const line: ExtraLine = {
      amount: -credit,
      description: `Unused time on ${describeItem(state, subscription.items.data[0])}`,
      period: { start: now, end: subscription.current_period_end },
    };
    if (params.boolean('invoice_now')) {
      // The final invoice: its credit goes to the customer's balance, for their next invoice.
      const invoice = createInvoice(state, subscription, customer, 'subscription_update', now, [line]);
      subscription.latest_invoice = invoice.id;
      markPaid(invoice, now);
      state.emit('invoice.paid', invoice, { origin });
    } else {
      // Stripe keeps the proration as a pending invoice item for the customer's next invoice;
      // this stand-in keeps it as credit in the balance, which that invoice spends the same way.
      customer.balance -= credit + addedTax(taxesOn(credit, subscription.items.data[0]?.tax_rates ?? []));
    }
  }
  return subscription;
}

/**
 * The unused part of the current period, prorated to the second: what Stripe credits when a
 * subscription is cancelled with `prorate`, from the price, whether or not the period was paid.
 */
function unusedCredit(subscription: Subscription, now: UnixSeconds): number {
  const { current_period_start: start, current_period_end: end } = subscription;
  if (now >= end || end <= start) return 0;
  return Math.round((periodAmount(subscription) * (end - now)) / (end - start));
}

/** An invoice line's words for a subscription item: '1 × Teams Edition'. */
function describeItem(state: StripeState, item: SubscriptionItem): string {
  return `${item.quantity} × ${state.products.get(item.price.product)?.name ?? item.price.id}`;
}

// The clock

/**
 * Moves the clock to `to` and does what Stripe does on the way, in time order: each
 * subscription whose period ends is renewed (an invoice, paid or declined) or, when it was
 * set to cancel at period end, ended; open checkout sessions past their expiry expire.
 */
export function advanceClock(state: StripeState, to: UnixSeconds): StripeEvent[] {
  state.clock.moveTo(to);
  const eventsBefore = state.events.size;
  for (;;) {
    const due = nextDue(state, to);
    if (!due) break;
    if (due.kind === 'session') expireCheckoutSession(state, due.session, due.at);
    else renewOrEnd(state, due.subscription, due.at);
  }
  return state.events.oldestFirst().slice(eventsBefore);
}

type Due =
  | { kind: 'session'; at: UnixSeconds; session: CheckoutSession }
  | { kind: 'subscription'; at: UnixSeconds; subscription: Subscription };

function nextDue(state: StripeState, now: UnixSeconds): Due | undefined {
  const candidates: Due[] = [];
  for (const session of state.sessions.newestFirst()) {
    if (session.status === 'open' && session.expires_at <= now) {
      candidates.push({ kind: 'session', at: session.expires_at, session });
    }
  }
  for (const subscription of state.subscriptions.newestFirst()) {
    if (subscription.status === 'canceled') continue;
    // A cancel_at before the period's end ends the subscription then, not at the renewal.
    const at = Math.min(subscription.current_period_end, subscription.cancel_at ?? Infinity);
    if (at <= now) candidates.push({ kind: 'subscription', at, subscription });
  }
  return candidates.sort((a, b) => a.at - b.at)[0];
}

function renewOrEnd(state: StripeState, subscription: Subscription, at: UnixSeconds): void {
  if (
    subscription.cancel_at_period_end ||
    (subscription.cancel_at !== null && subscription.cancel_at <= at)
  ) {
    subscription.status = 'canceled';
    subscription.ended_at = at;
    state.emit('customer.subscription.deleted', subscription, { at });
    return;
  }
  const before = structuredClone(subscription);
  const interval = subscription.items.data[0].price.recurring.interval;
  const start = subscription.current_period_end;
  let count = 1;
  while (periodEnd(subscription.billing_cycle_anchor, interval, count) <= start) count += 1;
  const end = periodEnd(subscription.billing_cycle_anchor, interval, count);
  subscription.current_period_start = start;
  subscription.current_period_end = end;
  for (const item of subscription.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
  const customer = state.customers.require(subscription.customer);
  const invoice = createInvoice(state, subscription, customer, 'subscription_cycle', at);
  subscription.latest_invoice = invoice.id;
  const declined = state.failNextPayment.has(subscription.id) || state.failNextPayment.has(customer.id);
  if (declined) {
    state.failNextPayment.delete(subscription.id);
    state.failNextPayment.delete(customer.id);
    invoice.attempted = true;
    invoice.attempt_count = 1;
    invoice.next_payment_attempt = null;
    subscription.status = 'past_due';
    state.emit('customer.subscription.updated', subscription, {
      previous: previousAttributes(before, subscription),
      at,
    });
    state.emit('invoice.payment_failed', invoice, { at });
    return;
  }
  markPaid(invoice, at);
  subscription.status = 'active';
  state.emit('customer.subscription.updated', subscription, {
    previous: previousAttributes(before, subscription),
    at,
  });
  state.emit('invoice.paid', invoice, { at });
  state.emit('invoice.payment_succeeded', invoice, { at });
}
