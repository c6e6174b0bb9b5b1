import {
  AckPolicy,
  DeliverPolicy,
  nanos,
  type Consumer,
  type ConsumerConfig,
  type ConsumerMessages,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { preparedSql } from '@planted/db';
import type { EventEnvelope, EventPayloadOf, EventSubject } from '@planted/contracts';
import { REQUEST_ID_HEADER, runWithRequestId, type Logger } from '@planted/logging';
import { SpanKind, TRACEPARENT_HEADER, withSpan } from '@planted/observability';
import { prefixed } from './nats-connection';
import type { ProcessedEventsTable } from './outbox/outbox-table';
import { PRUNE_BATCH, pruneInBatches, PruneLoop } from './prune-loop';
import { backoffDelay, Sleeper } from './retry';
import { apiErrorCode, natsName, STREAM_NOT_FOUND } from './streams';
import { EVENT_SIGNATURE_HEADER, type EventSigner } from './trust/event-signature';

/**
 * What the consumer needs from a transaction: a Drizzle transaction (withSystem's, or a plain
 * Drizzle database's), on which it records events in processed_events with a statement
 * prepared once (preparedSql).
 */
export type ProcessedEventsWriter = Parameters<ReturnType<typeof preparedSql>>[0];

/**
 * Where the consumer opens its transactions: the service's Database (@planted/db), whose
 * withSystem transaction sees every company's rows, or a plain Drizzle database.
 */
export type TransactionSource<TTx> =
  | { withSystem<T>(fn: (tx: TTx) => Promise<T>): Promise<T> }
  | { transaction<T>(fn: (tx: TTx) => Promise<T>): Promise<T> };

export type EventHandler<E extends EventSubject, TTx> = (
  event: EventEnvelope<EventPayloadOf<E>>,
  tx: TTx,
) => Promise<void>;

export interface EventConsumerOptions<TTx extends ProcessedEventsWriter> {
  nc: NatsConnection;
  /** The stream holding the events, from streamName(prefix, base). */
  stream: string;
  /**
   * Durable consumer name, unique per service and purpose (e.g. 'hires-read-model'). It is
   * also the `consumer` column of processed_events. Replicas using the same name share the work.
   */
  name: string;
  subjectPrefix: string;
  /**
   * Checks each event's signature (EVENT_SIGNATURE_HEADER): an event without a valid one,
   * which a process on the bus without the deployment's secret made, is terminated unapplied.
   */
  signer: EventSigner;
  db: TransactionSource<TTx>;
  processedEvents: ProcessedEventsTable;
  logger: Logger;
  /** After this many failed deliveries a message is logged and terminated. Default 10. */
  maxDeliver?: number;
  /** First retry delay after a handler error; doubles per delivery. Default 1 s. */
  retryDelayMs?: number;
  /** Longest retry delay. Default 60 s. */
  maxRetryDelayMs?: number;
  /** Redelivery when a message is neither acked nor nakked in time (a crashed replica). Default 30 s. */
  ackWaitMs?: number;
  /** Messages pulled per request, and the most applied in one transaction. Default 20. */
  batchSize?: number;
  /** Lifetime of a pull request; heartbeats run at half of it. Default 10 s. */
  pullExpiresMs?: number;
  /** Told of each event delivered again (metrics). */
  observer?: { redelivered(consumer: string, subject: string): void };
  /** Scope of the handler spans (the service's name) when tracing is on. */
  traceScope?: string;
  /**
   * How long this consumer's rows of processed_events are kept; older ones are deleted every
   * `pruneEveryMs`. Make it longer than the stream's max_age: an event older than that can
   * no longer be delivered again, so its record protects nothing (processedEventsRetentionMs).
   * Unset, rows are kept forever, as a stream without max_age keeps its events.
   */
  keepProcessedMs?: number;
  /** How often old processed_events rows are deleted when keepProcessedMs is set. Default 10 minutes. */
  pruneEveryMs?: number;
}

interface Route<TTx> {
  event: EventSubject;
  handler: EventHandler<EventSubject, TTx>;
}

/** A delivered message whose event this consumer handles, parsed and ready to apply. */
interface Delivery<TTx> {
  msg: JsMsg;
  envelope: EventEnvelope;
  route: Route<TTx>;
  requestId: string | undefined;
  context: { consumer: string; eventId: string; type: string; seq: number; deliveries: number };
}

/** A handler's own failure inside a batch, so the batch knows whose delivery failed. */
class HandlerFailure<TTx> extends Error {
  constructor(
    readonly delivery: Delivery<TTx>,
    readonly error: unknown,
  ) {
    super('event handler failed');
  }
}

const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  occurredAt: z.string(),
  customerId: z.string().nullable(),
  payload: z.unknown(),
});

