import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * A service's read model of another service's records (design.md: "keeps its own read model fed
 * by events"): each row remembers when the event it came from happened, and an event older
 * than the row's version never overwrites it, since events can arrive out of order. Hires and
 * the accounting connector keep such copies of the catalogue's (and each other's) records.
 */

/** When the event a read-model row came from happened. */
export const sourceAtColumn = () => timestamp('source_at', { withTimezone: true, mode: 'string' }).notNull();

/** When the owner deleted the record: the row stays, for what still refers to it. */
export const deletedAtColumn = () => timestamp('deleted_at', { withTimezone: true, mode: 'string' });

/**
 * The `setWhere` of an upsert into a read model: the row is replaced only by the version of an
 * event at least as new as the one it holds.
 */
export const newerVersion = (sourceAt: AnyPgColumn): SQL => sql`${sourceAt} <= excluded.source_at`;
