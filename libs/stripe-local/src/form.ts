/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation for
 * nesting (`metadata[customer_id]=c1`, `line_items[0][price]=p`, `expand[]=subscription`).
 * The SDK sends GET and DELETE parameters the same way in the query string.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** Thrown for a key the bracket grammar cannot read, or one used both as a value and a map. */
export class FormSyntaxError extends Error {
  constructor(readonly param: string) {
    super(`Invalid parameter: ${param}`);
  }
}

/** Parses a query string or form body into nested params; maps keyed 0..n become arrays. */
export function parseForm(encoded: string): FormParams {
  const root: { [key: string]: unknown } = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = KEY.exec(rawKey);
    if (!match) throw new FormSyntaxError(rawKey);
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    assign(root, path, value, rawKey);
  }
  return toArrays(root) as FormParams;
}

type Branch = { [key: string]: unknown };

function assign(target: Branch, path: string[], value: string, rawKey: string): void {
  let node = target;
  for (let i = 0; i < path.length; i++) {
    let segment = path[i];
    // `expand[]=a&expand[]=b` appends: members are numbered as they come.
    if (segment === '') segment = String(Object.keys(node).length);
    if (i === path.length - 1) {
      if (typeof node[segment] === 'object') throw new FormSyntaxError(rawKey);
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next === 'string') throw new FormSyntaxError(rawKey);
    if (next === undefined) node[segment] = {};
    node = node[segment] as Branch;
  }
}

function toArrays(node: unknown): FormValue {
  if (typeof node === 'string') return node;
  const entries = Object.entries(node as Branch);
  const converted = entries.map(([key, value]) => [key, toArrays(value)] as const);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (indexed) {
    return converted.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
  }
  return Object.fromEntries(converted);
}
