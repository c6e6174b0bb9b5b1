import Stripe from 'stripe';
import { DECLINED_TEST_CARD, DEFAULT_VAT_TAX_RATE_ID, startLocalStripe, type LocalStripe } from '../src';
import { startWebhookReceiver } from './webhook-receiver';

// Everything here goes through the official `stripe` SDK or plain HTTP, as billing and a
// browser would: the SDK is pointed at the local server with its host, port and protocol.

const DAY = 86_400;

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

let local: LocalStripe;
let stripe: Stripe;
let receiver: Receiver;

function sdk(server: LocalStripe, key = server.secretKey): Stripe {
  return new Stripe(key, {
    host: server.host,
    port: server.port,
    protocol: server.protocol,
    maxNetworkRetries: 0,
  });
}

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  local = await startLocalStripe({ webhookUrl: receiver.url, webhookRetryDelaysMs: [50, 100] });
  stripe = sdk(local);
});

afterEach(async () => {
  await local.close();
  await receiver.close();
});

async function checkoutSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  const customer = await stripe.customers.create({
    email: 'admin@acme.test',
    metadata: { customer_id: 'c-1' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_teams_monthly', quantity: 1 }],
    success_url: 'http://app.test/subscription?success=true&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/subscription?canceled=true',
    client_reference_id: 'company-1',
    metadata: { customer_id: 'c-1', plan: 'teams' },
    subscription_data: { metadata: { customer_id: 'c-1' } },
    ...overrides,
  });
  return { customer, session };
}

/** Pays on the hosted page as a browser would: load it, post its form, follow nothing. */
async function pay(session: Stripe.Checkout.Session, cardNumber = '4242 4242 4242 4242') {
  const page = await fetch(session.url!);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the checkout page:\n${html}`);
  return fetch(new URL(action, session.url!), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber }).toString(),
    redirect: 'manual',
  });
}

async function paidSubscription(): Promise<Stripe.Subscription> {
  const { session } = await checkoutSession();
  const paid = await pay(session);
  expect(paid.status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(done.subscription as string);
}

async function advance(body: { seconds?: number; to?: number }) {
  const res = await fetch(`${local.url}/_local/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { now: number; events: { id: string; type: string }[] };
}

