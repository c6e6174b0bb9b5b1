import { escapeLiteral } from 'pg';

// pg's own conversion of a parameter to its text form (what the extended protocol sends).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): string | Buffer | null };

/** A double-quoted identifier, a standard single-quoted string, or a $n placeholder. */
const TOKENS = /"(?:[^"]|"")*"|'(?:[^']|'')*'|\$(\d+)/g;

/**
 * Turns a parameterised statement ($1, $2 …) into one with the values written in as
 * quoted literals, so it can travel in a simple-protocol message together with other
 * statements. Each value becomes the same text the extended protocol would have sent
 * as an untyped parameter, quoted by pg's escapeLiteral, so PostgreSQL resolves its type
 * from the context exactly as it does for a parameter. NULL stays NULL.
 *
 * Only for statements Drizzle builds: it refuses text it cannot tokenise safely
 * (backslash escapes, dollar quoting) and placeholders without a value.
 */
export function inlineParams(text: string, values: readonly unknown[] = []): string {
  if (text.includes('\\') || text.includes('$$') || /\$[A-Za-z_]/.test(text.replace(TOKENS, ''))) {
    throw new Error('inlineParams: the statement uses escapes or dollar quoting; run it in a transaction');
  }
  return text.replace(TOKENS, (token, index: string | undefined) => {
    if (index === undefined) return token;
    const i = Number(index) - 1;
    if (i < 0 || i >= values.length) throw new Error(`inlineParams: no value for $${index}`);
    return literal(values[i]);
  });
}

function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  return escapeLiteral(prepared).trimStart();
}
