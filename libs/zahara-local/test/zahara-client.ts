import type { ZaharaSimulator } from '../src';

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls one business unit's API over real HTTP, as the connector's client will. */
export function zaharaAs(sim: ZaharaSimulator, key: string) {
  async function call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    init: RequestInit = {},
  ): Promise<Answer<T>> {
    const res = await fetch(`${sim.url}/api/${encodeURIComponent(key)}/${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
  }
  return {
    get: <T = unknown>(path: string, init?: RequestInit) => call<T>('GET', path, undefined, init),
    post: <T = unknown>(path: string, body?: unknown, init?: RequestInit) =>
      call<T>('POST', path, body, init),
    put: <T = unknown>(path: string, body?: unknown) => call<T>('PUT', path, body),
    call,
  };
}

/** The simulator's control API, as a test in another process would use it. */
export async function control<T = unknown>(
  sim: ZaharaSimulator,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${sim.url}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

/** A purchase order line for the seed data, with the amounts Zahara checks worked out. */
export function line(
  ids: {
    ProjectId: number | null;
    NominalCodeId: number;
    TaxCodeId: number;
    CostCodeId?: number | null;
    DivisionId?: number | null;
  },
  price: number,
  quantity: number,
  taxPercentage = 20,
  description = '8t tracked excavator, weekly hire',
) {
  return {
    Description: description,
    ProjectId: ids.ProjectId,
    CostCodeId: ids.CostCodeId ?? null,
    NominalCodeId: ids.NominalCodeId,
    TaxCodeId: ids.TaxCodeId,
    TaxPercentage: taxPercentage,
    Price: price,
    Quantity: quantity,
    NetValue: Math.round(price * quantity * 100) / 100,
    DivisionId: ids.DivisionId ?? null,
  };
}
