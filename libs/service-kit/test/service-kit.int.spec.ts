import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { parseConfig } from '@planted/config';
import { defineEvent } from '@planted/contracts';
import { connect, headers as natsHeaders, nanos } from 'nats';
import {
  ensureStream,
  EventSigner,
  GATEWAY_ASSERTION_HEADER,
  GatewayAssertionSigner,
  prefixed,
  publishSignedEvent,
  streamName,
} from '@planted/messaging';
import {
  freePort,
  type ServiceHarness,
  startService,
  testKeys,
  testServiceEnv,
  waitFor,
} from '@planted/testing';
import { createServiceApp, serviceUnderTest, startupProblem, type ServiceApp } from '../src';
import { consumerGate, kitTestService, NoteCreate, seenNotes } from './kit-test-service/kit-test.service';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

type KitHarness = ServiceHarness<ServiceApp>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A request as any NATS client sends it (the typed client would refuse an invalid payload
 * before sending), with the gateway's assertion its subject asks for.
 */
async function rawRequest(h: KitHarness, subject: string, data: unknown): Promise<Record<string, unknown>> {
  const packet = { pattern: subject, data, id: randomUUID() };
  const signer = await GatewayAssertionSigner.fromPem(h.env.GATEWAY_PRIVATE_KEY!, 'test');
  const headers = natsHeaders();
  headers.set(GATEWAY_ASSERTION_HEADER, await signer.sign(subject, JSON.stringify(data)));
  const reply = await h.nc.request(prefixed(h.prefix, subject), encoder.encode(JSON.stringify(packet)), {
    timeout: 5000,
    headers,
  });
  return JSON.parse(decoder.decode(reply.data)) as Record<string, unknown>;
}

const seen = (app: ServiceApp, noteId: string) =>
  app.database.withSystem((tx) => tx.select().from(seenNotes).where(eq(seenNotes.noteId, noteId)));

describe('a service on the kit', () => {
  let h: KitHarness;
  beforeAll(async () => {
    h = await startService(serviceUnderTest(kitTestService));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers /healthz and /readyz on its own HTTP port once started', async () => {
    expect(h.app.httpPort).toBeGreaterThan(0);
    expect(await h.get('/healthz')).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    const ready = await h.get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
  });

  it('hands the handler the parsed payload and answers its reply', async () => {
    const reply = await rawRequest(h, NoteCreate.name, { customerId: randomUUID(), text: '  trimmed  ' });
    expect(reply.err).toBeUndefined();
    expect(reply.response).toMatchObject({ text: 'trimmed', id: expect.any(String) });
  });

  it('answers VALIDATION_FAILED with field details for an invalid payload, without running the handler', async () => {
    const reply = await rawRequest(h, NoteCreate.name, { customerId: 'not-a-uuid', text: '   ' });
    expect(reply.err).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([expect.objectContaining({ param: 'text', msg: 'Text is required' })]),
    });
  });

  it('survives messages that are not requests (malformed JSON, empty, not a packet, a heartbeat) and refuses them in words (BA-1)', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const subject = prefixed(h.prefix, NoteCreate.name);
      const bodies = [
        '{"pattern":"x","data":{',
        '',
        'null',
        '[1,2,3]',
        '"text"',
        '42',
        '{"data":{}}',
        '{"id":{}}',
      ];
      for (const body of bodies) h.nc.publish(subject, encoder.encode(body));
      // What the server itself sends a push consumer's deliver subject: an empty status message.
      h.nc.publish(subject, new Uint8Array(), { headers: natsHeaders(100, 'Idle Heartbeat') });
      for (const body of bodies) {
        const reply = await h.nc.request(subject, encoder.encode(body), { timeout: 5000 });
        expect([body, JSON.parse(decoder.decode(reply.data)).err]).toEqual([
          body,
          { code: 'VALIDATION_FAILED', message: 'Malformed request' },
        ]);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
      // And it goes on answering real requests.
      const reply = await rawRequest(h, NoteCreate.name, { customerId: randomUUID(), text: 'still here' });
      expect(reply.response).toMatchObject({ text: 'still here' });
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('counts requests on /metrics under generic names labelled with the service', async () => {
    const metrics = await h.get('/metrics');
    expect(metrics.type).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /^nats_requests_total\{subject="kit-test\.note\.create\.v1",outcome="ok",service="kit-test"\} [1-9]/m,
    );
    expect(metrics.body).toMatch(
      /^nats_requests_total\{subject="kit-test\.note\.create\.v1",outcome="VALIDATION_FAILED",service="kit-test"\} [1-9]/m,
    );
    expect(metrics.body).toMatch(/^nats_requests_in_flight\{service="kit-test"\} 0$/m);
    expect(metrics.body).toMatch(/^db_pool_total\{service="kit-test"\} [1-9]/m);
    expect(metrics.body).toMatch(/^outbox_pending\{service="kit-test"\} \d+$/m);
  });

  it('relays the outbox to its stream and runs its consumer on the events', async () => {
    const reply = await rawRequest(h, NoteCreate.name, { customerId: randomUUID(), text: 'consumed' });
    const { id } = reply.response as { id: string };
    await waitFor(async () => ((await seen(h.app, id)).length === 1 ? true : undefined));
  });
});