/**
 * An idempotent JetStream consumer. Each event is applied in a database transaction that
 * first records (consumer, event id) in processed_events: an event seen before changes
 * nothing, so redelivery, duplicate publishes and replicas racing for the same message all
 * end with the handler's effect applied once. A message is acked only after the commit. A
 * failing handler is retried with a growing delay, and terminated (with an error log) after
 * `maxDeliver` deliveries so one poison message cannot block the rest. Survives NATS
 * restarts: a consume() that ends is re-created with backoff.
 *
 * Events that arrive while a transaction is under way are applied together in the next
 * one, in the order they were delivered (up to `batchSize`): one BEGIN, one processed_events
 * insert and one COMMIT for the lot instead of per event, so a burst does not queue behind
 * one transaction per event. The first event after a quiet spell is applied at once, alone.
 * When a handler fails inside a batch, the batch rolls back, that event alone is retried
 * later (as above) and the rest are applied again without it.
 */
export class EventConsumer<TTx extends ProcessedEventsWriter> {
  private readonly routes = new Map<string, Route<TTx>>();
  private readonly sleeper = new Sleeper();
  private readonly name: string;
  private readonly maxDeliver: number;
  private readonly batchSize: number;
  /** Records a batch's events in processed_events and answers those not recorded before. */
  private readonly claim: (
    tx: TTx,
    values: { consumer: string; eventIds: string[] },
  ) => Promise<{ eventId: string }[]>;
  /** Deletes up to PRUNE_BATCH of this consumer's processed_events rows older than `seconds`; answers how many. */
  private readonly prune: (
    tx: TTx,
    values: { consumer: string; seconds: number },
  ) => Promise<{ n: number }[]>;
  private loop: Promise<void> | undefined;
  /** Deletes old processed_events rows while consuming (when keepProcessedMs is set). */
  private readonly pruning: PruneLoop | undefined;
  private messages: ConsumerMessages | undefined;
  private stopping = false;

  constructor(private readonly options: EventConsumerOptions<TTx>) {
    if (natsName(options.name) !== options.name)
      throw new Error(`Invalid consumer name "${options.name}" (no '.', '*', '>' or spaces)`);
    if (options.keepProcessedMs !== undefined && !(options.keepProcessedMs > 0))
      throw new Error(`keepProcessedMs of ${options.name} must be positive (unset keeps rows forever)`);
    this.name = options.name;
    this.maxDeliver = options.maxDeliver ?? 10;
    this.batchSize = options.batchSize ?? 20;
    this.claim = claimStatement(options.processedEvents);
    this.prune = pruneStatement(options.processedEvents);
    if (options.keepProcessedMs !== undefined)
      this.pruning = new PruneLoop({
        prune: (maxBatches) => this.pruneProcessedOnce(maxBatches),
        everyMs: options.pruneEveryMs ?? 10 * 60 * 1000,
        logger: options.logger,
        context: { consumer: options.name },
        what: 'old processed_events',
      });
  }

  /** Registers the handler of one event. Call before start(). */
  on<E extends EventSubject>(event: E, handler: EventHandler<E, TTx>): this {
    if (this.loop) throw new Error('Register handlers before start()');
    if (this.routes.has(event.name)) throw new Error(`${event.name} already has a handler in ${this.name}`);
    this.routes.set(event.name, { event, handler: handler as EventHandler<EventSubject, TTx> });
    return this;
  }

  /**
   * Creates or updates the durable consumer and starts consuming. Resolves after the first
   * attempt: when it failed (stream missing, NATS away) the error is logged and retried in
   * the background.
   */
  async start(): Promise<void> {
    if (this.loop) return;
    if (this.routes.size === 0) throw new Error(`${this.name} has no handlers`);
    this.stopping = false;
    let firstAttempt!: () => void;
    const attempted = new Promise<void>((resolve) => (firstAttempt = resolve));
    this.loop = this.run(firstAttempt);
    this.pruning?.start();
    await attempted;
  }

