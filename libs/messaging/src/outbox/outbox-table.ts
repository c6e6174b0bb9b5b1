import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { index, jsonb, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { EventPayloadOf, EventSubject } from '@planted/contracts';

/**
 * The transactional outbox of one service, in that service's own Postgres schema.
 * Put the result in the service's Drizzle schema file so drizzle-kit migrates it.
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      subject: text('subject').notNull(),
      customerId: uuid('customer_id'),
      payload: jsonb('payload').notNull(),
      requestId: text('request_id'),
      occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    },
    (t) => [index('outbox_unpublished_idx').on(t.occurredAt).where(sql`${t.publishedAt} is null`)],
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

/** Minimal shape of a Drizzle transaction we need: an insert builder. */
interface Inserter {
  insert: (table: OutboxTable) => { values: (v: OutboxTable['$inferInsert']) => PromiseLike<unknown> };
}

/**
 * Records an event in the same transaction as the change it describes. The payload is
 * parsed with the event's schema first. Returns the event id (also its Nats-Msg-Id).
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
    requestId: options.requestId ?? null,
  });
  return id;
}