function nextMonth(unix: number): number {
  const date = new Date(unix * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

describe('customers and prices', () => {
  it('creates, retrieves and lists customers by email, with Stripe ids and unix times', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await stripe.customers.create({
      email: 'admin@acme.test',
      name: 'Acme Plant Ltd',
      metadata: { customer_id: 'c-1' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'admin@acme.test',
      metadata: { customer_id: 'c-1' },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(created.created).toBeGreaterThanOrEqual(before);
    expect(created.created).toBeLessThan(before + 60);
    await stripe.customers.create({ email: 'someone-else@acme.test' });

    expect(await stripe.customers.retrieve(created.id)).toEqual(created);
    const listed = await stripe.customers.list({ email: 'admin@acme.test' });
    expect(listed.object).toBe('list');
    expect(listed.data.map((customer) => customer.id)).toEqual([created.id]);
  });

  it('knows the paid plans of the domain as monthly and yearly GBP prices', async () => {
    const monthly = await stripe.prices.retrieve('price_teams_monthly', { expand: ['product'] });
    expect(monthly).toMatchObject({
      object: 'price',
      unit_amount: 7900,
      currency: 'gbp',
      recurring: { interval: 'month' },
      product: { object: 'product', name: 'Teams Edition' },
    });
    const yearly = await stripe.prices.retrieve('price_unlimited_yearly');
    expect(yearly).toMatchObject({ unit_amount: 179_000, recurring: { interval: 'year' } });
    const all = await stripe.prices.list({ limit: 100 });
    expect(all.data.map((price) => price.id).sort()).toEqual(
      [
        'price_business_monthly',
        'price_business_yearly',
        'price_teams_monthly',
        'price_teams_yearly',
        'price_unlimited_monthly',
        'price_unlimited_yearly',
      ].sort(),
    );
  });

  it('serves the prices it is given instead', async () => {
    const custom = await startLocalStripe({
      prices: [{ id: 'price_x', unit_amount: 500, currency: 'gbp', interval: 'year', product_name: 'X' }],
    });
    try {
      const client = sdk(custom);
      expect(await client.prices.retrieve('price_x')).toMatchObject({ unit_amount: 500 });
      await expect(client.prices.retrieve('price_teams_monthly')).rejects.toMatchObject({
        code: 'resource_missing',
      });
    } finally {
      await custom.close();
    }
  });
});

describe("Stripe's errors", () => {
  it('answers an unknown price with resource_missing in Stripe error shape', async () => {
    const err = await stripe.prices.retrieve('price_nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
      param: 'id',
    });

    const raw = await fetch(`${local.url}/v1/prices/price_nope`, {
      headers: { authorization: `Bearer ${local.secretKey}` },
    });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
        message: "No such price: 'price_nope'",
        param: 'id',
      },
    });
  });

  it('refuses a checkout for an unknown price naming the line item (400)', async () => {
    const err = await checkoutSession({ line_items: [{ price: 'price_gold_monthly', quantity: 1 }] }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      message: "No such price: 'price_gold_monthly'",
      param: 'line_items[0][price]',
      raw: { type: 'invalid_request_error' },
    });
    expect(await stripe.checkout.sessions.list()).toMatchObject({ data: [] });
  });

  it('answers a wrong or missing secret key with 401 and Stripe’s message', async () => {
    const err = await sdk(local, 'sk_test_wrongwrongwrong1234')
      .customers.create({ email: 'x@acme.test' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err).toMatchObject({
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+1234$/),
    });

    const noKey = await fetch(`${local.url}/v1/customers`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key'),
      },
    });
    expect(await stripe.customers.list()).toMatchObject({ data: [] });
  });

  it('refuses parameters it does not know and answers unknown URLs as Stripe does', async () => {
    await expect(
      stripe.customers.create({ email: 'x@acme.test', shoe_size: 9 } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'shoe_size' });
    const raw = await fetch(`${local.url}/v1/charges`, {
      headers: { authorization: `Bearer ${local.secretKey}` },
    });
    expect(raw.status).toBe(404);
    expect(((await raw.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/charges\)/,
    );
  });

  it('requires the parameters Stripe requires', async () => {
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://app.test/ok' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });
  });
});

describe('idempotency', () => {
  it('answers the same key and body with the first answer, once', async () => {
    const first = await stripe.customers.create({ email: 'once@acme.test' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'once@acme.test' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'once@acme.test' })).data).toHaveLength(1);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with other parameters', async () => {
    await stripe.customers.create({ email: 'a@acme.test' }, { idempotencyKey: 'key-2' });
    const err = await stripe.customers
      .create({ email: 'b@acme.test' }, { idempotencyKey: 'key-2' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err).toMatchObject({ statusCode: 400, message: expect.stringContaining("other than 'key-2'") });
    expect((await stripe.customers.list({ email: 'b@acme.test' })).data).toHaveLength(0);
  });

  it('makes one checkout session for a repeated create with one key', async () => {
    const customer = await stripe.customers.create({ email: 'admin@acme.test' });
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_business_monthly', quantity: 1 }],
      success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
    };
    const a = await stripe.checkout.sessions.create(params, { idempotencyKey: 'checkout-company-1-req-9' });
    const b = await stripe.checkout.sessions.create(params, { idempotencyKey: 'checkout-company-1-req-9' });
    expect(b.id).toBe(a.id);
    expect((await stripe.checkout.sessions.list()).data).toHaveLength(1);
  });
});