  /** Stops pulling and resolves once the message being handled, if any, is settled. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.sleeper.wake();
    void this.messages?.close();
    await Promise.all([this.loop, this.pruning?.stop()]);
    this.loop = undefined;
    this.messages = undefined;
  }

  /**
   * Deletes this consumer's processed_events rows older than keepProcessedMs, a batch per
   * statement (each its own transaction), and answers how many. Replicas pruning at once skip
   * each other's rows rather than wait for them. The consumer does it every pruneEveryMs;
   * tests and scripts may call it on a stopped consumer.
   */
  async pruneProcessedOnce(maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
    const keepMs = this.options.keepProcessedMs;
    if (keepMs === undefined) return 0;
    return pruneInBatches(
      async () => {
        const [row] = await this.transaction((tx) =>
          this.prune(tx, { consumer: this.name, seconds: keepMs / 1000 }),
        );
        return row?.n ?? 0;
      },
      maxBatches,
      () => this.pruning?.isStopping ?? false,
    );
  }

  private async run(firstAttempt: () => void): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      try {
        const consumer = await this.ensureConsumer();
        const messages = await consumer.consume({
          max_messages: this.batchSize,
          expires: this.options.pullExpiresMs ?? 10_000,
          // End rather than wait when the consumer or stream vanished, so this loop re-creates them.
          abort_on_missing_resource: true,
        });
        this.messages = messages;
        if (failures > 0) this.options.logger.info({ consumer: this.name }, 'event consumer consuming again');
        failures = 0;
        firstAttempt();
        // Stopped while this loop was starting. Not awaited: nats.js queues the close into the
        // messages' iterator and settles it only when the iterator is read, which
        // consumeInBatches does next (awaiting it first waited forever).
        if (this.stopping) void messages.close();
        await this.consumeInBatches(messages);
        const ended = await messages.closed();
        if (this.stopping) break;
        throw ended instanceof Error ? ended : new Error('consume() ended');
      } catch (err) {
        if (this.stopping) break;
        if (this.options.nc.isClosed()) {
          this.options.logger.error(
            { consumer: this.name },
            'event consumer stopped: the NATS connection is closed',
          );
          break;
        }
        failures += 1;
        const retryInMs = backoffDelay(failures, 500, 10_000);
        if (apiErrorCode(err) === STREAM_NOT_FOUND)
          // Only the producer creates its stream; until it has started once, this one waits.
          this.options.logger.info(
            { consumer: this.name, stream: this.options.stream, attempt: failures, retryInMs },
            'event consumer waiting for its stream (its producer has not created it yet)',
          );
        else
          this.options.logger.warn(
            { err, consumer: this.name, attempt: failures, retryInMs },
            'event consumer interrupted; retrying',
          );
        firstAttempt();
        await this.sleeper.sleep(retryInMs);
      }
    }
    firstAttempt();
  }

  private async ensureConsumer(): Promise<Consumer> {
    const { nc, stream, subjectPrefix } = this.options;
    const subjects = [...this.routes.keys()].map((name) => prefixed(subjectPrefix, name));
    // Both keys are always set (undefined drops one from the JSON) so an update replaces the old filter.
    let filter: Partial<ConsumerConfig> = { filter_subject: undefined, filter_subjects: undefined };
    if (subjects.length === 1) filter = { filter_subject: subjects[0], filter_subjects: undefined };
    else if (serverAtLeast(nc, 2, 10)) filter = { filter_subject: undefined, filter_subjects: subjects };
    // Older servers take one filter only: the consumer then sees the whole stream and acks what it does not handle.
    const config: Partial<ConsumerConfig> = {
      durable_name: this.name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      // Poison messages are terminated here, with a log line, rather than dropped silently by the server.
      max_deliver: -1,
      ...filter,
    };
    const jsm = await nc.jetstreamManager();
    try {
      await jsm.consumers.add(stream, config);
    } catch (err) {
      // It exists with another configuration (handlers were added, ack wait changed): update it.
      const exists = await jsm.consumers.info(stream, this.name).then(
        () => true,
        () => false,
      );
      if (!exists) throw err;
      const { durable_name: _name, ack_policy: _ack, deliver_policy: _deliver, ...changeable } = config;
      await jsm.consumers.update(stream, this.name, changeable);
    }
    return nc.jetstream().consumers.get(stream, this.name);
  }

  /**
   * Reads messages as they come and applies them in batches: the first at once, and those
   * that arrive meanwhile together once it is done. Reading stops while `batchSize` wait.
   */
  private async consumeInBatches(messages: AsyncIterable<JsMsg>): Promise<void> {
    let waiting: JsMsg[] = [];
    let working: Promise<void> | undefined;
    const work = async () => {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        await this.handleBatch(batch);
      }
      working = undefined;
    };
    for await (const msg of messages) {
      waiting.push(msg);
      working ??= work();
      if (waiting.length >= this.batchSize) await working;
    }
    await working;
  }

  /** Settles what needs no transaction (malformed, not ours, out of deliveries), then applies the rest. */
  private async handleBatch(messages: JsMsg[]): Promise<void> {
    const { logger } = this.options;
    const deliveries: Delivery<TTx>[] = [];
    for (const msg of messages) {
      const parsed = this.parse(msg);
      if (parsed.kind === 'invalid') {
        logger.error(
          { consumer: this.name, subject: msg.subject, seq: msg.seq, reason: parsed.reason },
          'malformed event terminated',
        );
        msg.term();
        continue;
      }
      if (parsed.kind === 'unhandled') {
        msg.ack();
        continue;
      }
      const { envelope, route } = parsed;
      const delivery: Delivery<TTx> = {
        msg,
        envelope,
        route,
        requestId: msg.headers?.get(REQUEST_ID_HEADER) || undefined,
        context: {
          consumer: this.name,
          eventId: envelope.id,
          type: envelope.type,
          seq: msg.seq,
          deliveries: msg.info.deliveryCount,
        },
      };
      if (msg.info.redelivered) this.options.observer?.redelivered(this.name, envelope.type);
      if (delivery.context.deliveries > this.maxDeliver) {
        this.logAs(delivery, () =>
          logger.error(delivery.context, 'event exceeded its deliveries and was terminated'),
        );
        msg.term();
        continue;
      }
      deliveries.push(delivery);
    }
    await this.apply(deliveries);
  }

  /**
   * Applies the deliveries in one transaction and acks them after its commit. A handler that
   * fails takes its own delivery out (retried later or terminated) and the rest go again; any
   * other failure (the database, or at the COMMIT) applies each delivery alone, and retries
   * later those that fail alone too.
   */
  private async apply(deliveries: Delivery<TTx>[]): Promise<void> {
    if (deliveries.length === 0) return;
    let applied: Set<Delivery<TTx>>;
    try {
      applied = await this.transaction(async (tx) => {
        const claimed = await this.claim(tx, {
          consumer: this.name,
          eventIds: deliveries.map((d) => d.envelope.id),
        });
        // An event delivered twice in one batch (republished under another message id) is claimed once.
        const unclaimed = new Set(claimed.map((row) => row.eventId));
        const done = new Set<Delivery<TTx>>();
        for (const delivery of deliveries) {
          if (!unclaimed.delete(delivery.envelope.id)) continue;
          try {
            await runWithRequestId(delivery.requestId, () =>
              // In the trace of the request that wrote the event, when its traceparent came with it.
              withSpan(
                this.options.traceScope ?? 'nats',
                `process ${delivery.envelope.type}`,
                {
                  kind: SpanKind.CONSUMER,
                  parent: delivery.msg.headers?.get(TRACEPARENT_HEADER) || undefined,
                  attributes: { 'messaging.system': 'nats', 'messaging.consumer.group.name': this.name },
                },
                () => delivery.route.handler(delivery.envelope, tx),
              ),
            );
          } catch (err) {
            throw new HandlerFailure(delivery, err);
          }
          done.add(delivery);
        }
        return done;
      });
    } catch (err) {
      if (err instanceof HandlerFailure && deliveries.includes(err.delivery)) {
        const failed = err.delivery as Delivery<TTx>;
        this.failed(failed, err.error);
        await this.apply(deliveries.filter((d) => d !== failed));
      } else if (deliveries.length > 1) {
        // The transaction failed as a whole (the database, or a write a handler left for the
        // COMMIT, see executeAtCommit): each delivery alone, so one bad event does not hold
        // back the others.
        for (const delivery of deliveries) await this.apply([delivery]);
      } else {
        this.failed(deliveries[0], err);
      }
      return;
    }
    for (const delivery of deliveries) {
      delivery.msg.ack();
      const wasApplied = applied.has(delivery);
      this.logAs(delivery, () =>
        this.options.logger.debug(
          { ...delivery.context, applied: wasApplied },
          wasApplied ? 'event applied' : 'event already applied; skipped',
        ),
      );
    }
  }

  /** A delivery that could not be applied: retried with a growing delay, or terminated after its last. */
  private failed(delivery: Delivery<TTx>, err: unknown): void {
    const { logger } = this.options;
    const { msg, context } = delivery;
    if (context.deliveries >= this.maxDeliver) {
      this.logAs(delivery, () =>
        logger.error({ ...context, err }, 'event handler kept failing; event terminated'),
      );
      msg.term();
      return;
    }
    const retryInMs = backoffDelay(
      context.deliveries,
      this.options.retryDelayMs ?? 1000,
      this.options.maxRetryDelayMs ?? 60_000,
    );
    this.logAs(delivery, () =>
      logger.warn({ ...context, err, retryInMs }, 'event handler failed; will retry'),
    );
    msg.nak(retryInMs);
  }

  /** Logs under the request id of the request that wrote the event. */
  private logAs(delivery: Delivery<TTx>, log: () => void): void {
    runWithRequestId(delivery.requestId, log);
  }

  private parse(
    msg: JsMsg,
  ):
    | { kind: 'invalid'; reason: string }
    | { kind: 'unhandled' }
    | { kind: 'ok'; envelope: EventEnvelope; route: Route<TTx> } {
    if (!this.options.signer.verify(msg.data, msg.headers?.get(EVENT_SIGNATURE_HEADER)))
      return { kind: 'invalid', reason: 'unsigned or forged event (its signature does not match)' };
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(msg.data));
    } catch {
      return { kind: 'invalid', reason: 'not JSON' };
    }
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success)
      return { kind: 'invalid', reason: `bad envelope: ${z.prettifyError(envelope.error)}` };
    // A genuine event stored under another event's subject: JetStream itself put it there, for
    // a push consumer someone created with that deliver subject (nats-server does not check a
    // deliver subject against its creator's publish permissions). Never applied, and logged.
    if (msg.subject !== prefixed(this.options.subjectPrefix, envelope.data.type))
      return {
        kind: 'invalid',
        reason: `event of type ${envelope.data.type} stored under another subject (redirected by a consumer's deliver subject?)`,
      };
    const route = this.routes.get(envelope.data.type);
    if (!route) return { kind: 'unhandled' };
    const payload = route.event.payload.safeParse(envelope.data.payload);
    if (!payload.success)
      return {
        kind: 'invalid',
        reason: `bad ${envelope.data.type} payload: ${z.prettifyError(payload.error)}`,
      };
    return { kind: 'ok', envelope: { ...envelope.data, payload: payload.data }, route };
  }

  private transaction<T>(fn: (tx: TTx) => Promise<T>): Promise<T> {
    const { db } = this.options;
    return 'withSystem' in db ? db.withSystem(fn) : db.transaction(fn);
  }
}

