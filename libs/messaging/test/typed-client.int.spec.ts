import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload, type MicroserviceOptions } from '@nestjs/microservices';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { z } from 'zod';
import { defineRequest, requiredString, ServiceError, type ParsedRequestOf } from '@planted/contracts';
import { createLogger, currentRequestId, REQUEST_ID_HEADER, runWithRequestId } from '@planted/logging';
import { TestNatsServer, uniqueName } from '@planted/testing';
import {
  connectNats,
  currentIdempotencyKey,
  NatsTypedClient,
  OutcomeUnknownError,
  prefixed,
  PrefixedNatsServer,
  reusableReply,
  ServiceErrorFilter,
  type IncomingRequest,
  SubjectPipe,
  runWithIdempotencyKey,
} from '../src';

jest.setTimeout(30_000);

const Greet = defineRequest(
  'test.greeting.create.v1',
  z.object({
    name: requiredString('Name is required'),
    times: z.number().int().min(1, { error: 'Times must be at least 1' }).default(1),
  }),
  z.object({
    greeting: z.string(),
    requestId: z.string().nullable(),
    idempotencyKey: z.string().nullable(),
  }),
  { caller: 'public' },
);
const Refuse = defineRequest('test.greeting.refuse.v1', z.object({}), z.object({}), { caller: 'public' });
const Crash = defineRequest('test.greeting.crash.v1', z.object({}), z.object({}), { caller: 'public' });
const Slow = defineRequest('test.greeting.slow.v1', z.object({}), z.object({ late: z.boolean() }), {
  caller: 'public',
});
const Huge = defineRequest('test.huge.v1', z.object({}), z.object({ text: z.string() }), {
  caller: 'public',
});
const Unserved = defineRequest('test.unserved.v1', z.object({}), z.object({}), { caller: 'public' });
const Count = defineRequest('test.counter.increment.v1', z.object({}), z.object({ handledBy: z.number() }), {
  caller: 'public',
});

const Echo = defineRequest(
  'test.echo.v1',
  z.object({ value: z.unknown() }),
  z.object({ value: z.string(), extra: z.string().optional() }),
  { caller: 'public' },
);
const Shared = defineRequest(
  'test.shared.v1',
  z.object({}),
  z.object({ items: z.array(z.object({ id: z.string() })), total: z.number() }),
  { caller: 'public' },
);
/** The one answer every replica gives to Shared, the same object each time. */
const sharedAnswer = reusableReply({ items: [{ id: 'a' }, { id: 'b' }], total: 2 });

/** Requests each replica handled, to show a request runs on one replica only. */
const handledByReplica = new Map<number, number>();
let nextReplica = 0;

@Controller()
class GreetingHandlers {
  private readonly replica = nextReplica++;

  @MessagePattern(Count.name)
  count() {
    handledByReplica.set(this.replica, (handledByReplica.get(this.replica) ?? 0) + 1);
    return { handledBy: this.replica };
  }

  @MessagePattern(Greet.name)
  async greet(@Payload(new SubjectPipe(Greet)) body: ParsedRequestOf<typeof Greet>) {
    // The request id must survive an await inside the handler.
    await new Promise((resolve) => setImmediate(resolve));
    return {
      greeting: `Hello ${body.name}`.repeat(body.times),
      requestId: currentRequestId() ?? null,
      idempotencyKey: currentIdempotencyKey() ?? null,
    };
  }

  @MessagePattern(Echo.name)
  echo(@Payload(new SubjectPipe(Echo)) body: ParsedRequestOf<typeof Echo>) {
    return { value: body.value, unknownField: 'dropped by the schema' };
  }

  @MessagePattern(Shared.name)
  shared() {
    return sharedAnswer;
  }

  @MessagePattern(Slow.name)
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { late: true };
  }

  @MessagePattern(Refuse.name)
  refuse(): never {
    throw new ServiceError('HIRE_LIMIT_REACHED', 'Hire limit reached', [
      { param: 'plan', msg: 'Upgrade to add hires' },
    ]);
  }

  @MessagePattern(Huge.name)
  huge() {
    // Past NATS's default max_payload (1 MB).
    return { text: 'x'.repeat(1_200_000) };
  }

  @MessagePattern(Crash.name)
  crash(): never {
    throw new Error('connection to db-password-hunter2 failed');
  }
}

@Module({ controllers: [GreetingHandlers] })
class GreetingModule {}

