import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { Pool } from 'pg';
import { z } from 'zod';
import { defineEvent, type EventEnvelope } from '@planted/contracts';
import { Database, runAtCommit } from '@planted/db';
import { createLogger, currentRequestId, runWithRequestId } from '@planted/logging';
import {
  indexPlanOf,
  testDatabaseUrl,
  testKeys,
  TestNatsServer,
  uniqueName,
  waitFor,
} from '@planted/testing';
import {
  addToOutbox,
  connectNats,
  ensureStream,
  EVENT_SIGNATURE_HEADER,
  EventConsumer,
  EventSigner,
  OutboxRelay,
  outboxTable,
  prefixed,
  processedEventsTable,
  publishSignedEvent,
  streamName,
} from '../src';
import { createSchema, dropSchema } from './support/database';

jest.setTimeout(30_000);

const schemaName = uniqueName('messaging');
const schema = pgSchema(schemaName);
const outbox = outboxTable(schema);
const processedEvents = processedEventsTable(schema);
/** The consumer's effect: one row per event, counting how many times it was applied. */
const effects = schema.table('effects', {
  eventId: uuid('event_id').primaryKey(),
  amount: integer('amount').notNull(),
  applications: integer('applications').notNull(),
  requestId: text('request_id'),
});

const Deposited = defineEvent(
  'test.account.deposited.v1',
  z.object({ amount: z.number().int(), failTimes: z.number().int().optional() }),
);

const Withdrawn = defineEvent('test.account.withdrawn.v1', z.object({ amount: z.number().int() }));

/** Applied by a consumer on the db library's Database, its write left for the COMMIT. */
const Refunded = defineEvent('test.account.refunded.v1', z.object({ amount: z.number().int() }));

/** An event no stream takes: JetStream refuses its publish (no responders). */
const Strayed = defineEvent('stray.thing.happened.v1', z.object({ amount: z.number().int() }));

const CONSUMER = 'test-effects';
const MAX_DELIVER = 3;

/** Every log line, to check what the relay and the consumer reported. */
const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];
const logger = createLogger(
  'messaging-test',
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()));
      done();
    },
  }),
);

const prefix = uniqueName('t');
/** The deployment's event signer: the relay signs with it, the consumers check with it. */
const signer = EventSigner.fromSetting(testKeys().events);
const stream = streamName(prefix, 'TEST');
const handlerCalls = new Map<string, number>();
/** Redeliveries the consumer reported to its observer (what feeds consumer_redeliveries_total). */
const redeliveries: { consumer: string; subject: string }[] = [];
/** Every event id the handler was called with, in call order. */
const handlerOrder: string[] = [];

let nats: TestNatsServer;
let pool: Pool;
let db: ReturnType<typeof drizzle>;
type TestTx = Parameters<Parameters<typeof db.transaction>[0]>[0];
let nc: NatsConnection;
let relay: OutboxRelay;
let consumer: EventConsumer<TestTx>;

async function applyDeposit(event: EventEnvelope<z.output<typeof Deposited.payload>>, tx: TestTx) {
  const calls = (handlerCalls.get(event.id) ?? 0) + 1;
  handlerCalls.set(event.id, calls);
  handlerOrder.push(event.id);
  await tx
    .insert(effects)
    .values({
      eventId: event.id,
      amount: event.payload.amount,
      applications: 1,
      requestId: currentRequestId() ?? null,
    })
    .onConflictDoUpdate({ target: effects.eventId, set: { applications: sql`${effects.applications} + 1` } });
  // Fails after writing, so the test also shows the failed attempt's writes roll back.
  if (calls <= (event.payload.failTimes ?? 0)) throw new Error(`transient failure ${calls}`);
}

/** Writes each event in its own transaction, as a service does, then nudges the relay. */
async function writeEvents(
  payloads: z.input<typeof Deposited.payload>[],
  requestId?: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const payload of payloads) {
    const id = await runWithRequestId(requestId, () =>
      db.transaction((tx) => addToOutbox(tx, outbox, Deposited, payload)),
    );
    ids.push(id);
    relay.notify();
  }
  return ids;
}

function amounts(n: number, from = 1) {
  return Array.from({ length: n }, (_, i) => ({ amount: from + i }));
}

async function effectsOf(ids: string[]) {
  return db.select().from(effects).where(inArray(effects.eventId, ids));
}

