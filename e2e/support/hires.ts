import { e2eEnv } from './state';

/** A call to the API as the holder of `token`; a failure throws with the status and body. */
export async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${e2eEnv('baseUrl')}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(!isForm && body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: isForm ? body : body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** 'YYYY-MM-DD' `days` from today. */
export function isoDay(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface HireIds {
  equipment_id: string;
  supplier_id: string;
  site_id: string;
}

/** An item of equipment and a supplier of the company, made through the API. */
export async function catalogueByApi(token: string, name: string, suffix: string) {
  const form = new FormData();
  form.append('name', `${name} ${suffix}`);
  form.append('category', 'Lighting');
  form.append('description', `${name} for the browser tests`);
  const { equipment } = await apiCall<{ equipment: { id: string } }>(token, 'POST', '/equipment', form);
  const { supplier } = await apiCall<{ supplier: { id: string } }>(token, 'POST', '/suppliers', {
    name: `Lights Ltd ${suffix}`,
  });
  return { equipment_id: equipment.id, supplier_id: supplier.id };
}

export async function siteByApi(
  token: string,
  site: { name: string; address_line_1: string; city: string; postcode: string },
): Promise<{ id: string; latitude: number | null }> {
  return (await apiCall<{ site: { id: string; latitude: number | null } }>(token, 'POST', '/sites', site))
    .site;
}

export interface ApiHire {
  id: string;
  equipment_id: string;
  supplier_id: string;
  site_id: string;
  net_cost: number;
  vat_amount: number;
  total_cost: number;
  hire_status: string;
  equipment_name: string;
}

const CATALOGUE_EVENT_WAIT_MS = 10_000;

/**
 * A hire of £40 a day from two days ago to five days on, unless `over` says otherwise. The hires
 * service learns of new equipment and suppliers from catalogue's events; until the event has
 * arrived it answers 404 for them, so a hire made straight after them is tried again briefly.
 */
export async function hireByApi(
  token: string,
  ids: HireIds,
  over: Record<string, unknown> = {},
): Promise<ApiHire> {
  const body = {
    ...ids,
    price: 40,
    pricing_term: 'day',
    hire_start_date: isoDay(-2),
    hire_end_date: isoDay(5),
    ...over,
  };
  const deadline = Date.now() + CATALOGUE_EVENT_WAIT_MS;
  for (;;) {
    try {
      return (await apiCall<{ hire: ApiHire }>(token, 'POST', '/hires', body)).hire;
    } catch (error) {
      const notYetKnown = /: 404 .*(Equipment|Supplier) not found/.test(String(error));
      if (!notYetKnown || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