/** The servers' log lines, parsed. */
const logLines: Array<Record<string, unknown>> = [];
const logger = createLogger(
  'typed-client-test',
  { level: 'debug' },
  {
    write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>),
  },
);
/** What the servers reported: subject and outcome of each request, and how many are in flight. */
const outcomes: string[] = [];
let inFlight = 0;
const observer = {
  started: () => void inFlight++,
  finished: (subject: string, outcome: string) => {
    inFlight--;
    outcomes.push(`${subject} ${outcome}`);
  },
};
/** Admission refuses requests carrying this header, to show it runs before every handler. */
const REFUSE_HEADER = 'x-test-not-admitted';
const admit = ({ headers }: IncomingRequest) => {
  if (headers?.get(REFUSE_HEADER)) throw new ServiceError('UNAUTHENTICATED', 'Not admitted');
};
const prefix = uniqueName('t');
const encoder = new TextEncoder();
const decoder = new TextDecoder();

let nats: TestNatsServer;
let replicas: INestMicroservice[] = [];
let nc: NatsConnection;
let client: NatsTypedClient;

beforeAll(async () => {
  nats = await TestNatsServer.start();
  // Two replicas of the service, configured as services are (no explicit queue group).
  replicas = await Promise.all([startReplica(), startReplica()]);
  nc = await connectNats(nats.url, 'typed-client-test');
  client = new NatsTypedClient(nc, prefix, 5000);
});

afterAll(async () => {
  await nc?.close();
  await Promise.all(replicas.map((app) => app.close()));
  await nats?.dispose();
});

