import { FOLDED_LETTERS, PLAIN_LETTERS } from '@planted/domain';

/** Text whose `%`, `_` and `\` a LIKE pattern takes literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search term as a LIKE pattern matching it anywhere: `%`, `_` and `\` in the term are
 * literal characters, not wildcards. Trigram (GIN) indexes serve such patterns.
 */
export function containsPattern(term: string): string {
  return `%${literal(term)}%`;
}

/**
 * The words of a term in the order typed, anything between them ('3kw heater' finds
 * '3kW Fan Heater'); wildcards typed are literal. One pattern, so a trigram index still narrows it.
 */
export function wordsPattern(term: string): string {
  const words = term.trim().split(/\s+/).filter(Boolean);
  return `%${words.map(literal).join('%')}%`;
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

/** Terms are folded as the search columns keep their text (the same letters, in @planted/domain). */
export { foldSearchText } from '@planted/domain';

/**
 * The SQL of `expression` folded as foldSearchText folds a term (lower(), then translate()),
 * for a generated search column or a match on a column that has none. Immutable, so a
 * generated column and its trigram index may use it.
 */
export function foldedSql(expression: string): string {
  return `translate(lower(${expression}), '${FOLDED_LETTERS}', '${PLAIN_LETTERS}')`;
}