/**
 * One statement for a whole batch, built and prepared once per connection (no query building
 * per batch): inserts (consumer, event id) for each id, in order, and answers the ids that
 * were not there before. An id twice in one batch is inserted once (ON CONFLICT DO NOTHING
 * also covers rows of the same statement). The name carries the table's, so consumers of
 * different schemas on one connection never share a name.
 */
function claimStatement(table: ProcessedEventsTable) {
  const { schema, name } = getTableConfig(table);
  const qualified = schema ? `${schema}.${name}` : name;
  const digest = createHash('sha1').update(qualified).digest('hex').slice(0, 12);
  return preparedSql<{ eventId: string }>(
    `processed_events_claim_${digest}`,
    sql`insert into ${table} (${sql.identifier('consumer')}, ${sql.identifier('event_id')})
        select ${sql.placeholder('consumer')}, unnest(${sql.placeholder('eventIds')}::uuid[])
        on conflict do nothing
        returning ${sql.identifier('event_id')} as "eventId"`,
  );
}

/**
 * One batch of a consumer's prune, prepared once per connection: the rows it deletes are
 * found through processed_events_pruned_idx (consumer, processed_at), never by reading the
 * rows it keeps; rows another replica's prune holds are skipped.
 */
function pruneStatement(table: ProcessedEventsTable) {
  const { schema, name } = getTableConfig(table);
  const qualified = schema ? `${schema}.${name}` : name;
  const digest = createHash('sha1').update(qualified).digest('hex').slice(0, 12);
  const consumer = sql.identifier('consumer');
  const eventId = sql.identifier('event_id');
  return preparedSql<{ n: number }>(
    `processed_events_prune_${digest}`,
    sql`with deleted as (
          delete from ${table} where (${consumer}, ${eventId}) in (
            select ${consumer}, ${eventId} from ${table}
             where ${consumer} = ${sql.placeholder('consumer')}
               and ${sql.identifier('processed_at')} < now() - make_interval(secs => ${sql.placeholder('seconds')}::float8)
             limit ${sql.raw(String(PRUNE_BATCH))}
             for update skip locked)
          returning 1)
        select count(*)::int as n from deleted`,
  );
}

function serverAtLeast(nc: NatsConnection, major: number, minor: number): boolean {
  const [maj = 0, min = 0] = (nc.info?.version ?? '0.0.0')
    .split('.')
    .map((part) => Number.parseInt(part, 10));
  return maj > major || (maj === major && min >= minor);
}