async function processedCount(ids: string[]): Promise<number> {
  const rows = await db.select().from(processedEvents).where(inArray(processedEvents.eventId, ids));
  return rows.length;
}

async function unpublishedCount(): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from "${schemaName}".outbox where published_at is null`,
  );
  return rows[0]!.n;
}

async function streamMessages(): Promise<number> {
  const jsm = await nc.jetstreamManager();
  return (await jsm.streams.info(stream)).state.messages;
}

/** The event ids of the stream's messages from sequence `from` on, in stream order. */
async function streamEventIds(from: number): Promise<string[]> {
  const jsm = await nc.jetstreamManager();
  const last = (await jsm.streams.info(stream)).state.last_seq;
  const ids: string[] = [];
  for (let seq = from; seq <= last; seq++) {
    const message = await jsm.streams.getMessage(stream, { seq });
    ids.push((JSON.parse(new TextDecoder().decode(message.data)) as EventEnvelope).id);
  }
  return ids;
}

async function lastSeq(): Promise<number> {
  const jsm = await nc.jetstreamManager();
  return (await jsm.streams.info(stream)).state.last_seq;
}

/** Writes events while the consumer is stopped, so that it then receives them all at once. */
async function writeWhileConsumerStopped(payloads: z.input<typeof Deposited.payload>[]): Promise<string[]> {
  await consumer.stop();
  const ids = await writeEvents(payloads);
  await waitFor(async () => ((await unpublishedCount()) === 0 ? true : undefined));
  await consumer.start();
  return ids;
}

function allApplied(ids: string[]) {
  return async () => ((await effectsOf(ids)).length === ids.length ? true : undefined);
}

/** What the test's consumers share: the stream, quick retries, few deliveries. */
function consumerOptions() {
  return {
    nc,
    stream,
    subjectPrefix: prefix,
    processedEvents,
    logger,
    signer,
    maxDeliver: MAX_DELIVER,
    retryDelayMs: 50,
    maxRetryDelayMs: 200,
    pullExpiresMs: 2000,
  };
}

/** A relay of this test's outbox on its connections; `over` changes what a test needs. */
const newRelay = (over: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) =>
  new OutboxRelay({ db: pool, table: outbox, nc, subjectPrefix: prefix, logger, signer, ...over });

beforeAll(async () => {
  nats = await TestNatsServer.start();
  pool = new Pool({ connectionString: testDatabaseUrl(), max: 6 });
  db = drizzle(pool);
  await createSchema(pool, { schema, outbox, processedEvents, effects });
  nc = await connectNats(nats.url, 'messaging-test', logger, { reconnectTimeWait: 100 });
  await ensureStream(nc, { name: stream, subjects: [prefixed(prefix, 'test.>')] });
  relay = newRelay({ pollIntervalMs: 100, publishTimeoutMs: 1000, maxBackoffMs: 1000 });
  consumer = new EventConsumer({
    ...consumerOptions(),
    name: CONSUMER,
    db,
    observer: { redelivered: (name, subject) => redeliveries.push({ consumer: name, subject }) },
  }).on(Deposited, applyDeposit);
  relay.start();
  await consumer.start();
});

afterAll(async () => {
  await relay?.stop();
  await consumer?.stop();
  await nc?.close();
  await nats?.dispose();
  if (pool) {
    await dropSchema(pool, schemaName);
    await pool.end();
  }
});

describe('outbox → JetStream → idempotent consumer', () => {
  it('applies every event exactly once when NATS crashes and comes back while events are written', async () => {
    const before = await writeEvents(amounts(5), 'req-before');
    await waitFor(allApplied(before));
    const messagesBefore = await streamMessages();

    await nats.stop('SIGKILL');
    const warningsBefore = logLines.filter((l) => l.msg.startsWith('outbox relay cannot publish')).length;
    const during = await writeEvents(amounts(20, 6), 'req-during');

    // The relay tried, failed, said so, and kept every row.
    await waitFor(() =>
      logLines.filter((l) => l.msg.startsWith('outbox relay cannot publish')).length > warningsBefore
        ? true
        : undefined,
    );
    expect(await unpublishedCount()).toBe(20);

    await nats.restart();
    await waitFor(
      async () => ((await unpublishedCount()) === 0 && (await allApplied(during)()) ? true : undefined),
      20_000,
    );

    const all = [...before, ...during];
    const rows = await effectsOf(all);
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.applications === 1)).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe((25 * 26) / 2);
    expect(await processedCount(all)).toBe(25);
    // Nothing was published twice either.
    expect((await streamMessages()) - messagesBefore).toBe(20);
    // Handlers ran inside the request id of the request that wrote the event.
    expect(new Set(rows.filter((r) => before.includes(r.eventId)).map((r) => r.requestId))).toEqual(
      new Set(['req-before']),
    );
    expect(new Set(rows.filter((r) => during.includes(r.eventId)).map((r) => r.requestId))).toEqual(
      new Set(['req-during']),
    );
  });

  it('drops a duplicate publish of an event id, and a re-published event changes nothing', async () => {
    const [id] = await writeEvents([{ amount: 7 }]);
    await waitFor(allApplied([id!]));
    const [row] = await db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, [id!]));
    const envelope: EventEnvelope = {
      id: id!,
      type: row!.subject,
      occurredAt: new Date(row!.occurredAt).toISOString(),
      customerId: row!.customerId,
      payload: row!.payload,
    };
    const js = nc.jetstream();
    const subject = prefixed(prefix, Deposited.name);

    // The same Nats-Msg-Id within the duplicate window: JetStream drops it.
    const duplicate = await publishSignedEvent(js, subject, envelope, { signer });
    expect(duplicate.duplicate).toBe(true);

    // The same event under another message id (as after the window): it is delivered, and skipped.
    const republished = await publishSignedEvent(js, subject, envelope, { signer, msgID: randomUUID() });
    expect(republished.duplicate).toBe(false);
    await waitFor(() =>
      logLines.some(
        (l) => l.eventId === id && l.seq === republished.seq && l.msg === 'event already applied; skipped',
      )
        ? true
        : undefined,
    );

    const [effect] = await effectsOf([id!]);
    expect(effect!.applications).toBe(1);
    expect(handlerCalls.get(id!)).toBe(1);
    expect(await processedCount([id!])).toBe(1);
  });

  it('applies no event it cannot verify: unsigned, signed with another secret, or changed after signing', async () => {
    const js = nc.jetstream();
    const subject = prefixed(prefix, Deposited.name);
    const forged = (amount: number): EventEnvelope => ({
      id: randomUUID(),
      type: Deposited.name,
      occurredAt: new Date().toISOString(),
      customerId: null,
      payload: { amount },
    });
    const unsigned = forged(901);
    await js.publish(subject, JSON.stringify(unsigned), { msgID: unsigned.id });
    const otherSecret = forged(902);
    await publishSignedEvent(js, subject, otherSecret, {
      signer: EventSigner.fromSetting('a-secret-of-another-deployment-000000'),
    });
    // Signed, then its payload changed on the way (the signature header kept).
    const tampered = forged(903);
    const genuine = new TextEncoder().encode(JSON.stringify(tampered));
    const changed = new TextEncoder().encode(JSON.stringify({ ...tampered, payload: { amount: 9_999 } }));
    const hdrs = natsHeaders();
    hdrs.set(EVENT_SIGNATURE_HEADER, signer.sign(genuine));
    await js.publish(subject, changed, { msgID: tampered.id, headers: hdrs });
    // And one genuine event after them, which is applied.
    const [real] = await writeEvents([{ amount: 904 }]);
    await waitFor(allApplied([real!]));

    // The consumer reads the stream in order: by the time the genuine event is applied, it has read the three before it.
    const forgedIds = [unsigned.id, otherSecret.id, tampered.id];
    const terminated = () =>
      logLines.filter(
        (l) =>
          l.msg === 'malformed event terminated' && String(l.reason).startsWith('unsigned or forged event'),
      ).length;
    await waitFor(() => (terminated() >= 3 ? true : undefined));
    expect(await effectsOf(forgedIds)).toEqual([]);
    expect(await processedCount(forgedIds)).toBe(0);
    for (const id of forgedIds) expect(handlerCalls.get(id)).toBeUndefined();
  });

  it('applies no genuine event stored under another subject (a deliver subject pointed there), and logs it', async () => {
    const js = nc.jetstream();
    // Signed with the deployment's secret, but of another type: stored under Deposited's subject.
    const strayed: EventEnvelope = {
      id: randomUUID(),
      type: Withdrawn.name,
      occurredAt: new Date().toISOString(),
      customerId: null,
      payload: { amount: 905 },
    };
    await publishSignedEvent(js, prefixed(prefix, Deposited.name), strayed, { signer });
    const [real] = await writeEvents([{ amount: 906 }]);
    await waitFor(allApplied([real!]));
    await waitFor(() =>
      logLines.some(
        (l) =>
          l.msg === 'malformed event terminated' &&
          l.reason ===
            `event of type ${Withdrawn.name} stored under another subject (redirected by a consumer's deliver subject?)`,
      )
        ? true
        : undefined,
    );
    expect(await processedCount([strayed.id])).toBe(0);
    expect(handlerCalls.get(strayed.id)).toBeUndefined();
  });

  it('applies a redelivered event once, and terminates a poison event without blocking the rest', async () => {
    const [flaky, poison, healthy] = await writeEvents([
      { amount: 1, failTimes: 1 },
      { amount: 2, failTimes: 99 },
      { amount: 3 },
    ]);
    await waitFor(allApplied([flaky!, healthy!]));
    await waitFor(() =>
      logLines.some((l) => l.eventId === poison && l.msg === 'event handler kept failing; event terminated')
        ? true
        : undefined,
    );

    // The flaky handler ran twice (the first attempt's writes rolled back) and applied once.
    expect(handlerCalls.get(flaky!)).toBe(2);
    const rows = await effectsOf([flaky!, poison!, healthy!]);
    expect(rows.map((r) => [r.eventId, r.applications]).sort()).toEqual(
      [
        [flaky!, 1],
        [healthy!, 1],
      ].sort(),
    );
    expect(handlerCalls.get(poison!)).toBe(MAX_DELIVER);
    expect(await processedCount([flaky!, poison!, healthy!])).toBe(2);
  });

  it('re-creates its durable consumer when it disappears and keeps applying events once', async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.consumers.delete(stream, CONSUMER);
    const [id] = await writeEvents([{ amount: 9 }]);
    await waitFor(allApplied([id!]));
    expect(logLines.some((l) => l.msg === 'event consumer interrupted; retrying')).toBe(true);
    // The new consumer starts from the beginning of the stream: every earlier event is skipped.
    await waitFor(async () => {
      const info = await jsm.consumers.info(stream, CONSUMER);
      return info.num_pending === 0 && info.num_ack_pending === 0 ? true : undefined;
    });
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from "${schemaName}".effects where applications <> 1`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('stops when told to while it is still starting (nats.js settles a close only once its messages are read)', async () => {
    const starting = new EventConsumer({ ...consumerOptions(), name: `${CONSUMER}-starting`, db }).on(
      Deposited,
      async () => undefined,
    );
    // start() returns while the loop waits for NATS to set up the durable consumer.
    const started = starting.start();
    const outcome = await Promise.race([
      starting.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still running after 5 s'), 5000)),
    ]);
    await started;
    expect(outcome).toBe('stopped');
    const jsm = await nc.jetstreamManager();
    await jsm.consumers.delete(stream, `${CONSUMER}-starting`).catch(() => undefined);
  });

  it('takes on a new event type when a handler is added to an existing durable consumer', async () => {
    const options = {
      nc,
      stream,
      name: 'test-multi',
      subjectPrefix: prefix,
      db,
      processedEvents,
      logger,
      signer,
      retryDelayMs: 50,
    };
    const first = new EventConsumer(options).on(Deposited, async () => undefined);
    await first.start();
    await first.stop();

    const withdrawn: string[] = [];
    const second = new EventConsumer(options)
      .on(Deposited, async () => undefined)
      .on(Withdrawn, async (event) => void withdrawn.push(event.id));
    await second.start();
    try {
      const id = await db.transaction((tx) => addToOutbox(tx, outbox, Withdrawn, { amount: 5 }));
      relay.notify();
      await waitFor(() => (withdrawn.includes(id) ? true : undefined));
      expect(withdrawn).toEqual([id]);
    } finally {
      await second.stop();
    }
  });

  it('skips rows another replica holds instead of waiting for them', async () => {
    await relay.stop();
    try {
      const ids = await writeEvents(amounts(3, 100));
      const other = await pool.connect();
      try {
        await other.query('begin');
        await other.query(`select id from "${schemaName}".outbox where id = $1 for update`, [ids[0]]);
        const second = newRelay();
        expect(await second.relayOnce()).toBe(2);
        expect(await unpublishedCount()).toBe(1);
        await second.stop();
      } finally {
        await other.query('rollback');
        other.release();
      }
      relay.start();
      await waitFor(async () =>
        (await unpublishedCount()) === 0 && (await allApplied(ids)()) ? true : undefined,
      );
    } finally {
      relay.start();
    }
  });

  it('relays one outbox from two replicas: every row once, in the order it was written', async () => {
    await relay.stop();
    // The first replica is slow to publish (a slow link to JetStream): it has claimed its
    // batch when the second one looks, and the second must not publish the rows after it.
    let slowPublishing!: () => void;
    const slowStarted = new Promise<void>((resolve) => (slowPublishing = resolve));
    const js = nc.jetstream();
    const slowNc = {
      jetstream: () => ({
        publish: async (...args: Parameters<typeof js.publish>) => {
          slowPublishing();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return js.publish(...args);
        },
      }),
    } as unknown as NatsConnection;
    const options = { pollIntervalMs: 20, batchSize: 7 };
    const replicas = [newRelay({ ...options, nc: slowNc }), newRelay(options)];
    try {
      const from = (await lastSeq()) + 1;
      // A backlog of several batches.
      const backlog = await db.transaction(async (tx) => {
        const ids: string[] = [];
        for (const payload of amounts(30, 500)) ids.push(await addToOutbox(tx, outbox, Deposited, payload));
        return ids;
      });
      replicas[0]!.start();
      await slowStarted;
      replicas[1]!.start();
      await waitFor(async () => ((await unpublishedCount()) === 0 ? true : undefined));
      // JetStream holds them in outbox order: the second replica waited for the first one's batch.
      expect(await streamEventIds(from)).toEqual(backlog);

      // Then events written while both relay: each stored once.
      const next = (await lastSeq()) + 1;
      const written = (
        await Promise.all(
          [0, 1, 2, 3].map(async (writer) => {
            const ids: string[] = [];
            for (const payload of amounts(15, 600 + writer * 15))
              ids.push(await db.transaction((tx) => addToOutbox(tx, outbox, Deposited, payload)));
            for (const replica of replicas) replica.notify();
            return ids;
          }),
        )
      ).flat();
      await waitFor(async () => ((await unpublishedCount()) === 0 ? true : undefined));
      const stored = await streamEventIds(next);
      expect(stored).toHaveLength(written.length);
      expect([...stored].sort()).toEqual([...written].sort());
      await waitFor(allApplied([...backlog, ...written]));
      const rows = await effectsOf([...backlog, ...written]);
      expect(rows.every((r) => r.applications === 1)).toBe(true);
    } finally {
      for (const replica of replicas) await replica.stop();
      relay.start();
    }
  });

  it('publishes a batch pipelined, in outbox order, and marks every row it published', async () => {
    await relay.stop();
    try {
      const from = (await lastSeq()) + 1;
      // Several events in one transaction (the same occurred_at) and more in their own.
      const together = await db.transaction(async (tx) => {
        const ids: string[] = [];
        for (const payload of amounts(30, 200)) ids.push(await addToOutbox(tx, outbox, Deposited, payload));
        return ids;
      });
      const alone = await writeEvents(amounts(10, 300));
      expect(await relay.relayOnce()).toBe(40);
      expect(await unpublishedCount()).toBe(0);
      expect(await streamEventIds(from)).toEqual([...together, ...alone]);
      relay.start();
      await waitFor(allApplied([...together, ...alone]));
    } finally {
      relay.start();
    }
  });

  it('finds the published rows to prune through an index, not by reading the rows it keeps', async () => {
    const plan = await indexPlanOf(
      pool,
      `select id from "${schemaName}".outbox
        where published_at < now() - make_interval(secs => 604800) limit 1000 for update skip locked`,
    );
    expect(plan).toContain('outbox_published_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('deletes published rows older than it keeps them, a batch at a time, and never an unpublished one', async () => {
    await relay.stop();
    try {
      const old = await writeEvents(amounts(1205, 5000));
      while ((await relay.relayOnce()) > 0);
      const recent = await writeEvents(amounts(3, 9000));
      await relay.relayOnce();
      const pending = await writeEvents(amounts(2, 9100));
      const aged = [...old, ...pending];
      // Written eight days ago (the pending ones too: old but not yet published).
      await pool.query(
        `update "${schemaName}".outbox set occurred_at = occurred_at - interval '8 days',
                published_at = published_at - interval '8 days' where id = any($1::uuid[])`,
        [aged],
      );
      const left = async (ids: string[]) =>
        (
          await pool.query<{ n: number }>(
            `select count(*)::int as n from "${schemaName}".outbox where id = any($1::uuid[])`,
            [ids],
          )
        ).rows[0]!.n;
      // A turn of the loop deletes a few batches at most (here one); the rest at the next.
      expect(await relay.pruneOnce(1)).toBe(1000);
      const pruned = await relay.pruneOnce();
      expect(pruned).toBe(old.length - 1000); // the earlier tests' rows are recent: kept
      expect(await left(old)).toBe(0);
      expect(await left(recent)).toBe(recent.length);
      expect(await left(pending)).toBe(pending.length);
      expect(await relay.pruneOnce()).toBe(0);
      // The pending ones are still published, then kept a week from then.
      expect(await relay.relayOnce()).toBe(2);
      expect(await relay.pruneOnce()).toBe(0);
      expect(await left(pending)).toBe(2);
      // 1,210 events to apply: on a busy machine (the CI run beside other tests) that takes
      // longer than the 10 s waitFor gives by default.
      await waitFor(allApplied([...old, ...recent, ...pending]), 60_000);
    } finally {
      relay.start();
    }
  }, 90_000);

  describe('forgetting applied events older than the stream keeps them', () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const processedTable = `"${schemaName}".processed_events`;

    /** Records `count` events as applied by `consumer`, `daysAgo` days ago; answers their ids. */
    async function recordProcessed(consumer: string, count: number, daysAgo: number): Promise<string[]> {
      const { rows } = await pool.query<{ id: string }>(
        `insert into ${processedTable} (consumer, event_id, processed_at)
         select $1, gen_random_uuid(), now() - make_interval(days => $3) from generate_series(1, $2)
         returning event_id as id`,
        [consumer, count, daysAgo],
      );
      return rows.map((row) => row.id);
    }

    async function recorded(consumer: string, ids: string[]): Promise<number> {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from ${processedTable} where consumer = $1 and event_id = any($2::uuid[])`,
        [consumer, ids],
      );
      return rows[0]!.n;
    }

    it('finds the rows to delete through an index, not by reading the rows it keeps', async () => {
      const plan = await indexPlanOf(
        pool,
        `select consumer, event_id from ${processedTable}
          where consumer = 'c' and processed_at < now() - make_interval(secs => 86400) limit 1000 for update skip locked`,
      );
      expect(plan).toContain('processed_events_pruned_idx');
      expect(plan).not.toContain('Seq Scan');
    });

    it('deletes its own rows older than it keeps them, a batch at a time, never a recent one nor another consumer’s', async () => {
      const name = 'test-prune';
      const pruner = new EventConsumer({ ...consumerOptions(), name, db, keepProcessedMs: 2 * DAY_MS }).on(
        Deposited,
        async () => undefined,
      );
      const old = await recordProcessed(name, 1205, 3);
      const recent = await recordProcessed(name, 4, 1);
      const othersOld = await recordProcessed('test-other', 3, 3);

      // A turn of the loop deletes a few batches at most (here one); the rest at the next.
      expect(await pruner.pruneProcessedOnce(1)).toBe(1000);
      expect(await pruner.pruneProcessedOnce()).toBe(205);
      expect(await recorded(name, old)).toBe(0);
      expect(await recorded(name, recent)).toBe(recent.length);
      expect(await recorded('test-other', othersOld)).toBe(othersOld.length);
      expect(await pruner.pruneProcessedOnce()).toBe(0);

      // Without keepProcessedMs (events kept forever) nothing is deleted.
      const keeper = new EventConsumer({ ...consumerOptions(), name: 'test-other', db }).on(
        Deposited,
        async () => undefined,
      );
      expect(await keeper.pruneProcessedOnce()).toBe(0);
      expect(await recorded('test-other', othersOld)).toBe(othersOld.length);
    });

    it('deletes them by itself while it consumes, and still applies new events once', async () => {
      const name = 'test-pruning';
      const applied: string[] = [];
      const pruning = new EventConsumer({
        ...consumerOptions(),
        name,
        db,
        keepProcessedMs: 2 * DAY_MS,
        pruneEveryMs: 50,
      }).on(Withdrawn, async (event) => void applied.push(event.id));
      const old = await recordProcessed(name, 30, 3);
      await pruning.start();
      try {
        await waitFor(async () => ((await recorded(name, old)) === 0 ? true : undefined));
        const id = await db.transaction((tx) => addToOutbox(tx, outbox, Withdrawn, { amount: 7 }));
        relay.notify();
        await waitFor(() => (applied.includes(id) ? true : undefined));
        // Recent: kept, so a redelivery of it would change nothing.
        expect(await recorded(name, [id])).toBe(1);
        expect(applied.filter((one) => one === id)).toEqual([id]);
        expect(
          logLines.some(
            (line) => line.consumer === name && line.msg.includes('old processed_events deleted'),
          ),
        ).toBe(true);
      } finally {
        await pruning.stop();
        const jsm = await nc.jetstreamManager();
        await jsm.consumers.delete(stream, name).catch(() => undefined);
      }
    });
  });

  it('deletes old published rows by itself while it runs', async () => {
    await relay.stop();
    const pruning = newRelay({ pollIntervalMs: 100, pruneEveryMs: 50 });
    try {
      const ids = await writeEvents(amounts(3, 9500));
      while ((await pruning.relayOnce()) > 0);
      await pool.query(
        `update "${schemaName}".outbox set published_at = published_at - interval '8 days' where id = any($1::uuid[])`,
        [ids],
      );
      pruning.start();
      await waitFor(async () => {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from "${schemaName}".outbox where id = any($1::uuid[])`,
          [ids],
        );
        return rows[0]!.n === 0 ? true : undefined;
      });
      expect(logLines.some((line) => line.msg === 'old published outbox rows deleted')).toBe(true);
      await waitFor(allApplied(ids));
    } finally {
      await pruning.stop();
      relay.start();
    }
  });

  it('publishes on a connection of its own while every connection of the service pool is taken', async () => {
    await relay.stop();
    // A service's pool whose one connection serves a long request.
    const busy = new Pool({ connectionString: testDatabaseUrl(), max: 1, connectionTimeoutMillis: 300 });
    const own = newRelay({ db: busy });
    const request = await busy.connect();
    const counts = () => {
      const stats = own.poolStats();
      return [stats?.totalCount ?? 0, stats?.idleCount ?? 0, stats?.waitingCount ?? 0];
    };
    try {
      // Its connection's counters (db_pool_* with the service pool's): none before it connects.
      expect(counts()).toEqual([0, 0, 0]);
      const ids = await writeEvents(amounts(2, 400));
      expect(await own.relayOnce()).toBe(2);
      expect(counts()).toEqual([1, 1, 0]);
      expect(await unpublishedCount()).toBe(0);
      // Marked when published, on the database's clock: not before the rows were written.
      const { rows } = await pool.query<{ ok: boolean }>(
        `select bool_and(published_at >= occurred_at) as ok from "${schemaName}".outbox where id = any($1::uuid[])`,
        [ids],
      );
      expect(rows[0]!.ok).toBe(true);
      await waitFor(allApplied(ids));
    } finally {
      request.release();
      await own.stop();
      expect(counts()).toEqual([0, 0, 0]);
      await busy.end();
      relay.start();
    }
  });

  it('keeps a row JetStream refused in the outbox, publishes the others of its batch, and says so', async () => {
    await relay.stop();
    try {
      const from = (await lastSeq()) + 1;
      const [before] = await writeEvents([{ amount: 1 }]);
      const stray = await db.transaction((tx) => addToOutbox(tx, outbox, Strayed, { amount: 2 }));
      const [after] = await writeEvents([{ amount: 3 }]);
      await expect(relay.relayOnce()).rejects.toThrow();
      const { rows } = await pool.query<{ id: string }>(
        `select id from "${schemaName}".outbox where published_at is null`,
      );
      expect(rows.map((r) => r.id)).toEqual([stray]);
      expect(await streamEventIds(from)).toEqual([before, after]);
      expect(logLines.some((l) => l.eventId === after && l.msg.includes('failed to publish'))).toBe(true);
      await pool.query(`delete from "${schemaName}".outbox where id = $1`, [stray]);
      relay.start();
      await waitFor(allApplied([before!, after!]));
    } finally {
      relay.start();
    }
  });

  it('applies events that arrive together in few transactions, in the order they were written', async () => {
    const ids = await writeWhileConsumerStopped(amounts(45, 400));
    await waitFor(allApplied(ids), 20_000);
    expect(handlerOrder.filter((id) => ids.includes(id))).toEqual(ids);
    const rows = await effectsOf(ids);
    expect(rows.every((r) => r.applications === 1)).toBe(true);
    // One transaction, one now(): the events of a batch share their processed_at.
    const { rows: transactions } = await pool.query<{ n: number }>(
      `select count(distinct processed_at)::int as n from "${schemaName}".processed_events
        where consumer = $1 and event_id = any($2::uuid[])`,
      [CONSUMER, ids],
    );
    expect(transactions[0]!.n).toBeGreaterThanOrEqual(3); // at most 20 a batch
    expect(transactions[0]!.n).toBeLessThanOrEqual(15);
  });

  it('applies a batch whose COMMIT fails one event at a time: the others once, the bad one terminated', async () => {
    const appRole = `${schemaName}_app`.slice(0, 63);
    await pool.query(`do $$ begin if not exists (select from pg_roles where rolname = '${appRole}') then
      create role "${appRole}" nologin; end if; end $$`);
    await pool.query(`grant usage on schema "${schemaName}" to "${appRole}"`);
    await pool.query(
      `grant select, insert, update, delete on all tables in schema "${schemaName}" to "${appRole}"`,
    );
    const database = new Database({ url: testDatabaseUrl(), schemaName, appRole, schema: {} });
    const name = 'test-deferred';
    let redelivered = 0;
    const deferred = new EventConsumer({
      ...consumerOptions(),
      name,
      db: database,
      observer: { redelivered: (consumerName) => void (consumerName === name && redelivered++) },
    }).on(Refunded, async (event, tx) => {
      // A write nobody reads back goes with the COMMIT; amount 0 makes it fail there.
      const written = runAtCommit(tx, {
        text: `insert into "${schemaName}".effects (event_id, amount, applications) values ($1, 10 / $2::int, 1)`,
        values: [event.id, event.payload.amount],
      });
      if (!written) throw new Error('not a transaction of the db library');
    });
    try {
      const ids: string[] = [];
      for (const amount of [1, 0, 2, 5])
        ids.push(await db.transaction((tx) => addToOutbox(tx, outbox, Refunded, { amount })));
      relay.notify();
      await waitFor(async () => ((await unpublishedCount()) === 0 ? true : undefined));
      await deferred.start(); // all four are waiting for it: one batch
      const [first, bad, second, third] = ids;
      await waitFor(allApplied([first!, second!, third!]), 20_000);
      await waitFor(() =>
        logLines.some((l) => l.eventId === bad && l.msg === 'event handler kept failing; event terminated')
          ? true
          : undefined,
      );
      const rows = await effectsOf(ids);
      expect(rows.map((r) => [r.eventId, r.amount, r.applications]).sort()).toEqual(
        [
          [first!, 10, 1],
          [second!, 5, 1],
          [third!, 2, 1],
        ].sort(),
      );
      const { rows: processed } = await pool.query<{ n: number }>(
        `select count(*)::int as n from "${schemaName}".processed_events where consumer = $1`,
        [name],
      );
      expect(processed[0]!.n).toBe(3);
      // Only the bad event came again: the others were applied at their first delivery.
      expect(redelivered).toBe(MAX_DELIVER - 1);
    } finally {
      await deferred.stop();
      await database.close();
    }
  });

  it('retries only the failing event of a batch, and applies the rest of it once', async () => {
    const redeliveredBefore = redeliveries.length;
    const [first, flaky, poison, last] = await writeWhileConsumerStopped([
      { amount: 1 },
      { amount: 2, failTimes: 1 },
      { amount: 3, failTimes: 99 },
      { amount: 4 },
    ]);
    await waitFor(allApplied([first!, flaky!, last!]));
    await waitFor(() =>
      logLines.some((l) => l.eventId === poison && l.msg === 'event handler kept failing; event terminated')
        ? true
        : undefined,
    );
    // One handler call per delivery of the failing events: their batch mates ran again, not them.
    expect(handlerCalls.get(flaky!)).toBe(2);
    expect(handlerCalls.get(poison!)).toBe(MAX_DELIVER);
    const rows = await effectsOf([first!, flaky!, poison!, last!]);
    expect(rows.map((r) => [r.eventId, r.applications]).sort()).toEqual(
      [
        [first!, 1],
        [flaky!, 1],
        [last!, 1],
      ].sort(),
    );
    expect(await processedCount([first!, flaky!, poison!, last!])).toBe(3);
    // Each delivery after the first was reported: the flaky event's one, the poison's MAX_DELIVER - 1.
    const reported = redeliveries.slice(redeliveredBefore);
    expect(reported.length).toBeGreaterThanOrEqual(MAX_DELIVER);
    expect(reported.every((r) => r.consumer === CONSUMER && r.subject === Deposited.name)).toBe(true);
  });
});
