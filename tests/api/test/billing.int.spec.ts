import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { BILLING_MESSAGES, HIRES_MESSAGES } from '@planted/contracts';
import { signatureHeader, TEST_CARD } from '@planted/stripe-local';
import { eventually } from './catalogue-support';
import { catalogueItems, createSite, hireFields, type Catalogue } from './hires-support';
import {
  client,
  company,
  email,
  inviteTokenFrom,
  PASSWORD,
  startSystem,
  type Json,
  type System,
} from './system';

jest.setTimeout(90_000);

/**
 * Issue 11 over HTTP: the plans, checkout through the local Stripe's hosted page and back,
 * Stripe's webhooks through the gateway (signature checked, each event once), the downgrade
 * at renewal, and the plan's limits on hires and users before and after.
 */
describe('subscriptions (spec §4 Plans and Return from checkout, §7 Subscriptions)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
  }, 60_000);
  afterAll(() => sys?.close());

  interface Company {
    token: string;
    customerId: string;
    email: string;
  }

  async function register(label: string): Promise<Company> {
    const input = company(label);
    const reg = await api.post('/api/auth/register', input);
    expect(reg.status).toBe(201);
    return { token: reg.body.token, customerId: reg.body.customer.id, email: input.email };
  }

  const customerOf = async (co: Company) => (await api.get('/api/customers', co.token)).body.customer;

  /** Pays on the hosted page as a browser does: the page, its form posted, the redirect back. */
  async function pay(checkoutUrl: string): Promise<URL> {
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? checkoutUrl;
    expect(html).toContain('name="card_number"');
    const paid = await fetch(new URL(action.replace(/&amp;/g, '&'), checkoutUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: TEST_CARD }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    return new URL(paid.headers.get('location')!);
  }

  /** Free → Teams: the plans, checkout, the hosted page, the return to /subscription and its confirmation. */
  async function upgradeToTeams(co: Company) {
    const { plans } = (await api.get('/api/subscriptions/plans', co.token)).body;
    const teams = plans.find((p: Json) => p.id === 'teams');
    const started = await api.post(
      '/api/subscriptions/checkout',
      { priceId: teams.stripe_price_id_monthly, billingInterval: 'month' },
      co.token,
    );
    expect(started.status).toBe(200);
    const back = await pay(started.body.checkoutUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${sys.url}/subscription`);
    expect(back.searchParams.get('success')).toBe('true');
    const sessionId = back.searchParams.get('session_id')!;
    const confirmed = await api.post('/api/subscriptions/success', { sessionId }, co.token);
    expect(confirmed.status).toBe(200);
    return { sessionId, confirmed: confirmed.body };
  }

  it('lists the four plans to a signed-in user, Teams as the most popular (spec §9)', async () => {
    const co = await register('Plans');
    const res = await api.get('/api/subscriptions/plans', co.token);
    expect(res.status).toBe(200);
    expect(
      res.body.plans.map((p: Json) => [p.id, p.name, p.price_monthly, p.hire_limit, p.user_limit]),
    ).toEqual([
      ['free', 'Free Edition', 0, 5, 2],
      ['teams', 'Teams Edition', 79, 25, 5],
      ['business', 'Business Edition', 129, 50, 10],
      ['unlimited', 'Unlimited', 179, null, null],
    ]);
    expect(res.body.plans.find((p: Json) => p.most_popular).id).toBe('teams');
    expect(res.body.plans[0].stripe_price_id_monthly).toBeNull();
    expect((await api.get('/api/subscriptions/plans')).status).toBe(401);
  });

  it('starts checkout for administrators only, and refuses a price no plan has', async () => {
    const co = await register('Checkout');
    const viewerEmail = email('viewer');
    expect(
      (await api.post('/api/invitations', { email: viewerEmail, role: 'viewer' }, co.token)).status,
    ).toBe(201);
    const invite = inviteTokenFrom(await sys.smtp.waitForMailTo(viewerEmail));
    await api.post('/api/invitations/accept', { token: invite, name: 'Vic Viewer', password: PASSWORD });
    const viewer = (await api.post('/api/auth/login', { email: viewerEmail, password: PASSWORD })).body.token;

    const body = { priceId: 'price_teams_monthly', billingInterval: 'month' };
    const refused = await api.post('/api/subscriptions/checkout', body, viewer);
    expect(refused).toMatchObject({
      status: 403,
      body: { error: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION },
    });
    expect((await api.post('/api/subscriptions/downgrade-to-free', {}, viewer)).status).toBe(403);
    // Nor does a viewer confirm a checkout's return (audit AJ-2): only an admin starts one.
    expect(
      await api.post('/api/subscriptions/success', { sessionId: 'cs_test_anything' }, viewer),
    ).toMatchObject({ status: 403, body: { error: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION } });

    const unknown = await api.post(
      '/api/subscriptions/checkout',
      { ...body, priceId: 'price_gold' },
      co.token,
    );
    expect(unknown).toMatchObject({ status: 400, body: { error: 'Price ID not available for this plan' } });

    const started = await api.post('/api/subscriptions/checkout', body, co.token);
    expect(started.status).toBe(200);
    expect(started.body.checkoutUrl).toBe(`${sys.stripe.url}/c/pay/${started.body.sessionId}`);
    expect((await customerOf(co)).subscription_plan).toBe('free');
  });

  it('walks Free → Teams through the hosted page; the sixth hire and third user are allowed, then refused after the downgrade takes effect', async () => {
    const co = await register('Upgrade');
    const items: Catalogue = await catalogueItems(api, co.token, 'Upgrade');
    const site = await createSite(api, co.token, 'Upgrade yard');
    const hire = () => api.post('/api/hires', hireFields(items, site, { hire_status: 'active' }), co.token);
    for (let i = 0; i < 5; i++) expect((await hire()).status).toBe(201);
    const LIMIT = { status: 403, body: { error: HIRES_MESSAGES.HIRE_LIMIT_REACHED } };
    expect(await hire()).toMatchObject(LIMIT);
    const invite = async (label: string) => {
      const address = email(label);
      const res = await api.post('/api/invitations', { email: address, role: 'user' }, co.token);
      return { res, address };
    };
    const second = await invite('second');
    expect(second.res.status).toBe(201);
    await api.post('/api/invitations/accept', {
      token: inviteTokenFrom(await sys.smtp.waitForMailTo(second.address)),
      name: 'Second Sam',
      password: PASSWORD,
    });
    expect((await invite('too-many')).res).toMatchObject({
      status: 403,
      body: { error: expect.stringMatching(/up to 2 users/) },
    });

    const { confirmed } = await upgradeToTeams(co);
    expect(confirmed.subscription).toMatchObject({
      plan: 'teams',
      status: 'active',
      subscription_canceled_at: null,
    });
    const customer = await eventually(async () => {
      const c = await customerOf(co);
      return c.subscription_plan === 'teams' ? c : undefined;
    });
    expect(customer).toMatchObject({
      status: 'active',
      subscription_end_date: confirmed.subscription.subscription_end_date,
    });
    await eventually(async () =>
      (await api.get('/api/hires/subscription-usage', co.token)).body.plan === 'teams' ? true : undefined,
    );
    expect((await hire()).status).toBe(201);
    const third = await invite('third');
    expect(third.res.status).toBe(201);
    const accepted = await api.post('/api/invitations/accept', {
      token: inviteTokenFrom(await sys.smtp.waitForMailTo(third.address)),
      name: 'Third Thea',
      password: PASSWORD,
    });
    expect(accepted.status).toBe(201);

    // Downgrade to free: the plan stays until the renewal date.
    const down = await api.post('/api/subscriptions/downgrade-to-free', {}, co.token);
    expect(down.status).toBe(200);
    expect(down.body.subscription).toMatchObject({ plan: 'teams', status: 'active' });
    expect(down.body.subscription.subscription_canceled_at).not.toBeNull();
    await eventually(async () => ((await customerOf(co)).subscription_canceled_at ? true : undefined));
    expect((await hire()).status).toBe(201);

    // The renewal date passes at the local Stripe: its webhook makes the company free.
    sys.stripe.clock.advanceTo(Date.parse(down.body.subscription.subscription_end_date) / 1000 + 60);
    const free = await eventually(async () => {
      const c = await customerOf(co);
      return c.subscription_plan === 'free' ? c : undefined;
    }).catch((err: Error) => {
      // Failed once on CI under load: say whether the webhooks reached the gateway, and how.
      const deliveries = sys.stripe
        .deliveries()
        .slice(-8)
        .map((d) => `${d.eventType} #${d.attempt}: ${d.status ?? d.error}`);
      throw new Error(`${err.message}; the last webhook deliveries: ${deliveries.join('; ')}`);
    });
    expect(free).toMatchObject({ status: 'free', subscription_canceled_at: null });
    await eventually(async () =>
      (await api.get('/api/hires/subscription-usage', co.token)).body.plan === 'free' ? true : undefined,
    );
    // Nothing is deleted; nothing more is let in until the company is under its limits.
    expect((await api.get('/api/hires/subscription-usage', co.token)).body.usage.hires).toEqual({
      current: 7,
      max: 5,
    });
    expect(await hire()).toMatchObject(LIMIT);
    expect((await api.get('/api/users', co.token)).body.users).toHaveLength(3);
    expect((await invite('after')).res.status).toBe(403);
  });

  it("refuses a company confirming another company's session, changing nothing", async () => {
    const first = await register('First');
    const { sessionId } = await upgradeToTeams(first);
    const second = await register('Second');
    // The second company has a Stripe customer of its own.
    await api.post('/api/subscriptions/checkout', { priceId: 'price_teams_monthly' }, second.token);
    const stolen = await api.post('/api/subscriptions/success', { sessionId }, second.token);
    expect(stolen).toMatchObject({ status: 404, body: { error: BILLING_MESSAGES.SESSION_NOT_FOUND } });
    expect((await api.get('/api/subscriptions/current', second.token)).body.subscription.plan).toBe('free');
    expect((await customerOf(second)).subscription_plan).toBe('free');
  });

  describe('POST /api/webhooks/stripe', () => {
    const post = (body: string, signature?: string) =>
      fetch(`${sys.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
        body,
      });
    const now = () => Math.floor(Date.now() / 1000);

    /** How often billing took the event in, and handed it to its consumer. */
    async function takenIn(eventId: string): Promise<{ recorded: number; queued: number }> {
      const { rows } = await sys.billing.database.withSystem((tx) =>
        tx.execute<{ recorded: number; queued: number }>(
          `select (select count(*)::int from billing.stripe_events where event_id = '${eventId}') as recorded,
                  (select count(*)::int from billing.outbox
                    where subject = 'billing.stripe-event.received.v1' and payload->'event'->>'id' = '${eventId}') as queued`,
        ),
      );
      return rows[0];
    }

    it('answers a bad signature 400 and takes nothing in; the same body signed by Stripe is taken', async () => {
      const co = await register('Forged');
      await upgradeToTeams(co);
      await sys.stripe.webhooksIdle();
      const before = await customerOf(co);
      const id = `evt_${randomUUID().replace(/-/g, '')}`;
      const body = JSON.stringify({
        id,
        object: 'event',
        type: 'invoice.payment_failed',
        created: now(),
        data: { object: { id: 'in_forged', object: 'invoice', customer: 'cus_x', subscription: 'sub_x' } },
      });
      const refusals = [
        await post(body, signatureHeader(body, 'whsec_not_the_secret', now())),
        await post(body),
        await post(body, 't=1,v1=deadbeef'),
        // Signed long ago: a replay of a captured delivery.
        await post(body, signatureHeader(body, sys.stripe.webhookSecret, now() - 3600)),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: 'Invalid Stripe signature' });
      }
      expect(await takenIn(id)).toEqual({ recorded: 0, queued: 0 });
      expect(await customerOf(co)).toEqual(before);

      const signed = await post(body, signatureHeader(body, sys.stripe.webhookSecret, now()));
      expect(signed.status).toBe(200);
      expect(await takenIn(id)).toEqual({ recorded: 1, queued: 1 });
    });

    it('takes a replayed event in once: the second delivery changes nothing', async () => {
      const co = await register('Replayed');
      await upgradeToTeams(co);
      await sys.stripe.webhooksIdle();
      const stripe = new Stripe(sys.stripe.secretKey, {
        host: sys.stripe.host,
        port: sys.stripe.port,
        protocol: sys.stripe.protocol,
      });
      const delivered = sys.stripe
        .deliveries()
        .filter((d) => d.ok && d.eventType === 'checkout.session.completed');
      const events = await Promise.all(delivered.map((d) => stripe.events.retrieve(d.eventId)));
      const event = events.find(
        (e) =>
          (e.data.object as { metadata?: Record<string, string> }).metadata?.customer_id === co.customerId,
      )!;
      expect(await takenIn(event.id)).toEqual({ recorded: 1, queued: 1 });
      const customer = await customerOf(co);

      // The same event again, signed afresh as Stripe does when it retries a delivery.
      const body = JSON.stringify(event);
      const res = await post(body, signatureHeader(body, sys.stripe.webhookSecret, now()));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await takenIn(event.id)).toEqual({ recorded: 1, queued: 1 });
      expect(await customerOf(co)).toEqual(customer);
    });
  });
});
