import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchRoute } from './api';
import { advanceClock, payCheckoutSession } from './billing';
import { checkoutPage, closedPage } from './checkout-page';
import type { UnixSeconds } from './clock';
import { invalidRequest, StripeApiError } from './errors';
import { FormSyntaxError, parseForm } from './form';
import { newId } from './ids';
import type { StripeEvent } from './model';
import { Params } from './params';
import { DEFAULT_VAT_TAX_RATE_ID, defaultPrices } from './prices';
import { StripeState, type PriceConfig, type RequestOrigin } from './state';
import { eventEnabled, WebhookDispatcher, type DeliveryAttempt, type WebhookTarget } from './webhooks';

/** The API version events and answers carry (the one of the `stripe` package in use here). */
export const LOCAL_STRIPE_API_VERSION = '2026-10-28.endive';
const MAX_BODY_BYTES = 1024 * 1024;

export interface LocalStripeOptions {
  /** 0 (the default) lets the OS pick a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Where browsers reach the server (the checkout page links); default http://<host>:<port>. */
  publicUrl?: string;
  /** The key callers must send as `Authorization: Bearer <key>`; default a random sk_test_ key. */
  secretKey?: string;
  /** Receives every event, signed with webhookSecret, besides the endpoints created through the API. */
  webhookUrl?: string;
  /** Default a random whsec_ secret. */
  webhookSecret?: string;
  /** The prices the server knows; default the paid plans of @planted/domain (see prices.ts). */
  prices?: PriceConfig[];
  /** Waits before each retry of a failed webhook delivery; default 1 s, 5 s, 25 s, 2 min. */
  webhookRetryDelaysMs?: number[];
  webhookTimeoutMs?: number;
  /** Told about each webhook delivery attempt (main.ts logs them). */
  onDelivery?: (attempt: DeliveryAttempt) => void;
}

