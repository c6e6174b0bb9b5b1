/** A user's search text as an `ilike` pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a trigram index can narrow a search for the term: it needs three letters or
 * digits in a row. For a shorter one the index hands back every row to recheck.
 */
export function trigramSearchable(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}