describe('event retention', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  it('gives its stream a max_age of EVENT_RETENTION_DAYS, 30 by default, and takes a changed one at its next start', async () => {
    const h = await startService(serviceUnderTest(kitTestService), {
      env: { EVENT_RETENTION_DAYS: undefined },
    });
    try {
      const jsm = await h.nc.jetstreamManager();
      expect((await jsm.streams.info(h.app.streamName)).config.max_age).toBe(nanos(30 * DAY_MS));
      await h.app.close();
      for (const [days, maxAge] of [
        ['2', nanos(2 * DAY_MS)],
        ['0', 0],
      ] as const) {
        const again = createServiceApp(
          kitTestService,
          parseConfig(kitTestService.config, { ...h.env, EVENT_RETENTION_DAYS: days }),
        );
        try {
          await again.listen();
          expect((await jsm.streams.info(h.app.streamName)).config.max_age).toBe(maxAge);
        } finally {
          await again.close();
        }
      }
    } finally {
      await h.close();
    }
  });
});

describe('shutdown', () => {
  it('lets the consumer finish the event in hand before the pool closes, and acks it', async () => {
    const h = await startService(serviceUnderTest(kitTestService));
    let release!: () => void;
    const entered = new Promise<void>((resolve) => (consumerGate.entered = resolve));
    consumerGate.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const reply = await rawRequest(h, NoteCreate.name, { customerId: randomUUID(), text: 'in hand' });
      const { id } = reply.response as { id: string };
      await entered;
      let closed = false;
      const closing = h.app.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      expect((await h.get('/readyz').catch(() => ({ status: 0 }))).status).not.toBe(200);
      release();
      await closing;
      // The event was applied and acked before the service let go of the database and NATS.
      const jsm = await h.nc.jetstreamManager();
      const info = await jsm.consumers.info(h.app.streamName, 'kit-test-seen-notes');
      expect(info.num_ack_pending).toBe(0);
      expect(info.num_pending).toBe(0);
      const check = createServiceApp(kitTestService, parseConfig(kitTestService.config, h.env));
      try {
        expect(await seen(check, id)).toHaveLength(1);
      } finally {
        await check.close();
      }
    } finally {
      consumerGate.entered = undefined;
      consumerGate.hold = undefined;
      release?.();
      await h.close();
    }
  });
});

