import { invalidRequest } from './api-error';
import type { Tenant } from './tenant';
import { parseZaharaDate } from './validation';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** The resources whose `Add` a failure can cut off after the record was made. */
export const CREATABLE_RESOURCES = ['PurchaseOrder', 'Supplier', 'Project'] as const;
export type CreatableResource = (typeof CREATABLE_RESOURCES)[number];

export interface RouteContext {
  tenant: Tenant;
  /** Path parameters by name, URL-decoded, not yet typed (see intParam, dateParam). */
  params: Record<string, string>;
  body: unknown;
}

export interface Route {
  method: HttpMethod;
  /** e.g. `PurchaseOrder/Get/{skip}/{take}`; literal segments match case-insensitively, as ASP.NET's do. */
  template: string;
  /** Set on an `Add` that creates a record of this resource. */
  creates?: CreatableResource;
  handle(ctx: RouteContext): unknown;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: HttpMethod[] }
  | { kind: 'none' };

function matchTemplate(template: string, segments: string[]): Record<string, string> | undefined {
  const parts = template.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i];
    if (part.startsWith('{')) params[part.slice(1, -1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return undefined;
  }
  return params;
}

export function matchRoute(routes: readonly Route[], method: string, segments: string[]): RouteMatch {
  const allowed: HttpMethod[] = [];
  for (const route of routes) {
    const params = matchTemplate(route.template, segments);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    allowed.push(route.method);
  }
  return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'none' };
}

export function intParam(ctx: RouteContext, name: string): number {
  const raw = ctx.params[name];
  if (!/^\d{1,9}$/.test(raw)) throw invalidRequest([`${name} '${raw}' is not a valid integer.`]);
  return Number(raw);
}

/** A date parameter as an epoch millisecond value. */
export function dateParam(ctx: RouteContext, name: string): number {
  const raw = ctx.params[name];
  const iso = parseZaharaDate(raw);
  if (!iso) throw invalidRequest([`${name} '${raw}' is not a valid date (yyyy-MM-dd or ISO 8601).`]);
  return Date.parse(iso);
}

export function textParam(ctx: RouteContext, name: string): string {
  const value = ctx.params[name].trim();
  if (!value) throw invalidRequest([`${name} must not be blank.`]);
  return value;
}

/** Records changed after `since`, oldest change first: what `After/{date}` answers. */
export function changedAfter<T extends { LastUpdated: string }>(records: Iterable<T>, since: number): T[] {
  return [...records]
    .filter((record) => Date.parse(record.LastUpdated) > since)
    .sort((a, b) => a.LastUpdated.localeCompare(b.LastUpdated));
}

/** Case-insensitive "contains" over the named text fields. */
export function matchesTerm<T>(record: T, term: string, fields: readonly (keyof T)[]): boolean {
  const needle = term.toLowerCase();
  return fields.some((field) => {
    const value = record[field];
    return typeof value === 'string' && value.toLowerCase().includes(needle);
  });
}
