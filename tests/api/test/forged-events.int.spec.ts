import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { SessionsRevoked, SubscriptionChanged, type EventEnvelope } from '@planted/contracts';
import { EventSigner, prefixed, publishSignedEvent } from '@planted/messaging';
import { waitFor } from '@planted/testing';
import { client, company, startSystem, type System } from './system';

/**
 * A process that can reach NATS (where nats-server runs without credentials, as the
 * machine's does under `npm start`) but does not hold the deployment's EVENT_SIGNING_SECRET
 * publishes events straight into the streams: none of them is applied.
 */
describe('events from a process on the bus without the signing secret are not applied', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let nc: NatsConnection;
  let prefix: string;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    prefix = sys.identity.config.NATS_SUBJECT_PREFIX;
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  }, 60_000);
  afterAll(async () => {
    await nc?.close();
    await sys?.close();
  });

  const envelope = <T>(type: string, customerId: string | null, payload: T): EventEnvelope<T> => ({
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    customerId,
    payload,
  });

  const planOf = async (token: string) =>
    (await api.get('/api/auth/profile', token)).body.customer.subscription_plan as string;

  it("does not upgrade a company's plan from a forged billing.subscription.changed", async () => {
    const register = async (label: string) => {
      const { body } = await api.post('/api/auth/register', company(label));
      return { token: body.token as string, customerId: body.customer.id as string };
    };
    const target = await register('Forged');
    const witness = await register('Witness');
    const change = (customerId: string, plan: 'teams' | 'business' | 'unlimited') => ({
      customer_id: customerId,
      plan,
      status: 'active',
      subscription_start_date: new Date().toISOString(),
      subscription_end_date: null,
      subscription_canceled_at: null,
    });
    const subject = prefixed(prefix, SubscriptionChanged.name);
    const js = nc.jetstream();
    // Unsigned, as anyone would publish it.
    const unsigned = envelope(
      SubscriptionChanged.name,
      target.customerId,
      change(target.customerId, 'unlimited'),
    );
    await js.publish(subject, JSON.stringify(unsigned), { msgID: unsigned.id });
    // Signed, with a secret that is not the deployment's.
    const otherSecret = envelope(
      SubscriptionChanged.name,
      target.customerId,
      change(target.customerId, 'business'),
    );
    await publishSignedEvent(js, subject, otherSecret, {
      signer: EventSigner.fromSetting(`not-the-deployment-secret-${randomUUID()}`),
    });
    // Then billing's genuine event for another company: the stream is read in order, so once
    // it shows (in identity and in hires), the two before it have been read.
    await sys.publishEvent(SubscriptionChanged, change(witness.customerId, 'teams'), witness.customerId);
    await waitFor(async () => ((await planOf(witness.token)) === 'teams' ? true : undefined), 15_000);
    await waitFor(async () => {
      const { body } = await api.get('/api/hires/subscription-usage', witness.token);
      return body.plan === 'teams' ? true : undefined;
    }, 15_000);

    expect(await planOf(target.token)).toBe('free');
    const usage = await api.get('/api/hires/subscription-usage', target.token);
    expect(usage.body).toMatchObject({ plan: 'free', usage: { hires: { max: 5 } } });
  });

  it("does not end a user's sessions from a forged identity.sessions.revoked", async () => {
    const registered = await api.post('/api/auth/register', company('Revoked'));
    const token = registered.body.token as string;
    const userId = registered.body.user.id as string;
    // Every token of the user issued before a minute from now: all of them, were it applied.
    const forged = envelope(SessionsRevoked.name, registered.body.customer.id as string, {
      kind: 'user',
      userId,
      validAfter: Math.floor(Date.now() / 1000) + 60,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    await nc.jetstream().publish(prefixed(prefix, SessionsRevoked.name), JSON.stringify(forged), {
      msgID: forged.id,
    });
    // Long enough for the gateway and every service to have read it (they do within milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await api.get('/api/auth/verify', token)).status).toBe(200);
    expect((await api.get('/api/sites', token)).status).toBe(200);
    // A genuine logout still ends the session.
    expect((await api.post('/api/auth/logout', {}, token)).status).toBe(200);
    expect(
      await waitFor(
        async () => ((await api.get('/api/auth/verify', token)).status === 401 ? true : undefined),
        10_000,
      ),
    ).toBe(true);
  });
});
