import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import {
  IdentityCustomerGet,
  IdentityInvitationCreate,
  SubscriptionChanged,
  type EventEnvelope,
  type EventPayloadOf,
} from '@planted/contracts';
import { ensureStream, EventSigner, prefixed, publishSignedEvent, streamName } from '@planted/messaging';
import { contractEventsOf } from '@planted/service-kit';
import { testKeys, uniqueName, waitFor } from '@planted/testing';
import {
  addUser,
  errorOf,
  registerCompany,
  startIdentity,
  uniqueEmail,
  type IdentityHarness,
} from './support/identity-harness';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

// Issue 11: identity keeps each company's status, plan and dates from billing's
// subscription.changed, and the plan's user limit follows them.

let h: IdentityHarness;
let nc: NatsConnection;
const prefix = uniqueName('t');
const stream = streamName(prefix, 'BILLING');

beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  // As billing makes it; identity only reads it.
  await ensureStream(nc, {
    name: stream,
    subjects: contractEventsOf('billing').map((s) => prefixed(prefix, s)),
  });
  h = await startIdentity({ env: { NATS_SUBJECT_PREFIX: prefix } });
});

afterAll(async () => {
  await h?.close();
  await (await nc.jetstreamManager()).streams.delete(stream).catch(() => undefined);
  await nc?.close();
});

async function publish(payload: EventPayloadOf<typeof SubscriptionChanged>, at = new Date()): Promise<void> {
  const envelope: EventEnvelope = {
    id: randomUUID(),
    type: SubscriptionChanged.name,
    occurredAt: at.toISOString(),
    customerId: payload.customer_id,
    payload,
  };
  await publishSignedEvent(nc.jetstream(), prefixed(prefix, SubscriptionChanged.name), envelope, {
    signer: eventSigner,
  });
}

const LIMIT = (n: number) => ({
  code: 'USER_LIMIT_REACHED',
  message: `Your plan allows up to ${n} users. Upgrade your subscription to invite more.`,
});

describe("the company's subscription, from billing (spec §1 customer status, §3 Customer)", () => {
  it('takes the plan, status and dates, and the user limit follows them both ways', async () => {
    const { actor, session } = await registerCompany(h.client);
    const customerId = session.customer.id;
    await addUser(h, actor);
    const invite = () =>
      h.client.send(IdentityInvitationCreate, { actor, email: uniqueEmail('more'), role: 'user' });
    expect(await errorOf(invite())).toEqual(LIMIT(2));

    const teams = {
      customer_id: customerId,
      plan: 'teams' as const,
      status: 'active',
      subscription_start_date: '2026-01-05T10:00:00.000Z',
      subscription_end_date: '2026-02-05T10:00:00.000Z',
      subscription_canceled_at: null,
    };
    await publish(teams);
    const customer = await waitFor(async () => {
      const { customer: c } = await h.client.send(IdentityCustomerGet, { actor });
      return c.subscription_plan === 'teams' ? c : undefined;
    });
    expect(customer).toMatchObject({
      status: 'active',
      subscription_start_date: teams.subscription_start_date,
      subscription_end_date: teams.subscription_end_date,
      subscription_canceled_at: null,
    });
    // Teams Edition allows 5 users: the third is welcome now.
    await addUser(h, actor);

    // An older event arriving late changes nothing.
    await publish({ ...teams, plan: 'free', status: 'free' }, new Date(Date.now() - 60_000));
    await publish({ ...teams, subscription_canceled_at: '2026-01-20T09:00:00.000Z' });
    await waitFor(async () => {
      const { customer: c } = await h.client.send(IdentityCustomerGet, { actor });
      return c.subscription_canceled_at ? c : undefined;
    });
    expect((await h.client.send(IdentityCustomerGet, { actor })).customer.subscription_plan).toBe('teams');

    // The downgrade takes effect: three active users stay, nobody more is let in.
    await publish({
      customer_id: customerId,
      plan: 'free',
      status: 'free',
      subscription_start_date: null,
      subscription_end_date: null,
      subscription_canceled_at: null,
    });
    await waitFor(async () => {
      const { customer: c } = await h.client.send(IdentityCustomerGet, { actor });
      return c.subscription_plan === 'free' ? c : undefined;
    });
    expect(await errorOf(invite())).toEqual(LIMIT(2));
  });
});
