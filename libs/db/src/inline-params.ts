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
  const parts = templateOf(text);
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
    } else {
      if (part >= values.length) throw new Error(`inlineParams: no value for $${part + 1}`);
      out += literal(values[part]);
    }
  }
  return out;
}

/** Statements split into text and parameter indexes, by text: the same few statements come back all the time. */
const templates = new Map<string, ReadonlyArray<string | number>>();
const MAX_TEMPLATES = 1000;

function templateOf(text: string): ReadonlyArray<string | number> {
  let parts = templates.get(text);
  if (parts) return parts;
  if (text.includes('\\') || text.includes('$$') || /\$[A-Za-z_]/.test(text.replace(TOKENS, ''))) {
    throw new Error('inlineParams: the statement uses escapes or dollar quoting; run it in a transaction');
  }
  const built: Array<string | number> = [];
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    if (match[1] === undefined) continue;
    const index = Number(match[1]) - 1;
    if (index < 0) throw new Error(`inlineParams: no value for $${match[1]}`);
    built.push(text.slice(last, match.index), index);
    last = match.index + match[0].length;
  }
  built.push(text.slice(last));
  parts = built;
  if (templates.size >= MAX_TEMPLATES) templates.clear();
  templates.set(text, parts);
  return parts;
}

/**
 * `execute "name"('v1', 'v2', …)`: runs a statement prepared with SQL's PREPARE, each value
 * written in as inlineParams writes it (a quoted literal PostgreSQL converts to the type the
 * statement's parameter was given when it was prepared).
 */
export function executeStatement(name: string, values: readonly unknown[] = []): string {
  const id = quoteIdentifier(name);
  if (values.length === 0) return `execute ${id}`;
  let args = literal(values[0]);
  for (let i = 1; i < values.length; i++) args += `, ${literal(values[i])}`;
  return `execute ${id}(${args})`;
}

/** A double-quoted identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A value written in as a quoted SQL literal, as inlineParams writes each parameter. */
export function sqlLiteral(value: unknown): string {
  return literal(value);
}

function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  return escapeLiteral(prepared).trimStart();
}