describe('start-up failures are one clear line', () => {
  const env = () => testServiceEnv({ KIT_TEST_HTTP_PORT: '0' });
  const failure = async (overrides: Record<string, string>) => {
    const app = createServiceApp(
      kitTestService,
      parseConfig(kitTestService.config, { ...env(), ...overrides }),
    );
    const err = await app.listen().then(
      () => undefined,
      (e: unknown) => e,
    );
    await app.close();
    expect(err).toBeDefined();
    return startupProblem('kit-test', err);
  };

  it('names PostgreSQL, without the password, when DATABASE_URL is wrong', async () => {
    const port = await freePort();
    const line = await failure({ DATABASE_URL: `postgres://kit:s3cret@127.0.0.1:${port}/nowhere` });
    expect(line).toMatch(
      new RegExp(
        `^kit-test: Cannot reach PostgreSQL at postgres://kit:\\*\\*\\*@127\\.0\\.0\\.1:${port}/nowhere ` +
          `\\(.*ECONNREFUSED.*\\)\\. Set DATABASE_URL, or start PostgreSQL\\.$`,
      ),
    );
    expect(line).not.toContain('s3cret');
  });

  it('names NATS when it is not running', async () => {
    const port = await freePort();
    expect(await failure({ NATS_URL: `nats://127.0.0.1:${port}` })).toMatch(
      new RegExp(
        `^kit-test: Cannot reach NATS at nats://127\\.0\\.0\\.1:${port} \\(.*\\)\\. Is nats-server running`,
      ),
    );
  });

  it('names the bus keys when they are missing: no caller is trusted unverified', async () => {
    expect(await failure({ SESSION_PUBLIC_KEYS: '' })).toBe(
      'kit-test: SESSION_PUBLIC_KEYS or SESSION_PUBLIC_KEYS_FILE is required: the bus trusts no caller it cannot verify',
    );
    expect(await failure({ GATEWAY_PUBLIC_KEYS: 'not a key' })).toBe(
      'kit-test: GATEWAY_PUBLIC_KEYS is neither a JWKS document nor PEM public keys',
    );
  });

  it('names EVENT_RETENTION_DAYS when events would not outlive the session revocations read at start', async () => {
    expect(await failure({ EVENT_RETENTION_DAYS: '1', SESSION_REVOCATION_LOOKBACK_SECONDS: '172800' })).toBe(
      'kit-test: EVENT_RETENTION_DAYS (1) keeps events for less than SESSION_REVOCATION_LOOKBACK_SECONDS (172800): ' +
        'ended sessions would be forgotten. Raise it, or set it to 0 to keep events forever',
    );
  });

  it('names the HTTP port when it is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      expect(await failure({ KIT_TEST_HTTP_PORT: String(port) })).toMatch(
        /^kit-test: Cannot listen for health checks: listen EADDRINUSE/,
      );
    } finally {
      taken.close();
    }
  });

  it('names every bad variable of the configuration', () => {
    let err: unknown;
    try {
      parseConfig(kitTestService.config, { KIT_TEST_HTTP_PORT: 'eighty', DB_POOL_SIZE: '0' });
    } catch (e) {
      err = e;
    }
    expect(startupProblem('kit-test', err)).toBe(
      'kit-test: Invalid configuration:\n  KIT_TEST_HTTP_PORT: Invalid input: expected number, received NaN\n' +
        '  DB_POOL_SIZE: Too small: expected number to be >0',
    );
  });
});

describe('a consumer of a stream whose producer has not run yet', () => {
  const ThingHappened = defineEvent('elsewhere.thing.happened.v1', z.object({ id: z.string() }));
  const withElsewhereConsumer = {
    ...kitTestService,
    consumers: [
      ...(kitTestService.consumers ?? []),
      {
        name: 'kit-test-elsewhere',
        stream: 'ELSEWHERE',
        register: (
          consumer: Parameters<NonNullable<typeof kitTestService.consumers>[number]['register']>[0],
        ) =>
          consumer.on(ThingHappened, async (event, tx) => {
            await tx.insert(seenNotes).values({ noteId: event.payload.id });
          }),
      },
    ],
  };

  it('never creates the stream itself, and reads it from the start once its producer made it', async () => {
    const env = testServiceEnv({ KIT_TEST_HTTP_PORT: '0' });
    const prefix = env.NATS_SUBJECT_PREFIX!;
    const stream = streamName(prefix, 'ELSEWHERE');
    const nc = await connect({ servers: env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    const jsm = await nc.jetstreamManager();
    try {
      const h = await startService(serviceUnderTest(withElsewhereConsumer), { env });
      try {
        // The service is up and serving, its consumer waiting: the producer's stream is not there.
        expect((await h.get('/readyz')).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 700));
        await expect(jsm.streams.info(stream)).rejects.toThrow(/stream not found/);

        await ensureStream(nc, {
          name: stream,
          subjects: [prefixed(prefix, ThingHappened.name), prefixed(prefix, 'elsewhere.other.v1')],
          description: 'the producer’s own',
        });
        const id = randomUUID();
        const envelope = {
          id,
          type: ThingHappened.name,
          occurredAt: new Date().toISOString(),
          customerId: null,
          payload: { id },
        };
        await publishSignedEvent(nc.jetstream(), prefixed(prefix, ThingHappened.name), envelope, {
          signer: eventSigner,
        });
        await waitFor(async () => ((await seen(h.app, id)).length === 1 ? true : undefined), 20_000);
        const info = await jsm.streams.info(stream);
        expect(info.config.description).toBe('the producer’s own');
        expect(info.config.subjects).toHaveLength(2);
      } finally {
        await h.close();
      }
    } finally {
      await jsm.streams.delete(stream).catch(() => undefined);
      await nc.close();
    }
  });
});
