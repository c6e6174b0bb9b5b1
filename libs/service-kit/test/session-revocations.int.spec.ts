import { createPrivateKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { connect, headers as natsHeaders, type NatsConnection } from 'nats';
import { SessionsRevoked, type Actor, type EventEnvelope, type SessionRevocation } from '@planted/contracts';
import {
  EventSigner,
  IDENTITY_EVENT_STREAM,
  prefixed,
  publishSignedEvent,
  SESSION_TOKEN_HEADER,
  streamName,
} from '@planted/messaging';
import { type ServiceHarness, startService, testKeys, uniqueName, waitFor } from '@planted/testing';
import { ensureEventStream, serviceUnderTest, type ServiceApp } from '../src';
import { kitTestService, WhoAmI } from './kit-test-service/kit-test.service';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

// Issue 8 (sessions end when they should): a token whose session ended at identity (logout,
// password change or reset, role change, removal) used to be refused only by the gateway;
// a process on the bus holding it was still served by every service until the token
// expired. The kit's admission now consults the same revocations, so every service on the
// kit refuses it: here a service that is not identity, fed by identity's stream.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const actor = (): Actor => ({
  userId: randomUUID(),
  customerId: randomUUID(),
  role: 'user',
  email: 'user@example.test',
  name: 'A User',
});

/** A session token as identity signs it, with the test run's identity key. */
function tokenFor(who: Actor, sessionId: string): Promise<string> {
  return new SignJWT({
    sid: sessionId,
    userId: who.userId,
    customer_id: who.customerId,
    role: who.role,
    email: who.email,
    name: who.name,
  })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject(who.userId)
    .setIssuer('planted-identity')
    .setAudience('planted')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(createPrivateKey(testKeys().identity.privateKey));
}

/** A user request as any process on the bus sends it: the payload and a session token. */
async function whoAmI(h: ServiceHarness<ServiceApp>, who: Actor, token: string) {
  const headers = natsHeaders();
  headers.set(SESSION_TOKEN_HEADER, token);
  const packet = { pattern: WhoAmI.name, data: { actor: who }, id: randomUUID() };
  const reply = await h.nc.request(prefixed(h.prefix, WhoAmI.name), encoder.encode(JSON.stringify(packet)), {
    timeout: 5000,
    headers,
  });
  return JSON.parse(decoder.decode(reply.data)) as {
    err?: { code: string; message: string };
    response?: { userId: string };
  };
}

/** What identity does in the transaction that ends sessions: its event on its stream. */
async function identityRevokes(nc: NatsConnection, prefix: string, revocation: SessionRevocation) {
  await ensureEventStream(
    nc,
    { name: IDENTITY_EVENT_STREAM, subjects: [SessionsRevoked.name], description: 'identity (test)' },
    prefix,
  );
  const envelope: EventEnvelope<SessionRevocation> = {
    id: randomUUID(),
    type: SessionsRevoked.name,
    occurredAt: new Date().toISOString(),
    customerId: null,
    payload: revocation,
  };
  await publishSignedEvent(nc.jetstream(), prefixed(prefix, SessionsRevoked.name), envelope, {
    signer: eventSigner,
  });
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

async function refusedSoon(h: ServiceHarness<ServiceApp>, who: Actor, token: string) {
  await waitFor(async () => ((await whoAmI(h, who, token)).err ? true : undefined), 10_000);
  expect((await whoAmI(h, who, token)).err).toEqual({ code: 'UNAUTHENTICATED', message: 'Session ended' });
}

describe('a service on the kit refuses a session token whose session has ended', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  /** The run's own prefix, with identity's stream deleted afterwards. */
  async function prefixWithIdentityStream(): Promise<{ prefix: string; nc: NatsConnection }> {
    const prefix = uniqueName('t');
    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    cleanups.push(async () => {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(streamName(prefix, IDENTITY_EVENT_STREAM)).catch(() => undefined);
      await nc.close();
    });
    return { prefix, nc };
  }

  async function start(prefix: string) {
    const h = await startService(serviceUnderTest(kitTestService), { env: { NATS_SUBJECT_PREFIX: prefix } });
    cleanups.push(() => h.close());
    return h;
  }

  it('ended before the service started: refused from the first request (read back at start)', async () => {
    const { prefix, nc } = await prefixWithIdentityStream();
    const who = actor();
    const ended = await tokenFor(who, 's-ended');
    await identityRevokes(nc, prefix, {
      kind: 'session',
      userId: who.userId,
      sessionId: 's-ended',
      expiresAt: inAnHour(),
    });
    const h = await start(prefix);
    expect((await whoAmI(h, who, ended)).err).toEqual({ code: 'UNAUTHENTICATED', message: 'Session ended' });
    // The same user's other session goes on.
    expect((await whoAmI(h, who, await tokenFor(who, 's-other'))).response).toEqual({
      userId: who.userId,
      sessionId: 's-other',
    });
  });

  it('ended while the service runs: refused within seconds, even once verified and remembered', async () => {
    const { prefix, nc } = await prefixWithIdentityStream();
    const who = actor();
    const first = await tokenFor(who, 's-1');
    const second = await tokenFor(who, 's-2');
    await identityRevokes(nc, prefix, {
      kind: 'session',
      userId: randomUUID(),
      sessionId: 'someone-else',
      expiresAt: inAnHour(),
    });
    const h = await start(prefix);
    expect((await whoAmI(h, who, first)).response).toMatchObject({ sessionId: 's-1' });
    expect((await whoAmI(h, who, second)).response).toMatchObject({ sessionId: 's-2' });

    // Logout of one session.
    await identityRevokes(nc, prefix, {
      kind: 'session',
      userId: who.userId,
      sessionId: 's-1',
      expiresAt: inAnHour(),
    });
    await refusedSoon(h, who, first);
    expect((await whoAmI(h, who, second)).response).toMatchObject({ sessionId: 's-2' });

    // A password change, role change or removal: every session issued up to now.
    await identityRevokes(nc, prefix, {
      kind: 'user',
      userId: who.userId,
      validAfter: Math.floor(Date.now() / 1000) + 1,
      expiresAt: inAnHour(),
    });
    await refusedSoon(h, who, second);
  });

  it('started before identity made its stream: picks the revocations up once it exists', async () => {
    const { prefix, nc } = await prefixWithIdentityStream();
    const who = actor();
    const token = await tokenFor(who, 's-early');
    const h = await start(prefix);
    expect((await whoAmI(h, who, token)).response).toMatchObject({ sessionId: 's-early' });
    await identityRevokes(nc, prefix, {
      kind: 'session',
      userId: who.userId,
      sessionId: 's-early',
      expiresAt: inAnHour(),
    });
    await refusedSoon(h, who, token);
  });
});