export interface LocalStripe {
  /** http://host:port, for `new Stripe(key, {host, port, protocol})` or plain HTTP. */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  clock: {
    /** The server's time, unix seconds. */
    now(): UnixSeconds;
    /** Moves the clock on, renewing or ending subscriptions on the way; answers the events that made. */
    advance(seconds: number): StripeEvent[];
    advanceTo(to: UnixSeconds): StripeEvent[];
  };
  /** The next renewal payment of this customer or subscription is declined. */
  failNextPayment(customerOrSubscriptionId: string): void;
  /**
   * The next `times` API calls of this method and path (e.g. 'DELETE', '/v1/subscriptions/sub_…')
   * fail as Stripe's do when it has trouble of its own: 500 `api_error`, with
   * `Stripe-Should-Retry: false` so the SDK does not retry them. For testing what a caller does
   * when a call fails.
   */
  failRequests(method: string, path: string, times?: number): void;
  /** Every webhook delivery attempt so far, oldest first. */
  deliveries(): DeliveryAttempt[];
  /** Resolves once every webhook has been delivered or has used up its retries. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/** The HTTP answer to an API call, kept as sent so an idempotent replay sends it again. */
interface Answer {
  status: number;
  body: string;
}

interface IdempotentRecord {
  fingerprint: string;
  answer: Answer;
}

export async function startLocalStripe(options: LocalStripeOptions = {}): Promise<LocalStripe> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? newId('sk_test_', 32);
  const webhookSecret = options.webhookSecret ?? newId('whsec_', 32);
  let publicUrl = options.publicUrl ?? '';
  const dispatcher = new WebhookDispatcher({
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 5_000, 25_000, 120_000],
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    log: (attempt) => {
      if (attempt.ok) {
        const event = state.events.get(attempt.eventId);
        if (event) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
      }
      options.onDelivery?.(attempt);
    },
  });
  const targets = (type: string): WebhookTarget[] => [
    ...(options.webhookUrl ? [{ id: 'start', url: options.webhookUrl, secret: webhookSecret }] : []),
    ...state.endpoints
      .oldestFirst()
      .filter((endpoint) => endpoint.status === 'enabled' && eventEnabled(endpoint.enabled_events, type))
      .map((endpoint) => ({ id: endpoint.id, url: endpoint.url, secret: endpoint.secret! })),
  ];
  const state: StripeState = new StripeState(
    LOCAL_STRIPE_API_VERSION,
    () => publicUrl,
    (event) => {
      const to = targets(event.type);
      event.pending_webhooks = to.length;
      dispatcher.deliver(event, to);
    },
  );
  state.addPrices(options.prices ?? defaultPrices());
  state.addTaxRate({
    id: DEFAULT_VAT_TAX_RATE_ID,
    display_name: 'VAT',
    description: 'UK VAT',
    percentage: 20,
    inclusive: false,
    country: 'GB',
    jurisdiction: 'GB',
    tax_type: 'vat',
  });
  const idempotent = new Map<string, IdempotentRecord>();
  /** `METHOD path` → how many more calls to fail (failRequests). */
  const failing = new Map<string, number>();

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const failure = new StripeApiError(500, 'api_error', `The local Stripe failed: ${String(err)}`);
      if (!res.headersSent) sendJson(res, 500, JSON.stringify(failure.toBody(), null, 2));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/v1/')) return api(req, res, url, method);
    const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay && (method === 'GET' || method === 'POST'))
      return checkout(req, res, decodeURIComponent(pay[1]), method);
    if (url.pathname.startsWith('/_local/')) return local(req, res, url.pathname, method);
    if (url.pathname === '/healthz' && method === 'GET') return sendJson(res, 200, '{"ok":true}');
    sendJson(res, 404, JSON.stringify(unrecognized(method, url.pathname).toBody(), null, 2));
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
    const requestId = newId('req_', 14);
    res.setHeader('request-id', requestId);
    res.setHeader('stripe-version', header(req, 'stripe-version') ?? LOCAL_STRIPE_API_VERSION);
    const body = await readBody(req);
    const send = ({ status, body: text }: Answer) => sendJson(res, status, text);
    const keyError = checkKey(header(req, 'authorization'));
    if (keyError) return send(errorAnswer(keyError));
    const failures = failing.get(`${method} ${url.pathname}`);
    if (failures) {
      if (failures > 1) failing.set(`${method} ${url.pathname}`, failures - 1);
      else failing.delete(`${method} ${url.pathname}`);
      res.setHeader('stripe-should-retry', 'false');
      return send(
        errorAnswer(
          new StripeApiError(
            500,
            'api_error',
            'An unknown error occurred (failed on purpose by failRequests).',
          ),
        ),
      );
    }
    const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
    const fingerprint = `${method} ${url.pathname}?${url.search}\n${body}`;
    if (idempotencyKey) {
      const previous = idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          return send(
            errorAnswer(
              new StripeApiError(
                400,
                'idempotency_error',
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              ),
            ),
          );
        }
        res.setHeader('idempotent-replayed', 'true');
        return send(previous.answer);
      }
    }
    const answer = run(method, url, body, { id: requestId, idempotencyKey });
    // Stripe keeps the answer of a call that ran; a refused one may be sent again corrected.
    if (idempotencyKey && answer.status < 400) idempotent.set(idempotencyKey, { fingerprint, answer });
    if (idempotencyKey) res.setHeader('idempotency-key', idempotencyKey);
    send(answer);
  }

  function run(method: string, url: URL, body: string, origin: RequestOrigin): Answer {
    try {
      const match = matchRoute(method, url.pathname);
      if (!match) throw unrecognized(method, url.pathname);
      const params = new Params({ ...parseForm(url.search.slice(1)), ...parseForm(body) });
      const result = match.handler({ state, params, id: match.id, origin });
      return { status: 200, body: JSON.stringify(result, null, 2) };
    } catch (err) {
      if (err instanceof FormSyntaxError) return errorAnswer(invalidRequest(err.message, err.param));
      if (err instanceof StripeApiError) return errorAnswer(err);
      throw err;
    }
  }

  function checkKey(authorization: string | undefined): StripeApiError | undefined {
    let key: string | undefined;
    if (authorization?.startsWith('Bearer ')) key = authorization.slice('Bearer '.length).trim();
    else if (authorization?.startsWith('Basic ')) {
      key = Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8').split(':')[0];
    }
    if (!key) {
      return new StripeApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key !== secretKey) {
      const shown =
        key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
      return new StripeApiError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${shown}`,
        'api_key_invalid',
      );
    }
    return undefined;
  }

  async function checkout(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    method: string,
  ): Promise<void> {
    const session = state.sessions.get(id);
    if (!session) return sendHtml(res, 404, closedPage('This checkout page does not exist.'));
    if (session.status === 'complete') {
      return sendHtml(res, 410, closedPage('This checkout session has been paid already.'));
    }
    if (session.status === 'expired') {
      return sendHtml(res, 410, closedPage('This checkout session has expired.'));
    }
    const firstItem = session.line_items!.data[0];
    const customer = session.customer ? state.customers.get(session.customer) : undefined;
    const view = {
      session,
      productName: firstItem.description,
      interval: firstItem.price.recurring.interval,
      email: customer?.email ?? session.customer_email,
    };
    if (method === 'GET') return sendHtml(res, 200, checkoutPage(view));
    const form = new URLSearchParams(await readBody(req));
    const cardNumber = form.get('card_number') ?? '';
    const result = payCheckoutSession(state, session, cardNumber);
    if (!result.ok) return sendHtml(res, 402, checkoutPage({ ...view, error: result.message, cardNumber }));
    res.writeHead(303, { location: result.session.success_url, 'cache-control': 'no-store' }).end();
  }

  async function local(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    method: string,
  ): Promise<void> {
    const reply = (status: number, value: unknown) => sendJson(res, status, JSON.stringify(value, null, 2));
    const fail = (message: string) => reply(400, { error: { type: 'invalid_request_error', message } });
    if (path === '/_local/clock' && method === 'GET') return reply(200, { now: state.clock.now() });
    if (path === '/_local/webhook-deliveries' && method === 'GET') return reply(200, dispatcher.history());
    if (method !== 'POST') return reply(404, unrecognized(method, path).toBody());
    let input: Record<string, unknown>;
    try {
      const text = await readBody(req);
      input = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return fail('The body must be JSON.');
    }
    if (path === '/_local/clock/advance') {
      const { seconds, to } = input;
      let target: number;
      if (typeof to === 'number') target = to;
      else if (typeof seconds === 'number' && seconds >= 0) target = state.clock.now() + seconds;
      else return fail('Give {"seconds": n} (n ≥ 0) or {"to": unix seconds}.');
      try {
        const events = advanceClock(state, Math.floor(target));
        return reply(200, {
          now: state.clock.now(),
          events: events.map(({ id, type, created }) => ({ id, type, created })),
        });
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err));
      }
    }
    if (path === '/_local/fail-next-payment') {
      const id = input.subscription ?? input.customer;
      if (typeof id !== 'string') return fail('Give {"customer": "cus_..."} or {"subscription": "sub_..."}.');
      if (!state.subscriptions.get(id) && !state.customers.get(id))
        return fail(`No such customer or subscription: '${id}'`);
      state.failNextPayment.add(id);
      return reply(200, { failNextPayment: id });
    }
    return reply(404, unrecognized(method, path).toBody());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  publicUrl = (options.publicUrl ?? url).replace(/\/$/, '');

  return {
    url,
    host,
    port,
    protocol: 'http',
    secretKey,
    webhookSecret,
    clock: {
      now: () => state.clock.now(),
      advance: (seconds) => advanceClock(state, state.clock.now() + seconds),
      advanceTo: (to) => advanceClock(state, to),
    },
    failNextPayment: (id) => {
      if (!state.subscriptions.get(id) && !state.customers.get(id))
        throw new Error(`No such customer or subscription: '${id}'`);
      state.failNextPayment.add(id);
    },
    failRequests: (method, path, times = 1) => {
      if (!Number.isInteger(times) || times < 1)
        throw new Error(`times must be a whole number ≥ 1, not ${times}`);
      failing.set(`${method.toUpperCase()} ${path}`, times);
    },
    deliveries: () => dispatcher.history(),
    webhooksIdle: () => dispatcher.idle(),
    close: async () => {
      dispatcher.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function unrecognized(method: string, path: string): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}

function errorAnswer(error: StripeApiError): Answer {
  return { status: error.status, body: JSON.stringify(error.toBody(), null, 2) };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-cache, no-store' })
    .end(body);
}

function sendHtml(res: ServerResponse, status: number, body: string): void {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page has no script; inline style only.
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
    })
    .end(body);
}
