import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  bigint,
  getTableConfig,
  index,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';
import type { EventPayloadOf, EventSubject } from '@planted/contracts';
import { quoteIdentifier, runAtCommit, type DeferredStatement } from '@planted/db';
import { currentRequestId } from '@planted/logging';
import { currentTraceparent } from '@planted/observability';

/**
 * The transactional outbox of one service, in that service's own Postgres schema.
 * Put the result in the service's Drizzle schema file so drizzle-kit migrates it.
 *
 * `seq` orders the relay: several events written in one transaction share the same
 * `occurred_at` (now() is the transaction's start), and must still leave in the order
 * they were written (created before updated).
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
      subject: text('subject').notNull(),
      customerId: uuid('customer_id'),
      payload: jsonb('payload').notNull(),
      requestId: text('request_id'),
      /** W3C traceparent of the span that wrote the event: its consumers' spans join that trace. */
      traceParent: text('trace_parent'),
      occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    },
    (t) => [
      index('outbox_unpublished_idx')
        .on(t.seq)
        .where(sql`${t.publishedAt} is null`),
      // The relay's prune finds published rows older than a week through this, not by reading
      // the week of rows it keeps (a scan of the whole table every 10 minutes, per replica).
      index('outbox_published_idx')
        .on(t.publishedAt)
        .where(sql`${t.publishedAt} is not null`),
    ],
  );
}

export type OutboxTable = ReturnType<typeof outboxTable>;

/** Events a consumer has applied, so a redelivered event changes nothing the second time. */
export function processedEventsTable(schema: PgSchema) {
  return schema.table(
    'processed_events',
    {
      consumer: text('consumer').notNull(),
      eventId: uuid('event_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.consumer, t.eventId] }),
      // Each consumer's prune finds the rows older than it keeps through this (EventConsumer).
      index('processed_events_pruned_idx').on(t.consumer, t.processedAt),
    ],
  );
}

export type ProcessedEventsTable = ReturnType<typeof processedEventsTable>;

/**
 * The creating requests a service carried out under an Idempotency-Key, with what to answer
 * when the same request comes again. Put the result in the service's Drizzle schema file
 * (beside the outbox) so drizzle-kit migrates it.
 */
export function idempotentRequestsTable(schema: PgSchema) {
  return schema.table(
    'idempotent_requests',
    {
      subject: text('subject').notNull(),
      /** The actor's user id, or '' on subjects without an actor (registration). */
      caller: text('caller').notNull(),
      key: text('key').notNull(),
      /** sha-256 of the parsed input: the same key with other input is a conflict. */
      requestHash: text('request_hash').notNull(),
      result: jsonb('result').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.subject, t.caller, t.key] }),
      // Keys older than a client could retry with are deleted through this (IdempotencyKeyPruner).
      index('idempotent_requests_created_idx').on(t.createdAt),
    ],
  );
}

export type IdempotentRequestsTable = ReturnType<typeof idempotentRequestsTable>;

/** Minimal shape of a Drizzle transaction we need: an insert builder. */
interface Inserter {
  insert: (table: OutboxTable) => { values: (v: OutboxTable['$inferInsert']) => PromiseLike<unknown> };
}

/** The INSERT of one event into each outbox table, written once per table (runs prepared). */
const outboxInserts = new WeakMap<OutboxTable, { name: string; text: string }>();

function outboxInsertOf(table: OutboxTable): { name: string; text: string } {
  let insert = outboxInserts.get(table);
  if (!insert) {
    const { schema, name } = getTableConfig(table);
    const qualified = schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(name)}` : quoteIdentifier(name);
    const columns = [
      table.id,
      table.subject,
      table.customerId,
      table.payload,
      table.requestId,
      table.traceParent,
    ]
      .map((column) => quoteIdentifier(column.name))
      .join(', ');
    insert = {
      name: `outbox_insert_${schema ?? 'public'}`,
      text: `insert into ${qualified} (${columns}) values ($1, $2, $3, $4, $5, $6)`,
    };
    outboxInserts.set(table, insert);
  }
  return insert;
}

/**
 * Records an event in the same transaction as the change it describes. The payload is
 * parsed with the event's schema first. The request id defaults to the current one, so
 * consumers log under the id of the request that caused the event; the current trace
 * context goes with it too (when tracing is on). Returns the event id
 * (also its Nats-Msg-Id). Call `relay.notify()` after the commit to publish it at once.
 *
 * In a transaction of the service's Database (withTenant, withSystem) the row is written by
 * a prepared statement sent with the COMMIT (runAtCommit): no round trip of its own, and
 * the events of one transaction still go in in the order they were recorded. Nothing reads
 * the outbox inside the transaction that writes it; an error writing it fails the commit.
 */
export async function addToOutbox<E extends EventSubject>(
  tx: unknown,
  table: OutboxTable,
  event: E,
  payload: EventPayloadOf<E>,
  options: { customerId?: string | null; requestId?: string } = {},
): Promise<string> {
  const parsed = event.payload.parse(payload);
  const id = randomUUID();
  const row = {
    id,
    subject: event.name,
    customerId: options.customerId ?? null,
    payload: parsed as Record<string, unknown>,
    requestId: options.requestId ?? currentRequestId() ?? null,
    traceParent: currentTraceparent() ?? null,
  };
  const statement: DeferredStatement = {
    ...outboxInsertOf(table),
    values: [
      row.id,
      row.subject,
      row.customerId,
      JSON.stringify(row.payload),
      row.requestId,
      row.traceParent,
    ],
  };
  if (tx !== null && typeof tx === 'object' && runAtCommit(tx, statement)) return id;
  await (tx as Inserter).insert(table).values(row);
  return id;
}
