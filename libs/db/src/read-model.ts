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

type Placeholder = ReturnType<typeof sql.placeholder>;

/**
 * For a statement prepared once with `sql.placeholder`s: each key's value the placeholder of
 * the same name (`.values({ id: sql.placeholder('id'), ...placeholders(columns) })`).
 */
export function placeholders<T extends Record<string, unknown>>(columns: T): { [K in keyof T]: Placeholder } {
  return Object.fromEntries(Object.keys(columns).map((key) => [key, sql.placeholder(key)])) as {
    [K in keyof T]: Placeholder;
  };
}

/**
 * An upsert's `set` of every column to the value the insert offered (`excluded`): the same as
 * setting each value again, without a second set of placeholders.
 */
export function excludedValues<T extends Record<string, AnyPgColumn>>(columns: T): { [K in keyof T]: SQL } {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  ) as { [K in keyof T]: SQL };
}
