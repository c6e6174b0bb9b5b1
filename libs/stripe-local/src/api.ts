import {
  cancelSubscription,
  createCheckoutSession,
  createCustomer,
  createTaxRate,
  expireCheckoutSession,
  updateCustomer,
  updateSubscription,
} from './billing';
import { invalidRequest, parameterMissing } from './errors';
import { newId } from './ids';
import type { List, StripeObject, WebhookEndpoint } from './model';
import type { Params } from './params';
import { paginate, render } from './render';
import type { RequestOrigin, StripeState } from './state';
import { eventEnabled } from './webhooks';

export interface ApiCall {
  state: StripeState;
  params: Params;
  /** The `:id` of the path, when the route has one. */
  id: string;
  origin: RequestOrigin;
}

type Handler = (call: ApiCall) => StripeObject | List<StripeObject> | Record<string, unknown>;

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  handler: Handler;
}

const ID = '([^/]+)';
const route = (method: Route['method'], path: string, handler: Handler): Route => ({
  method,
  path: new RegExp(`^${path.replace(':id', ID)}$`),
  handler,
});

/** An answer with `expand[]` applied, as every Stripe call allows. */
function answer<T extends StripeObject | List<StripeObject>>({ state, params }: ApiCall, object: T): T {
  return render(object, params.expand(), (id) => state.find(id));
}

function list<T extends StripeObject>(call: ApiCall, items: T[], url: string, filters: string[]): List<T> {
  call.params.only(['limit', 'starting_after', 'ending_before', ...filters]);
  return answer(call, paginate(items, call.params, url));
}

function webhookEndpointParams(call: ApiCall, endpoint: WebhookEndpoint): void {
  const { params } = call;
  const url = params.string('url');
  if (url !== undefined) {
    try {
      new URL(url);
    } catch {
      throw invalidRequest('Invalid URL: URL must be a valid absolute URL', 'url', 'url_invalid');
    }
    endpoint.url = url;
  }
  if (params.has('enabled_events')) {
    const events = params.strings('enabled_events');
    if (events.length === 0)
      throw invalidRequest('enabled_events must contain at least one event', 'enabled_events');
    endpoint.enabled_events = events;
  }
  if (params.has('description')) endpoint.description = params.string('description') ?? null;
  endpoint.metadata = params.metadata('metadata', endpoint.metadata) ?? endpoint.metadata;
  const disabled = params.boolean('disabled');
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
}

