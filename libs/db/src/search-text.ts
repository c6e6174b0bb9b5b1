/**
 * A search term as a LIKE pattern matching it anywhere: `%`, `_` and `\` in the term are
 * literal characters, not wildcards. Trigram (GIN) indexes serve such patterns.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a trigram index narrows a search for the term: it needs three letters or digits
 * in a row. For a shorter term the index hands back every row to recheck, and only a plan
 * made for that term (a sequential scan) is quick: such searches are not run on the shared
 * generic plan of a prepared statement.
 */
export function trigramSearchable(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}
