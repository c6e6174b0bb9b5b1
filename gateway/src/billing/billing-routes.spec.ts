import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { BILLING_MESSAGES, ServiceError, type RequestSubject, type TypedClient } from '@planted/contracts';
import { createLogger } from '@planted/logging';
import { testGateway, type TestGateway } from '../../test/support/catalogue-gateway';
import { BILLING_ROUTES } from './billing.routes';
import { registerStripeWebhook, WEBHOOK_MESSAGES } from './stripe-webhook';

describe('subscription routes (spec §7 Subscriptions)', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await testGateway(BILLING_ROUTES);
  });
  afterAll(() => gw.app.close());
  beforeEach(() => {
    gw.sent.length = 0;
    gw.answer = () => ({});
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    gw.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload && { payload }),
    });

  it('serves the plans to any signed-in user', async () => {
    gw.answer = () => ({ plans: [] });
    expect((await call('GET', '/api/subscriptions/plans')).statusCode).toBe(401);
    expect((await call('GET', '/api/subscriptions/plans', 'user-token')).statusCode).toBe(200);
    expect(gw.sent.map((s) => s.subject)).toEqual(['billing.plans.list.v1']);
  });

  it('lets only administrators start or confirm checkout, or downgrade, and forwards their payload', async () => {
    for (const url of [
      '/api/subscriptions/checkout',
      '/api/subscriptions/success',
      '/api/subscriptions/downgrade-to-free',
      '/api/subscriptions/keep-plan',
    ]) {
      const refused = await call('POST', url, 'user-token', { priceId: 'price_teams_monthly' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION });
      expect((await call('POST', url)).statusCode).toBe(401);
    }
    expect(gw.sent).toEqual([]);
    gw.answer = () => ({ checkoutUrl: 'https://checkout.example/c/pay/cs_1', sessionId: 'cs_1' });
    const started = await call('POST', '/api/subscriptions/checkout', 'admin-token', {
      priceId: 'price_teams_monthly',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ checkoutUrl: 'https://checkout.example/c/pay/cs_1', sessionId: 'cs_1' });
    expect(gw.sent[0]).toMatchObject({
      subject: 'billing.subscriptions.checkout.v1',
      payload: { priceId: 'price_teams_monthly', billingInterval: 'month', actor: { userId: 'u1' } },
    });
  });

  it("answers 'Price ID not available for this plan' for a missing price id, and the service's refusal as 400", async () => {
    const missing = await call('POST', '/api/subscriptions/checkout', 'admin-token', {
      billingInterval: 'month',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Price ID not available for this plan' });
    gw.answer = () => {
      throw new ServiceError('PRICE_ID_NOT_AVAILABLE', BILLING_MESSAGES.PRICE_ID_NOT_AVAILABLE);
    };
    const refused = await call('POST', '/api/subscriptions/checkout', 'admin-token', { priceId: 'price_x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Price ID not available for this plan' });
  });

  it("confirms an administrator's session", async () => {
    gw.answer = () => ({
      message: 'ok',
      subscription: {
        plan: 'teams',
        status: 'active',
        billing_interval: 'month',
        subscription_start_date: null,
        subscription_end_date: null,
        subscription_canceled_at: null,
      },
    });
    const res = await call('POST', '/api/subscriptions/success', 'admin-token', { sessionId: 'cs_test_1' });
    expect(res.statusCode).toBe(200);
    expect(gw.sent[0]).toMatchObject({
      subject: 'billing.subscriptions.success.v1',
      payload: { sessionId: 'cs_test_1' },
    });
  });
});

describe('POST /api/webhooks/stripe', () => {
  const SECRET = 'whsec_test_secret';
  let app: FastifyInstance;
  const sent: { subject: string; payload: unknown }[] = [];
  const event = {
    id: 'evt_1',
    object: 'event',
    type: 'invoice.paid',
    created: 1_700_000_000,
    data: { object: { id: 'in_1', object: 'invoice' } },
  };
  const body = JSON.stringify(event);

  const start = async (webhookSecret: string | undefined) => {
    const server = Fastify();
    const bus: TypedClient = {
      send: async (subject: RequestSubject, payload: unknown) => {
        sent.push({ subject: subject.name, payload });
        return { received: true, duplicate: false } as never;
      },
    };
    registerStripeWebhook(server, { bus, logger: createLogger('test', { level: 'silent' }), webhookSecret });
    await server.ready();
    return server;
  };

  beforeAll(async () => {
    app = await start(SECRET);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    sent.length = 0;
  });

  const post = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
      payload,
    });

  it('passes an event signed with the endpoint secret on to billing, as Stripe sent it', async () => {
    const res = await post(body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(sent).toEqual([
      {
        subject: 'billing.webhooks.stripe.v1',
        payload: { event: { id: 'evt_1', type: 'invoice.paid', created: 1_700_000_000, data: event.data } },
      },
    ]);
  });

  it('refuses with 400, passing nothing on, a wrong or missing signature or a body changed after signing', async () => {
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' });
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    // The same JSON written otherwise is not what was signed.
    const respaced = JSON.stringify(event, null, 2);
    for (const res of [await post(body, forged), await post(body), await post(respaced, signed)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: WEBHOOK_MESSAGES.BAD_SIGNATURE });
    }
    expect(sent).toEqual([]);
  });

  it('refuses malformed JSON as the rest of the API does', async () => {
    const res = await post('{"id": ', 't=1,v1=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON in request body' });
  });

  it('answers 503 when the deployment has no webhook secret', async () => {
    const unconfigured = await start(undefined);
    try {
      const res = await unconfigured.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload: body,
      });
      expect(res.statusCode).toBe(503);
      expect(sent).toEqual([]);
    } finally {
      await unconfigured.close();
    }
  });
});
