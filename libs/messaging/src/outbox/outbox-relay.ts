import { getTableConfig } from 'drizzle-orm/pg-core';
import { headers as natsHeaders, type JetStreamClient, type NatsConnection } from 'nats';
import { escapeLiteral, Pool, type PoolConfig, type QueryResult } from 'pg';
import type { EventEnvelope } from '@planted/contracts';
import { REQUEST_ID_HEADER, type Logger } from '@planted/logging';
import { TRACEPARENT_HEADER, type PoolStats } from '@planted/observability';
import { prefixed } from '../nats-connection';
import { PRUNE_BATCH, pruneInBatches, PruneLoop } from '../prune-loop';
import { backoffDelay, Sleeper } from '../retry';
import type { OutboxTable } from './outbox-table';
import { publishSignedEvent, type EventSigner } from '../trust/event-signature';

export interface OutboxRelayOptions {
  /**
   * A pg Pool, or anything holding one (the Database of @planted/db). The relay connects with
   * its settings but on a connection of its own (see the class comment).
   */
  db: Pool | { readonly pool: Pool };
  table: OutboxTable;
  /** The service's Postgres schema; defaults to the schema the table was declared in. */
  schemaName?: string;
  nc: NatsConnection;
  subjectPrefix: string;
  logger: Logger;
  /** Signs each event (EVENT_SIGNATURE_HEADER): consumers apply no event without it. */
  signer: EventSigner;
  /** How often to look for unpublished rows when nobody calls notify(). Default 200 ms. */
  pollIntervalMs?: number;
  /** Rows claimed and published per transaction. Default 100. */
  batchSize?: number;
  /** How long to wait for each JetStream PubAck. Default 5 s. */
  publishTimeoutMs?: number;
  /** Upper bound of the wait between attempts while NATS or PostgreSQL fail. Default 10 s. */
  maxBackoffMs?: number;
  /**
   * How long a published row stays in the outbox: JetStream keeps the event, and the row is
   * only a copy once published (kept a while for whoever looks into a delivery). Default 7 days.
   */
  keepPublishedMs?: number;
  /** How often the relay deletes published rows older than keepPublishedMs. Default 10 minutes. */
  pruneEveryMs?: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  customer_id: string | null;
  payload: unknown;
  request_id: string | null;
  trace_parent: string | null;
  occurred_at: Date;
}

interface BatchResult {
  published: number;
  /** The batch was full, so more rows are probably waiting. */
  full: boolean;
  /** Another replica's relay was publishing this outbox; nothing was claimed. */
  busy?: boolean;
  error?: unknown;
}

/** How soon a relay looks again when another replica's relay held the outbox. */
const BUSY_RETRY_MS = 25;

/**
 * Publishes the outbox to JetStream, oldest first. Each row is published with its id as
 * Nats-Msg-Id, so a row published twice (the PubAck was lost, the process died before
 * commit) is dropped by JetStream's duplicate window, and consumers drop anything older
 * through processed_events. A row is marked published only after its PubAck.
 *
 * Several replicas relay the same outbox, one batch at a time: a batch is claimed under a
 * transaction-scoped advisory lock of the outbox (pg_try_advisory_xact_lock), so while one
 * replica publishes, the others skip their turn rather than publish later rows ahead of its
 * batch, and JetStream stores the events of every aggregate in the order they were written,
 * whichever replica wrote and relayed them. The lock ends with the transaction, also when the
 * replica dies, and the next replica carries on. Rows are claimed FOR UPDATE SKIP LOCKED as
 * well, so a row locked by anything else is never published twice nor waited for.
 *
 * The relay uses a connection of its own, made with the settings of the pool it is given,
 * not one of the pool's: events never wait behind the requests that fill it.
 *
 * A batch is published as a pipeline: every row is sent (in `seq` order, on one connection,
 * so JetStream stores them in that order) before any PubAck is awaited, then all the PubAcks
 * are awaited together. One round trip to JetStream per batch rather than one per event.
 * Only a failure can break the order: a row whose publish failed is published again by a
 * later batch, after rows behind it that were stored. That needs JetStream to refuse one
 * message and then store the next from the same connection (a timeout or a lost connection
 * fails every publish behind it too); consumers keep the newest version of a record by its
 * own timestamps (source_at, updated_at) for that reason, and the relay logs it.
 *
 * While NATS or PostgreSQL is unreachable the rows stay, the relay logs a warning and
 * retries with backoff; it never throws out of its loop.
 */
