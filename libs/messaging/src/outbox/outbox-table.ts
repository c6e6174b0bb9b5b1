import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { EventPayloadOf, EventSubject } from '@planted/contracts';
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
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
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
    (t) => [primaryKey({ columns: [t.subject, t.caller, t.key] })],
  );
}

export type IdempotentRequestsTable = ReturnType<typeof idempotentRequestsTable>;

/** Minimal shape of a Drizzle transaction we need: an insert builder. */
interface Inserter {
  insert: (table: OutboxTable) => { values: (v: OutboxTable['$inferInsert']) => PromiseLike<unknown> };
}

/**
 * Records an event in the same transaction as the change it describes. The payload is
 * parsed with the event's schema first. The request id defaults to the current one, so
 * consumers log under the id of the request that caused the event; the current trace
 * context goes with it too (when tracing is on). Returns the event id
 * (also its Nats-Msg-Id). Call `relay.notify()` after the commit to publish it at once.
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
  await (tx as Inserter).insert(table).values({
    id,
    subject: event.name,
    customerId: options.customerId ?? null,
    payload: parsed as Record<string, unknown>,
    requestId: options.requestId ?? currentRequestId() ?? null,
    traceParent: currentTraceparent() ?? null,
  });
  return id;
}
