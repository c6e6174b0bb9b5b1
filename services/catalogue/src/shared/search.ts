import { sql, type SQL } from 'drizzle-orm';

// Shared with hires' search (libs/db).
export { containsPattern, foldSearchText, trigramSearchable, wordsPattern } from '@planted/db';

/** `offset` of a page (from 1). */
export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** `a and b and ...` of the fragments given (undefined ones left out). */
export function allOf(...conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

/**
 * How a list statement's `matched` CTE is planned. Unfiltered (or by category), NOT
 * MATERIALIZED: the page walks the name index and stops after `limit` rows. With a search
 * (or the favourites), MATERIALIZED: PostgreSQL cannot estimate how many rows a trigram
 * LIKE matches, and when it guesses "many" it walks the name index filtering every row,
 * which for a rare term means the whole table. Materialized, the matches are read once
 * through the trigram index, and both the count and the page's top-N sort use them.
 */
export function materialization(filter: { search?: string; favoritesOnly?: boolean }): SQL {
  return filter.search || filter.favoritesOnly ? sql.raw('materialized') : sql.raw('not materialized');
}

/**
 * Which of a list's filters are set: the statements of two filters of one shape differ only
 * in their values.
 */
export function pageShape(filter: { search?: string; category?: string; favoritesOnly?: boolean }): string {
  return `${filter.search ? 's' : ''}${filter.category ? 'c' : ''}${filter.favoritesOnly ? 'f' : ''}`;
}

/**
 * How a statement builder gets the value named `name`: from the request (`valuesOf`: the
 * value itself, sent as a parameter) or as a placeholder (`placeholders`: the statement is
 * built once per shape and prepared, and each call gives its values by name; see preparedSql).
 */
export type ValueOf = (name: string) => unknown;

export function valuesOf(values: Record<string, unknown>): ValueOf {
  return (name) => {
    if (!(name in values)) throw new Error(`No value for ${name}`);
    return values[name];
  };
}

export const placeholders: ValueOf = (name) => sql.placeholder(name);