export class OutboxRelay {
  /** The service's pool, whose settings the relay's own connection uses. */
  private readonly shared: Pool;
  /** The relay's own pool of one connection, made when first needed and ended by stop(). */
  private own: Pool | undefined;
  private readonly qualifiedTable: string;
  private readonly relayLock: string;
  private readonly js: JetStreamClient;
  private readonly sleeper = new Sleeper();
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly publishTimeoutMs: number;
  private readonly maxBackoffMs: number;
  private readonly keepPublishedMs: number;
  /** Deletes published rows older than keepPublishedMs while the relay runs. */
  private readonly pruning: PruneLoop;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private failures = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.shared = 'pool' in options.db ? options.db.pool : options.db;
    const config = getTableConfig(options.table);
    const schema = options.schemaName ?? config.schema;
    this.qualifiedTable = schema
      ? `${quoteIdent(schema)}.${quoteIdent(config.name)}`
      : quoteIdent(config.name);
    this.relayLock = escapeLiteral(`outbox-relay:${this.qualifiedTable}`);
    this.js = options.nc.jetstream();
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.batchSize = options.batchSize ?? 100;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5000;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.keepPublishedMs = options.keepPublishedMs ?? 7 * 24 * 60 * 60 * 1000;
    this.pruning = new PruneLoop({
      prune: (maxBatches) => this.pruneOnce(maxBatches),
      everyMs: options.pruneEveryMs ?? 10 * 60 * 1000,
      logger: options.logger,
      what: 'old published outbox rows',
    });
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
    this.pruning.start();
  }

  /**
   * The counters of the relay's own connection (see pool()), for db_pool_* beside the
   * service's pool: none until the relay first connects and after stop().
   */
  poolStats(): PoolStats | undefined {
    return this.own;
  }

  /** Publish now rather than at the next poll; call it after committing a transaction that wrote events. */
  notify(): void {
    // While NATS is down, commits must not turn the backoff into a busy retry.
    if (this.failures === 0) this.sleeper.wake();
  }

  /** Stops polling and resolves once the batch in flight, if any, has finished. */
  async stop(): Promise<void> {
    if (this.loop) {
      this.stopping = true;
      this.sleeper.wake();
      await Promise.all([this.loop, this.pruning.stop()]);
      this.loop = undefined;
    }
    // Also after relayOnce() calls on a relay that never started.
    const own = this.own;
    this.own = undefined;
    await own?.end();
  }

  /**
   * The relay's connection, apart from the service's pool: when every pooled connection serves
   * a request (a burst of writes, the very moment the outbox fills), a relay waiting in the
   * pool's queue behind them delayed every event by as long (measured: about a second under
   * load). One connection, made with the pool's settings, closed when idle for as long as the
   * pool's are, and never keeping the process alive by itself.
   */
  private pool(): Pool {
    if (!this.own) {
      const settings = (this.shared as unknown as { options: PoolConfig }).options;
      this.own = new Pool({
        ...settings,
        // Not enumerable in the pool's options, so not copied by the spread.
        password: settings.password,
        max: 1,
        min: 0,
        allowExitOnIdle: true,
      });
      this.own.on('error', (err) =>
        this.options.logger.warn({ err }, 'outbox relay: its idle PostgreSQL connection failed'),
      );
    }
    return this.own;
  }

  /**
   * Publishes one batch of unpublished rows and returns how many were published.
   * The loop calls this; tests and scripts can call it directly on a stopped relay.
   */
  async relayOnce(): Promise<number> {
    const result = await this.relayBatch();
    if (result.error) throw result.error;
    return result.published;
  }

  /**
   * Deletes published rows older than keepPublishedMs, a batch per statement, and answers
   * how many. Never an unpublished row, however old. Replicas pruning at once skip each
   * other's rows rather than wait for them. While the relay runs, a PruneLoop calls it every
   * pruneEveryMs, on the relay's own connection (a prune statement and a batch take turns).
   */
  async pruneOnce(maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
    const client = await this.pool().connect();
    try {
      return await pruneInBatches(
        async () =>
          (
            await client.query(
              `delete from ${this.qualifiedTable} where id in (
                 select id from ${this.qualifiedTable}
                  where published_at < now() - make_interval(secs => ${this.keepPublishedMs / 1000})
                  limit ${PRUNE_BATCH}
                  for update skip locked)`,
            )
          ).rowCount ?? 0,
        maxBatches,
        // The rest waits for the next turn when the relay is being stopped.
        () => this.pruning.isStopping,
      );
    } finally {
      client.release();
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let waitMs = this.pollIntervalMs;
      try {
        const result = await this.relayBatch();
        if (result.error) {
          waitMs = this.failed(result.error, result.published);
        } else {
          this.recovered();
          if (result.full) waitMs = 0;
          else if (result.busy) waitMs = Math.min(waitMs, BUSY_RETRY_MS);
        }
      } catch (err) {
        waitMs = this.failed(err, 0);
      }
      if (!this.stopping) await this.sleeper.sleep(waitMs);
    }
  }

  private failed(error: unknown, published: number): number {
    this.failures += 1;
    const retryInMs = backoffDelay(this.failures, this.pollIntervalMs, this.maxBackoffMs);
    this.options.logger.warn(
      { err: error, attempt: this.failures, retryInMs, published },
      'outbox relay cannot publish; events stay in the outbox and will be retried',
    );
    return retryInMs;
  }

  private recovered(): void {
    if (this.failures > 0) {
      this.options.logger.info({ attempts: this.failures }, 'outbox relay publishing again');
      this.failures = 0;
    }
  }

  /**
   * Claims the oldest unpublished rows, publishes them (see the class comment) and marks
   * those that got a PubAck, in two round trips to PostgreSQL: BEGIN with the lock and the
   * claim, and the mark with COMMIT. The claim takes the lock again (an uncorrelated
   * subquery, evaluated once): re-entrant when the first try got it, and a relay that lost
   * the race for it claims nothing.
   *
   * published_at is the time of the mark (after the PubAcks), not the transaction's start, so
   * it says when the event left. The transaction commits without waiting for its WAL to reach
   * the disk (synchronous_commit off, for it alone): a mark lost to a PostgreSQL crash only
   * publishes those rows again, which JetStream's duplicate window and the consumers'
   * processed_events drop, as for a relay that died before its commit. It shortens the relay's
   * turn, which every event written meanwhile waits for.
   */
  private async relayBatch(): Promise<BatchResult> {
    const client = await this.pool().connect();
    let broken: Error | undefined;
    try {
      const claimed = await client.query<OutboxRow>(
        `begin;
         set local synchronous_commit = off;
         select pg_try_advisory_xact_lock(hashtext(${this.relayLock})) as held;
         select id, subject, customer_id, payload, request_id, trace_parent, occurred_at
           from ${this.qualifiedTable}
          where published_at is null
            and (select pg_try_advisory_xact_lock(hashtext(${this.relayLock})))
          order by seq
          limit ${this.batchSize}
          for update skip locked`,
      );
      const results = claimed as unknown as QueryResult[];
      const held = (results[2]!.rows[0] as { held: boolean }).held;
      const rows = (results[3] as QueryResult<OutboxRow>).rows;
      if (rows.length === 0) {
        await client.query('commit');
        return { published: 0, full: false, busy: !held };
      }
      const outcomes = await Promise.allSettled(rows.map((row) => this.publish(row)));
      const published: string[] = [];
      let error: unknown;
      let overtaken: string | undefined;
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'fulfilled') {
          published.push(rows[i]!.id);
          if (error !== undefined) overtaken ??= rows[i]!.id;
        } else error ??= outcome.reason;
      });
      if (overtaken)
        this.options.logger.warn(
          { eventId: overtaken },
          'outbox relay: an event was stored ahead of an earlier one that failed to publish; the earlier one follows it',
        );
      await client.query(
        published.length > 0
          ? `update ${this.qualifiedTable} set published_at = clock_timestamp() where id = any(${escapeLiteral(`{${published.join(',')}}`)}::uuid[]); commit`
          : 'commit',
      );
      return { published: published.length, full: rows.length === this.batchSize && !error, error };
    } catch (err) {
      // A connection that failed mid-transaction may be unusable: discard it rather than pool it.
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  private async publish(row: OutboxRow): Promise<void> {
    const envelope: EventEnvelope = {
      id: row.id,
      type: row.subject,
      occurredAt: row.occurred_at.toISOString(),
      customerId: row.customer_id,
      payload: row.payload,
    };
    const hdrs = natsHeaders();
    if (row.request_id) hdrs.set(REQUEST_ID_HEADER, row.request_id);
    if (row.trace_parent) hdrs.set(TRACEPARENT_HEADER, row.trace_parent);
    await publishSignedEvent(this.js, prefixed(this.options.subjectPrefix, row.subject), envelope, {
      signer: this.options.signer,
      msgID: row.id,
      headers: hdrs,
      timeout: this.publishTimeoutMs,
    });
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
