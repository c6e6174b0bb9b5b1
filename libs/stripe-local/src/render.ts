import { invalidRequest } from './errors';
import type { List, StripeObject } from './model';
import type { Params } from './params';

/** Fields kept on stored objects that Stripe shows only when expanded. */
const HIDDEN_UNLESS_EXPANDED: Record<string, string[]> = { 'checkout.session': ['line_items'] };
const MAX_EXPANSION_DEPTH = 4;

/**
 * A copy of `object` as Stripe answers it: ids named by `expand[]` (`subscription`,
 * `data.customer`, `items.data.price.product`) replaced by their objects.
 */
export function render<T extends StripeObject | List<StripeObject>>(
  object: T,
  expand: string[],
  find: (id: string) => StripeObject | undefined,
): T {
  const copy = structuredClone(object);
  for (const path of expand) {
    const segments = path.split('.');
    if (segments.length > MAX_EXPANSION_DEPTH) {
      throw invalidRequest(
        `You cannot expand more than ${MAX_EXPANSION_DEPTH} levels of a property. Property: ${path}`,
        'expand',
      );
    }
    expandPath(copy, segments, path, find);
  }
  hideUnexpanded(copy, expand);
  return copy;
}

function expandPath(
  node: unknown,
  segments: string[],
  path: string,
  find: (id: string) => StripeObject | undefined,
): void {
  if (Array.isArray(node)) {
    for (const item of node) expandPath(item, segments, path, find);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const [key, ...rest] = segments;
  const record = node as Record<string, unknown>;
  if (!(key in record)) throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
  if (typeof record[key] === 'string') {
    const found = find(record[key]);
    if (!found) throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
    record[key] = structuredClone(found);
  }
  if (rest.length) expandPath(record[key], rest, path, find);
}

/** A copy without the fields Stripe shows only when expanded, as events carry objects. */
export function publicCopy<T extends StripeObject>(object: T): T {
  const copy = structuredClone(object);
  hideUnexpanded(copy, []);
  return copy;
}

function hideUnexpanded(node: unknown, expand: string[], prefix = ''): void {
  if (Array.isArray(node)) {
    for (const item of node) hideUnexpanded(item, expand, prefix);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const field of HIDDEN_UNLESS_EXPANDED[String(record.object)] ?? []) {
    if (!expand.includes(prefix + field)) delete record[field];
  }
  for (const [key, value] of Object.entries(record)) {
    if (value && typeof value === 'object') hideUnexpanded(value, expand, `${prefix}${key}.`);
  }
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

/**
 * One page of a list, newest first, with Stripe's cursor parameters: `limit` (1 to 100,
 * default 10), `starting_after` and `ending_before` (object ids).
 */
export function paginate<T extends StripeObject>(items: T[], params: Params, url: string): List<T> {
  const limit = params.integer('limit') ?? DEFAULT_LIMIT;
  if (limit < 1 || limit > MAX_LIMIT) {
    throw invalidRequest(`Invalid limit: must be between 1 and ${MAX_LIMIT}`, 'limit');
  }
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  if (startingAfter && endingBefore) {
    throw invalidRequest(
      'You may only specify one of these parameters: ending_before, starting_after.',
      'ending_before',
    );
  }
  const cursorIndex = (id: string, param: string): number => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw invalidRequest(`Invalid ${param}: no object with id '${id}' in this list`, param);
    return index;
  };
  if (endingBefore) {
    const end = cursorIndex(endingBefore, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start = startingAfter ? cursorIndex(startingAfter, 'starting_after') + 1 : 0;
  return {
    object: 'list',
    data: items.slice(start, start + limit),
    has_more: start + limit < items.length,
    url,
  };
}