describe('checkout', () => {
  it('creates a subscription-mode session pointing at the hosted page', async () => {
    const { customer, session } = await checkoutSession();
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: 'company-1',
      metadata: { customer_id: 'c-1', plan: 'teams' },
      success_url: `http://app.test/subscription?success=true&session_id=${session.id}`,
      cancel_url: 'http://app.test/subscription?canceled=true',
      url: `${local.url}/c/pay/${session.id}`,
      subscription: null,
      amount_total: 7900,
      currency: 'gbp',
    });
    expect(session.expires_at - session.created).toBe(DAY);
    expect(session).not.toHaveProperty('line_items');
    const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(withItems.line_items!.data[0]).toMatchObject({
      price: { id: 'price_teams_monthly' },
      quantity: 1,
    });
  });

  it('shows an accessible page with the plan, the amount in GBP, Pay and Cancel', async () => {
    const { session } = await checkoutSession();
    const res = await fetch(session.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Pay for Teams Edition</title>');
    expect(html).toContain('Teams Edition');
    expect(html).toContain('£79.00');
    expect(html).toContain('per month');
    expect(html).toContain('admin@acme.test');
    expect(html).toMatch(/<label for="card-number">Card number<\/label>\s*<input id="card-number"/);
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain(
      '<a class="cancel" href="http://app.test/subscription?canceled=true">Cancel and return</a>',
    );
  });

  it('Pay starts the subscription, completes the session and sends the browser to success_url', async () => {
    const { customer, session } = await checkoutSession();
    const paidAt = local.clock.now();
    const res = await pay(session);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `http://app.test/subscription?success=true&session_id=${session.id}`,
    );

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      url: null,
    });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: { customer_id: 'c-1' },
    });
    expect(subscription.items.data[0].price).toMatchObject({ id: 'price_teams_monthly', unit_amount: 7900 });
    const item = subscription.items.data[0];
    expect(item.current_period_start).toBeGreaterThanOrEqual(paidAt);
    expect(item.current_period_end).toBe(nextMonth(item.current_period_start));
    expect(subscription).toMatchObject({
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 7900,
      billing_reason: 'subscription_create',
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    // A second Pay on a completed session changes nothing.
    expect((await fetch(session.url!)).status).toBe(410);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it('a yearly price gives a year-long period', async () => {
    const { session } = await checkoutSession({ line_items: [{ price: 'price_teams_yearly', quantity: 1 }] });
    await pay(session);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const item = (done.subscription as Stripe.Subscription).items.data[0];
    const start = new Date(item.current_period_start * 1000);
    start.setUTCFullYear(start.getUTCFullYear() + 1);
    expect(item.current_period_end).toBe(start.getTime() / 1000);
  });

  it('a declined card shows the error on the page and keeps the session open', async () => {
    const { session } = await checkoutSession();
    const res = await pay(session, DECLINED_TEST_CARD);
    expect(res.status).toBe(402);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your card was declined.');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      subscription: null,
    });
    expect((await stripe.subscriptions.list()).data).toHaveLength(0);
  });

  it('a session created with customer_email makes its customer on payment', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@acme.test',
      line_items: [{ price: 'price_teams_monthly', quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    await pay(session);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect(done.customer).toMatchObject({ object: 'customer', email: 'new@acme.test' });
  });
});