/** The /v1 calls this server answers; any other is Stripe's "Unrecognized request URL". */
const ROUTES: Route[] = [
  route('POST', '/v1/customers', (call) =>
    answer(call, createCustomer(call.state, call.params, call.origin)),
  ),
  route('GET', '/v1/customers', (call) => {
    const email = call.params.string('email');
    const items = call.state.customers.newestFirst().filter((customer) => !email || customer.email === email);
    return list(call, items, '/v1/customers', ['email']);
  }),
  route('GET', '/v1/customers/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.customers.require(call.id));
  }),
  route('POST', '/v1/customers/:id', (call) =>
    answer(call, updateCustomer(call.state, call.id, call.params, call.origin)),
  ),

  route('GET', '/v1/products/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.products.require(call.id));
  }),
  route('GET', '/v1/prices', (call) => {
    const product = call.params.string('product');
    const active = call.params.boolean('active');
    const items = call.state.prices
      .newestFirst()
      .filter(
        (price) =>
          (!product || price.product === product) && (active === undefined || price.active === active),
      );
    return list(call, items, '/v1/prices', ['product', 'active', 'type']);
  }),
  route('GET', '/v1/prices/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.prices.require(call.id));
  }),

  route('POST', '/v1/tax_rates', (call) => answer(call, createTaxRate(call.state, call.params))),
  route('GET', '/v1/tax_rates', (call) => {
    const active = call.params.boolean('active');
    const inclusive = call.params.boolean('inclusive');
    const items = call.state.taxRates
      .newestFirst()
      .filter(
        (rate) =>
          (active === undefined || rate.active === active) &&
          (inclusive === undefined || rate.inclusive === inclusive),
      );
    return list(call, items, '/v1/tax_rates', ['active', 'inclusive']);
  }),
  route('GET', '/v1/tax_rates/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.taxRates.require(call.id));
  }),
  route('POST', '/v1/checkout/sessions', (call) =>
    answer(call, createCheckoutSession(call.state, call.params)),
  ),
  route('GET', '/v1/checkout/sessions', (call) => {
    const { params } = call;
    const customer = params.string('customer');
    const subscription = params.string('subscription');
    const status = params.oneOf('status', ['open', 'complete', 'expired'] as const);
    const items = call.state.sessions
      .newestFirst()
      .filter(
        (session) =>
          (!customer || session.customer === customer) &&
          (!subscription || session.subscription === subscription) &&
          (!status || session.status === status),
      );
    return list(call, items, '/v1/checkout/sessions', ['customer', 'subscription', 'status']);
  }),
  route('GET', '/v1/checkout/sessions/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.sessions.require(call.id));
  }),
  route('POST', '/v1/checkout/sessions/:id/expire', (call) => {
    call.params.only([]);
    return answer(call, expireCheckoutSession(call.state, call.state.sessions.require(call.id)));
  }),

  route('GET', '/v1/subscriptions', (call) => {
    const { params } = call;
    const customer = params.string('customer');
    const price = params.string('price');
    const status = params.oneOf('status', [
      'active',
      'past_due',
      'canceled',
      'incomplete',
      'unpaid',
      'all',
    ] as const);
    const items = call.state.subscriptions.newestFirst().filter(
      (subscription) =>
        (!customer || subscription.customer === customer) &&
        (!price || subscription.items.data.some((item) => item.price.id === price)) &&
        // Stripe lists every subscription that is not canceled unless a status is asked for.
        (status === 'all' || (status ? subscription.status === status : subscription.status !== 'canceled')),
    );
    return list(call, items, '/v1/subscriptions', ['customer', 'price', 'status']);
  }),
  route('GET', '/v1/subscriptions/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.subscriptions.require(call.id));
  }),
  route('POST', '/v1/subscriptions/:id', (call) =>
    answer(call, updateSubscription(call.state, call.id, call.params, call.origin)),
  ),
  route('DELETE', '/v1/subscriptions/:id', (call) =>
    answer(call, cancelSubscription(call.state, call.id, call.params, call.origin)),
  ),

  route('GET', '/v1/invoices', (call) => {
    const { params } = call;
    const customer = params.string('customer');
    const subscription = params.string('subscription');
    const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
    const items = call.state.invoices
      .newestFirst()
      .filter(
        (invoice) =>
          (!customer || invoice.customer === customer) &&
          (!subscription || invoice.subscription === subscription) &&
          (!status || invoice.status === status),
      );
    return list(call, items, '/v1/invoices', ['customer', 'subscription', 'status']);
  }),
  route('GET', '/v1/invoices/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.invoices.require(call.id));
  }),

  route('POST', '/v1/webhook_endpoints', (call) => {
    call.params.only(['url', 'enabled_events', 'description', 'metadata', 'api_version'], ['connect']);
    call.params.requiredString('url');
    if (!call.params.has('enabled_events')) throw parameterMissing('enabled_events');
    const endpoint = call.state.endpoints.add({
      id: newId('we_'),
      object: 'webhook_endpoint',
      created: call.state.clock.now(),
      api_version: call.params.string('api_version') ?? null,
      application: null,
      description: null,
      enabled_events: [],
      livemode: false,
      metadata: {},
      status: 'enabled',
      url: '',
      secret: newId('whsec_', 32),
    });
    webhookEndpointParams(call, endpoint);
    return answer(call, endpoint);
  }),
  route('GET', '/v1/webhook_endpoints', (call) =>
    list(call, call.state.endpoints.newestFirst().map(withoutSecret), '/v1/webhook_endpoints', []),
  ),
  route('GET', '/v1/webhook_endpoints/:id', (call) => {
    call.params.only([]);
    return answer(call, withoutSecret(call.state.endpoints.require(call.id)));
  }),
  route('POST', '/v1/webhook_endpoints/:id', (call) => {
    call.params.only(['url', 'enabled_events', 'description', 'metadata', 'disabled']);
    const endpoint = call.state.endpoints.require(call.id);
    webhookEndpointParams(call, endpoint);
    return answer(call, withoutSecret(endpoint));
  }),
  route('DELETE', '/v1/webhook_endpoints/:id', (call) => {
    call.params.only([]);
    call.state.endpoints.require(call.id);
    call.state.endpoints.delete(call.id);
    return { id: call.id, object: 'webhook_endpoint', deleted: true };
  }),

  route('GET', '/v1/events', (call) => {
    const { params } = call;
    const type = params.string('type');
    const types = params.strings('types');
    if (type && types.length)
      throw invalidRequest('You may only specify one of these parameters: type, types.', 'types');
    const wanted = type ? [type] : types;
    const items = call.state.events
      .newestFirst()
      .filter((event) => !wanted.length || eventEnabled(wanted, event.type));
    return list(call, items, '/v1/events', ['type', 'types']);
  }),
  route('GET', '/v1/events/:id', (call) => {
    call.params.only([]);
    return answer(call, call.state.events.require(call.id));
  }),
];

function withoutSecret(endpoint: WebhookEndpoint): WebhookEndpoint {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

export type ApiMatch = { handler: Handler; id: string } | undefined;

export function matchRoute(method: string, path: string): ApiMatch {
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const match = candidate.path.exec(path);
    if (match) return { handler: candidate.handler, id: decodeURIComponent(match[1] ?? '') };
  }
  return undefined;
}