async function startReplica(): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(GreetingModule, {
    strategy: new PrefixedNatsServer({ servers: nats.url }, prefix, { logger, observer, admit }),
    logger: false,
  });
  app.useGlobalFilters(new ServiceErrorFilter(logger));
  await app.listen();
  return app;
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('NatsTypedClient with a PrefixedNatsServer Nest microservice', () => {
  it('round-trips a request on the prefixed subject, with the reply parsed', async () => {
    const reply = await client.send(Greet, { name: '  Ada ' });
    expect(reply).toEqual({ greeting: 'Hello Ada', requestId: expect.any(String), idempotencyKey: null });
  });

  it('serves the subject only under its prefix', async () => {
    await expect(nc.request(Greet.name, encoder.encode('{}'), { timeout: 2000 })).rejects.toMatchObject({
      code: '503',
    });
    const other = new NatsTypedClient(nc, uniqueName('other'), 2000);
    expect((await rejection(other.send(Greet, { name: 'Ada' }))).code).toBe('UNAVAILABLE');
  });

  it('carries the caller request id into the handler', async () => {
    const reply = await runWithRequestId('req-caller-42', () => client.send(Greet, { name: 'Ada' }));
    expect(reply.requestId).toBe('req-caller-42');
  });

  it('carries the caller’s Idempotency-Key into the handler, and none when it has none', async () => {
    const keyed = await runWithIdempotencyKey('key-7f3a', () => client.send(Greet, { name: 'Ada' }));
    expect(keyed.idempotencyKey).toBe('key-7f3a');
    expect((await client.send(Greet, { name: 'Ada' })).idempotencyKey).toBeNull();
  });

  it('logs each outcome, failures included, with the caller request id', async () => {
    await runWithRequestId('req-log-ok', () => client.send(Greet, { name: 'Ada' }));
    await rejection(runWithRequestId('req-log-refused', () => client.send(Refuse, {})));
    await rejection(runWithRequestId('req-log-crash', () => client.send(Crash, {})));
    const line = (id: string, msg: string) => logLines.find((l) => l.requestId === id && l.msg === msg);
    expect(line('req-log-ok', 'handled')).toMatchObject({ subject: Greet.name, ms: expect.any(Number) });
    expect(line('req-log-refused', 'handled with error')).toMatchObject({ code: 'HIRE_LIMIT_REACHED' });
    expect(line('req-log-crash', 'handled with error')).toMatchObject({ code: 'INTERNAL' });
    expect(line('req-log-crash', 'unhandled error in handler')).toBeDefined();
    // From another caller, the request id can only come from the NATS header.
    const hdrs = natsHeaders();
    hdrs.set(REQUEST_ID_HEADER, 'req-log-header');
    const packet = { pattern: Refuse.name, data: {}, id: 'raw-3' };
    const other = await connectNats(nats.url, 'typed-client-other-caller');
    try {
      await other.request(prefixed(prefix, Refuse.name), encoder.encode(JSON.stringify(packet)), {
        timeout: 5000,
        headers: hdrs,
      });
    } finally {
      await other.close();
    }
    expect(line('req-log-header', 'handled with error')).toMatchObject({ code: 'HIRE_LIMIT_REACHED' });
  });

  it('refuses a request at admission with its code, before the handler runs', async () => {
    handledByReplica.clear();
    outcomes.length = 0;
    const hdrs = natsHeaders();
    hdrs.set(REFUSE_HEADER, 'yes');
    const packet = { pattern: Count.name, data: {}, id: 'raw-admit' };
    const reply = await nc.request(prefixed(prefix, Count.name), encoder.encode(JSON.stringify(packet)), {
      timeout: 5000,
      headers: hdrs,
    });
    expect(JSON.parse(decoder.decode(reply.data))).toMatchObject({
      err: { code: 'UNAUTHENTICATED', message: 'Not admitted' },
    });
    expect(handledByReplica.size).toBe(0);
    expect(outcomes).toEqual([`${Count.name} UNAUTHENTICATED`]);
    await client.send(Count, {});
    expect(handledByReplica.size).toBe(1);
  });

  it('keeps each request id apart when requests run concurrently', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `req-${i}`);
    const replies = await Promise.all(
      ids.map((id) => runWithRequestId(id, () => client.send(Greet, { name: 'Ada' }))),
    );
    expect(replies.map((r) => r.requestId)).toEqual(ids);
  });

  it('runs each request on one replica only (queue group by default)', async () => {
    handledByReplica.clear();
    await Promise.all(Array.from({ length: 40 }, () => client.send(Count, {})));
    const total = [...handledByReplica.values()].reduce((sum, n) => sum + n, 0);
    expect(total).toBe(40);
  });

  it('rejects an invalid payload before sending, with field details', async () => {
    const err = await rejection(client.send(Greet, { name: '   ', times: 0 }));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.message).toBe('Name is required');
    expect(err.details).toEqual([
      { param: 'name', msg: 'Name is required' },
      { param: 'times', msg: 'Times must be at least 1' },
    ]);
  });

  it('answers VALIDATION_FAILED with details when the service receives an invalid payload', async () => {
    const packet = { pattern: Greet.name, data: { times: 0 }, id: 'raw-1' };
    const msg = await nc.request(prefixed(prefix, Greet.name), encoder.encode(JSON.stringify(packet)), {
      timeout: 5000,
    });
    const reply = JSON.parse(decoder.decode(msg.data)) as { err?: unknown };
    expect(reply.err).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Name is required',
      details: [
        { param: 'name', msg: 'Name is required' },
        { param: 'times', msg: 'Times must be at least 1' },
      ],
    });
  });

  it('delivers a ServiceError thrown by the handler with its code, message and details', async () => {
    const err = await rejection(client.send(Refuse, {}));
    expect(err.code).toBe('HIRE_LIMIT_REACHED');
    expect(err.message).toBe('Hire limit reached');
    expect(err.details).toEqual([{ param: 'plan', msg: 'Upgrade to add hires' }]);
  });

  it('answers an answer too large for the bus with words, and goes on serving (it used to end the process)', async () => {
    const err = await rejection(client.send(Huge, {}));
    expect({ code: err.code, message: err.message }).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The answer is too large to send. Ask for fewer items (a smaller limit).',
    });
    expect(
      logLines.some((line) => line.msg === 'reply not sent' && String(line.subject).endsWith(Huge.name)),
    ).toBe(true);
    await expect(client.send(Greet, { name: 'Ada' })).resolves.toMatchObject({
      greeting: expect.any(String),
    });
  });

  it('turns an unexpected handler error into INTERNAL without its internals', async () => {
    const err = await rejection(client.send(Crash, {}));
    expect(err.code).toBe('INTERNAL');
    expect(err.message).toBe('Internal error');
  });

  it('fails with UNAVAILABLE after the timeout, ignores the late reply, and goes on working', async () => {
    const err = await rejection(client.send(Slow, {}, { timeoutMs: 100 }));
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.message).toBe('test.greeting.slow.v1 timed out');
    // The service may still carry it out: the gateway says the outcome is unknown.
    expect(err).toBeInstanceOf(OutcomeUnknownError);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the late reply arrives meanwhile
    expect(await client.send(Slow, {}, { timeoutMs: 5000 })).toEqual({ late: true });
  });

  it('fails requests in flight with UNAVAILABLE when the connection closes, and later ones at once', async () => {
    const own = await connectNats(nats.url, 'typed-client-closing');
    const closing = new NatsTypedClient(own, prefix, 10_000);
    const inFlight = rejection(closing.send(Slow, {}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await own.close();
    expect((await inFlight).code).toBe('UNAVAILABLE');
    expect(await inFlight).toBeInstanceOf(OutcomeUnknownError);
    expect((await rejection(closing.send(Greet, { name: 'Ada' }))).message).toMatch(/connection is closed/);
  });

  it('reports each request and its outcome to the observer', async () => {
    // Earlier tests leave slow requests running on purpose; let them finish first.
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    outcomes.length = 0;
    await client.send(Greet, { name: 'Ada' });
    await rejection(client.send(Refuse, {}));
    await rejection(client.send(Crash, {}));
    const packet = { pattern: Greet.name, data: { times: 0 }, id: 'raw-2' };
    await nc.request(prefixed(prefix, Greet.name), encoder.encode(JSON.stringify(packet)), { timeout: 5000 });
    expect(outcomes).toEqual([
      'test.greeting.create.v1 ok',
      'test.greeting.refuse.v1 HIRE_LIMIT_REACHED',
      'test.greeting.crash.v1 INTERNAL',
      'test.greeting.create.v1 VALIDATION_FAILED',
    ]);
    expect(inFlight).toBe(0);
  });

  it('fails with UNAVAILABLE at once when nobody serves the subject', async () => {
    const started = Date.now();
    const err = await rejection(client.send(Unserved, {}, { timeoutMs: 10_000 }));
    expect(err.code).toBe('UNAVAILABLE');
    // Nobody took it: certainly not carried out.
    expect(err).not.toBeInstanceOf(OutcomeUnknownError);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('replies as JSON text (sendForJson) and answers serialized once (reusableReply)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the JSON of what send answers: the reply parsed with the schema (unknown fields dropped)', async () => {
    const json = await client.sendForJson(Echo, { value: 'one' });
    expect(json).toBe(JSON.stringify(await client.send(Echo, { value: 'one' })));
    expect(JSON.parse(json)).toEqual({ value: 'one' });
  });

  it('checks a reply text once: the same text again is answered without parsing it again', async () => {
    const check = jest.spyOn(Echo.response, 'safeParse');
    const first = await client.sendForJson(Echo, { value: 'repeated' });
    expect(check).toHaveBeenCalledTimes(1);
    expect(await client.sendForJson(Echo, { value: 'repeated' })).toBe(first);
    expect(check).toHaveBeenCalledTimes(1);
    // Another text is checked.
    expect(JSON.parse(await client.sendForJson(Echo, { value: 'other' }))).toEqual({ value: 'other' });
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('refuses a reply that breaks the schema, every time, and the service’s errors as send does', async () => {
    await client.sendForJson(Echo, { value: 'valid first' });
    for (let i = 0; i < 2; i++) {
      const err = await rejection(client.sendForJson(Echo, { value: 7 }));
      expect(err).toMatchObject({ code: 'INTERNAL', message: `Malformed reply from ${Echo.name}` });
    }
    const refused = await rejection(client.sendForJson(Refuse, {}));
    expect(refused).toMatchObject({ code: 'HIRE_LIMIT_REACHED', message: 'Hire limit reached' });
    expect((await rejection(client.sendForJson(Unserved, {}))).code).toBe('UNAVAILABLE');
  });

  it('writes a reusable answer from the bytes serialized the first time; it is frozen', async () => {
    const stringify = jest.spyOn(JSON, 'stringify');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.send(Shared, {}));
    expect(answers).toEqual(Array(4).fill({ items: [{ id: 'a' }, { id: 'b' }], total: 2 }));
    // Once per replica at most (each keeps its own bytes), not once per request.
    const serialized = stringify.mock.calls.filter(([value]) => value === sharedAnswer).length;
    expect(serialized).toBeGreaterThanOrEqual(1);
    expect(serialized).toBeLessThanOrEqual(2);
    expect(Object.isFrozen(sharedAnswer) && Object.isFrozen(sharedAnswer.items[0])).toBe(true);
    expect(() => {
      (sharedAnswer.items as { id: string }[]).push({ id: 'c' });
    }).toThrow();
  });
});