describe('webhooks', () => {
  it('signs events as Stripe does, so constructEvent verifies them; a wrong secret fails', async () => {
    const { session } = await checkoutSession();
    await pay(session);
    const webhook = await receiver.waitFor('checkout.session.completed');
    expect(webhook.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(webhook.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const event = stripe.webhooks.constructEvent(
      webhook.body,
      webhook.headers['stripe-signature']!,
      local.webhookSecret,
    );
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      data: { object: { id: session.id, object: 'checkout.session', status: 'complete' } },
    });
    expect(event.id).toMatch(/^evt_/);
    // The shapes here follow the API version of the SDK in use; an SDK upgrade shows up here.
    expect(event.api_version).toBe(Stripe.API_VERSION);
    expect(event.data.object).not.toHaveProperty('line_items');

    expect(() =>
      stripe.webhooks.constructEvent(
        webhook.body,
        webhook.headers['stripe-signature']!,
        'whsec_not_the_secret',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const tampered = webhook.body.replace('"complete"', '"expired"');
    expect(() =>
      stripe.webhooks.constructEvent(tampered, webhook.headers['stripe-signature']!, local.webhookSecret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    await local.webhooksIdle();
    expect(receiver.types()).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
  });

  it('sends to endpoints registered through the API with their own secrets and event lists', async () => {
    const other = await startWebhookReceiver();
    try {
      const endpoint = await stripe.webhookEndpoints.create({
        url: other.url,
        enabled_events: ['checkout.session.completed', 'customer.subscription.deleted'],
      });
      expect(endpoint.id).toMatch(/^we_/);
      expect(endpoint.secret).toMatch(/^whsec_/);
      const listed = await stripe.webhookEndpoints.list();
      expect(listed.data.map((e) => e.id)).toEqual([endpoint.id]);
      expect(listed.data[0].secret).toBeUndefined();

      const { session } = await checkoutSession();
      await pay(session);
      await local.webhooksIdle();
      expect(other.types()).toEqual(['checkout.session.completed']);
      const [webhook] = other.received;
      const event = stripe.webhooks.constructEvent(
        webhook.body,
        webhook.headers['stripe-signature']!,
        endpoint.secret!,
      );
      expect(event.type).toBe('checkout.session.completed');
      expect(() =>
        stripe.webhooks.constructEvent(
          webhook.body,
          webhook.headers['stripe-signature']!,
          local.webhookSecret,
        ),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);

      expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({
        id: endpoint.id,
        deleted: true,
      });
      expect((await stripe.webhookEndpoints.list()).data).toHaveLength(0);
      const second = await checkoutSession();
      await pay(second.session);
      await local.webhooksIdle();
      expect(other.types()).toEqual(['checkout.session.completed']);
    } finally {
      await other.close();
    }
  });

  it('retries a failed delivery with backoff until it is accepted', async () => {
    const flaky = await startWebhookReceiver({ failFirst: 2 });
    const server = await startLocalStripe({ webhookUrl: flaky.url, webhookRetryDelaysMs: [30, 60, 120] });
    try {
      await sdk(server).customers.create({ email: 'retry@acme.test' });
      await server.webhooksIdle();
      expect(server.deliveries().map(({ attempt, status, ok }) => ({ attempt, status, ok }))).toEqual([
        { attempt: 1, status: 500, ok: false },
        { attempt: 2, status: 500, ok: false },
        { attempt: 3, status: 200, ok: true },
      ]);
      expect(flaky.types()).toEqual(['customer.created']);
      const event = await sdk(server).events.retrieve(server.deliveries()[0].eventId);
      expect(event.pending_webhooks).toBe(0);
    } finally {
      await server.close();
      await flaky.close();
    }
  });

  it('gives up after the last retry', async () => {
    const down = await startWebhookReceiver({ failFirst: 100 });
    const server = await startLocalStripe({ webhookUrl: down.url, webhookRetryDelaysMs: [20, 20] });
    try {
      await sdk(server).customers.create({ email: 'down@acme.test' });
      await server.webhooksIdle();
      expect(server.deliveries().map(({ attempt, ok }) => ({ attempt, ok }))).toEqual([
        { attempt: 1, ok: false },
        { attempt: 2, ok: false },
        { attempt: 3, ok: false },
      ]);
      const event = await sdk(server).events.retrieve(server.deliveries()[0].eventId);
      expect(event.pending_webhooks).toBe(1);
    } finally {
      await server.close();
      await down.close();
    }
  });

  it('keeps events, retrievable and listable by type', async () => {
    const { session } = await checkoutSession();
    await pay(session);
    const completed = await stripe.events.list({ type: 'checkout.session.completed' });
    expect(completed.data).toHaveLength(1);
    const event = await stripe.events.retrieve(completed.data[0].id);
    expect(event).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id } } });
    const page = await stripe.events.list({ limit: 2 });
    expect(page.data.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.payment_succeeded']);
    expect(page.has_more).toBe(true);
    const next = await stripe.events.list({ limit: 2, starting_after: page.data[1].id });
    expect(next.data.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.created']);
  });
});

describe('tax rates (UK VAT)', () => {
  it('knows UK VAT at 20 %, exclusive, and makes, lists and retrieves rates', async () => {
    expect(await stripe.taxRates.retrieve(DEFAULT_VAT_TAX_RATE_ID)).toMatchObject({
      object: 'tax_rate',
      display_name: 'VAT',
      percentage: 20,
      inclusive: false,
      country: 'GB',
      active: true,
    });
    const made = await stripe.taxRates.create({ display_name: 'Reduced', percentage: 5, inclusive: false });
    expect(made.id).toMatch(/^txr_/);
    expect((await stripe.taxRates.list({ active: true })).data.map((rate) => rate.id)).toEqual(
      expect.arrayContaining([DEFAULT_VAT_TAX_RATE_ID, made.id]),
    );
    await expect(
      stripe.taxRates.create({ display_name: 'Bad', percentage: 120, inclusive: false }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      checkoutSession({
        line_items: [{ price: 'price_teams_monthly', quantity: 1, tax_rates: ['txr_nope'] }],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("adds the line items' VAT to checkout, the hosted page, the first invoice and every renewal", async () => {
    const { session } = await checkoutSession({
      line_items: [{ price: 'price_teams_monthly', quantity: 1, tax_rates: [DEFAULT_VAT_TAX_RATE_ID] }],
    });
    expect(session).toMatchObject({
      amount_subtotal: 7900,
      amount_total: 9480,
      total_details: { amount_tax: 1580 },
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('£94.80');
    expect(html).toContain('£79.00 + £15.80 VAT');

    expect((await pay(session)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
    const first = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    const vat = {
      amount: 1580,
      tax_behavior: 'exclusive',
      taxable_amount: 7900,
      tax_rate_details: { tax_rate: DEFAULT_VAT_TAX_RATE_ID },
    };
    expect(first).toMatchObject({ subtotal: 7900, total: 9480, amount_paid: 9480, status: 'paid' });
    expect(first.total_taxes).toEqual([expect.objectContaining(vat)]);

    await advance({ to: subscription.items.data[0].current_period_end + 60 });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    const renewal = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', subtotal: 7900, total: 9480 });

    // Cancelled with a credit, the unused time comes back with its VAT.
    await advance({ seconds: 15 * DAY });
    await stripe.subscriptions.cancel(subscription.id, { prorate: true, invoice_now: true });
    const final = await stripe.invoices.retrieve(
      (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string,
    );
    expect(final.subtotal).toBeLessThan(0);
    expect(final.total).toBe(final.subtotal + Math.round((final.subtotal * 20) / 100));
  });

  it('keeps the VAT of a credit held for the next invoice (prorate without invoice_now)', async () => {
    const { session } = await checkoutSession({
      line_items: [{ price: 'price_teams_monthly', quantity: 1, tax_rates: [DEFAULT_VAT_TAX_RATE_ID] }],
    });
    await pay(session);
    const subscription = await stripe.subscriptions.retrieve(
      (await stripe.checkout.sessions.retrieve(session.id)).subscription as string,
    );
    const { current_period_start: start, current_period_end: end } = subscription.items.data[0];
    await advance({ to: start + Math.round((end - start) / 2) });
    const now = local.clock.now();
    const credit = Math.round((7900 * (end - now)) / (end - start));
    await stripe.subscriptions.cancel(subscription.id, { prorate: true });
    const customer = (await stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer;
    expect(customer.balance).toBe(-(credit + Math.round((credit * 20) / 100)));
  });
});

describe('the clock, renewals and cancellation', () => {
  it('tells and advances its time', async () => {
    const before = await (await fetch(`${local.url}/_local/clock`)).json();
    const after = await advance({ seconds: 3 * DAY });
    expect(after.now - (before as { now: number }).now).toBeGreaterThanOrEqual(3 * DAY);
    expect(local.clock.now()).toBe(after.now);
    const res = await fetch(`${local.url}/_local/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: after.now - DAY }),
    });
    expect(res.status).toBe(400);
  });

  it('renews a subscription at its period end: new period, invoice.paid, subscription.updated', async () => {
    const subscription = await paidSubscription();
    const { current_period_end: end } = subscription.items.data[0];
    await local.webhooksIdle();
    receiver.received.length = 0;

    const { events } = await advance({ to: end + 60 });
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0].current_period_start).toBe(end);
    expect(renewed.items.data[0].current_period_end).toBe(nextMonth(end));
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 7900,
      period_start: end,
      period_end: nextMonth(end),
    });

    await local.webhooksIdle();
    const updated = receiver.received.find((w) => w.body.includes('"customer.subscription.updated"'))!;
    const event = stripe.webhooks.constructEvent(
      updated.body,
      updated.headers['stripe-signature']!,
      local.webhookSecret,
    );
    expect(event.created).toBe(end);
    const data = event.data as Stripe.Event.Data & { previous_attributes: Record<string, unknown> };
    expect(data.previous_attributes).toMatchObject({ current_period_end: end });
    expect(receiver.types()).toContain('invoice.paid');
  });

  it('renews once per period passed when the clock jumps far', async () => {
    const subscription = await paidSubscription();
    const { events } = await advance({ seconds: 95 * DAY });
    expect(events.filter((e) => e.type === 'invoice.paid')).toHaveLength(3);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data).toHaveLength(4);
  });

  it('a subscription set to cancel at period end stays until then, then ends with customer.subscription.deleted', async () => {
    const subscription = await paidSubscription();
    const end = subscription.items.data[0].current_period_end;
    const requestedAt = local.clock.now();
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    expect(updated.canceled_at).toBeGreaterThanOrEqual(requestedAt);
    const updateEvent = (await stripe.events.list({ type: 'customer.subscription.updated' })).data[0];
    expect(updateEvent.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    expect((await advance({ to: end - 60 })).events).toEqual([]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');

    const { events } = await advance({ to: end + 60 });
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    const webhook = await receiver.waitFor('customer.subscription.deleted');
    const event = stripe.webhooks.constructEvent(
      webhook.body,
      webhook.headers['stripe-signature']!,
      local.webhookSecret,
    );
    expect(event.data.object).toMatchObject({ id: subscription.id, status: 'canceled' });

    // Nothing more happens to it.
    expect((await advance({ seconds: 40 * DAY })).events).toEqual([]);
  });

  it('taking back a cancel at period end renews as usual', async () => {
    const subscription = await paidSubscription();
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, canceled_at: null, cancel_at: null });
    await advance({ seconds: 32 * DAY });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('cancel_at ends the subscription on its date (the Dashboard’s custom date); set to empty it is taken back', async () => {
    const subscription = await paidSubscription();
    const end = subscription.items.data[0].current_period_end;
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at: end - DAY, cancel_at_period_end: false }),
    ).rejects.toMatchObject({
      message: 'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
    });
    const set = await stripe.subscriptions.update(subscription.id, { cancel_at: end - DAY });
    expect(set).toMatchObject({ status: 'active', cancel_at: end - DAY, cancel_at_period_end: false });
    const cleared = await stripe.subscriptions.update(subscription.id, { cancel_at: '' });
    expect(cleared).toMatchObject({ cancel_at: null, canceled_at: null, cancel_at_period_end: false });
    expect((await advance({ to: end - DAY + 60 })).events).toEqual([]);

    await stripe.subscriptions.update(subscription.id, { cancel_at: end - 60 });
    const { events } = await advance({ to: end - 30 });
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      ended_at: end - 60,
    });
  });

  it('cancel with prorate and invoice_now credits the unused time; the next invoice spends the credit', async () => {
    const subscription = await paidSubscription();
    const { current_period_start: start, current_period_end: end } = subscription.items.data[0];
    await advance({ to: start + Math.round((end - start) / 4) });
    const now = local.clock.now();
    const credit = Math.round((7900 * (end - now)) / (end - start));
    await stripe.subscriptions.cancel(subscription.id, { prorate: true, invoice_now: true });

    const customerId = subscription.customer as string;
    expect(((await stripe.customers.retrieve(customerId)) as Stripe.Customer).balance).toBe(-credit);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    const final = await stripe.invoices.retrieve(ended.latest_invoice as string);
    expect(final).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_update',
      total: -credit,
      amount_due: 0,
      starting_balance: 0,
      ending_balance: -credit,
    });
    expect(final.lines.data.map((line) => line.amount)).toEqual([-credit]);

    // The customer's next subscription: its first invoice is paid from the credit first.
    const { session } = await checkoutSession({ customer: customerId });
    expect((await pay(session)).status).toBe(303);
    const next = await stripe.subscriptions.retrieve(
      (await stripe.checkout.sessions.retrieve(session.id)).subscription as string,
    );
    const first = await stripe.invoices.retrieve(next.latest_invoice as string);
    expect(first).toMatchObject({
      status: 'paid',
      total: 7900,
      amount_due: 7900 - credit,
      amount_paid: 7900 - credit,
      starting_balance: -credit,
      ending_balance: 0,
    });
    expect(((await stripe.customers.retrieve(customerId)) as Stripe.Customer).balance).toBe(0);
  });

  it('prorates from the price whether or not the period was paid, as Stripe does', async () => {
    const subscription = await paidSubscription();
    const end = subscription.items.data[0].current_period_end;
    local.failNextPayment(subscription.id);
    await advance({ to: end + 60 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await stripe.subscriptions.cancel(subscription.id, { prorate: true, invoice_now: true });
    const customer = (await stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer;
    expect(customer.balance).toBeLessThan(-7000);
  });

  it('cancel without prorate credits nothing', async () => {
    const subscription = await paidSubscription();
    await advance({ seconds: 3 * DAY });
    await stripe.subscriptions.cancel(subscription.id);
    const customer = (await stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer;
    expect(customer.balance).toBe(0);
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });

  it('cancel ends a subscription at once', async () => {
    const subscription = await paidSubscription();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: local.clock.now() });
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    expect((await stripe.subscriptions.list({ customer: subscription.customer as string })).data).toEqual([]);
    const all = await stripe.subscriptions.list({ status: 'all' });
    expect(all.data.map((s) => s.id)).toEqual([subscription.id]);
    expect((await receiver.waitFor('customer.subscription.deleted')).body).toContain(subscription.id);
  });

  it('a declined renewal sends invoice.payment_failed and makes the subscription past_due; the next one pays', async () => {
    const subscription = await paidSubscription();
    const res = await fetch(`${local.url}/_local/fail-next-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: subscription.id }),
    });
    expect(res.status).toBe(200);

    const first = await advance({ seconds: 31 * DAY });
    expect(first.events.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
    ]);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.latest_invoice).toMatchObject({ status: 'open', amount_paid: 0, amount_remaining: 7900 });
    const webhook = await receiver.waitFor('invoice.payment_failed');
    const event = stripe.webhooks.constructEvent(
      webhook.body,
      webhook.headers['stripe-signature']!,
      local.webhookSecret,
    );
    expect(event.data.object).toMatchObject({ object: 'invoice', status: 'open' });

    const second = await advance({ seconds: 31 * DAY });
    expect(second.events.map((e) => e.type)).toContain('invoice.paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('fail-next-payment by customer declines that customer’s next renewal', async () => {
    const subscription = await paidSubscription();
    local.failNextPayment(subscription.customer as string);
    local.clock.advance(31 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  });

  it('failRequests fails the next calls of one method and path as Stripe’s own trouble, then answers again', async () => {
    const subscription = await paidSubscription();
    local.failRequests('DELETE', `/v1/subscriptions/${subscription.id}`, 2);
    for (let i = 0; i < 2; i++) {
      const err = await stripe.subscriptions.cancel(subscription.id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(err).toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    }
    // Other calls are not touched, and the subscription was not cancelled by the failed calls.
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await stripe.subscriptions.cancel(subscription.id)).status).toBe('canceled');
  });

  it('open checkout sessions expire after a day', async () => {
    const { session } = await checkoutSession();
    const { events } = await advance({ seconds: DAY + 1 });
    expect(events.map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'expired',
      url: null,
    });
    expect((await fetch(session.url!)).status).toBe(410);
  });
});
