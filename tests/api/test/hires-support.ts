import { solid, tag } from './catalogue-support';
import { client, type Answer, type Json } from './system';

type Api = ReturnType<typeof client>;

/** Today's calendar date in London, the hires service's "today" (HIRES_TIME_ZONE), shifted by `days`. */
export function londonDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export interface Catalogue {
  equipment: Json;
  supplier: Json;
}

/**
 * An item (with a photo) and a supplier added through the catalogue's routes by a company
 * admin: the hires service learns of them from the catalogue's events.
 */
export async function catalogueItems(api: Api, adminToken: string, label: string): Promise<Catalogue> {
  const photo = await solid(48, 48).png().toBuffer();
  const item = await api.form(
    'POST',
    '/api/equipment',
    {
      name: `Breaker ${label} ${tag('eq')}`,
      description: 'Heavy-duty breaker',
      category: 'Breaking & Drilling',
      unit_of_measure: 'per_day',
      power: '110V',
    },
    { token: adminToken, files: [{ field: 'image', data: photo, filename: 'p.png', type: 'image/png' }] },
  );
  if (item.status !== 201) throw new Error(`equipment: ${item.status} ${JSON.stringify(item.body)}`);
  const supplier = await api.post('/api/suppliers', { name: `Speedy ${label} ${tag('sup')}` }, adminToken);
  if (supplier.status !== 201)
    throw new Error(`supplier: ${supplier.status} ${JSON.stringify(supplier.body)}`);
  return { equipment: item.body.equipment, supplier: supplier.body.supplier };
}

export const siteFields = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  address_line_1: '1 Canada Square',
  city: 'London',
  postcode: 'E14 5AB',
  job_number: `JOB-${tag('j').slice(-8)}`,
  ...extra,
});

export async function createSite(api: Api, token: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/api/sites', siteFields(name, extra), token);
  if (res.status !== 201) throw new Error(`site: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.site as Json;
}

/** A hire's form fields for an item, supplier and site, day rate by default. */
export const hireFields = (c: Catalogue, site: Json, extra: Record<string, unknown> = {}) => ({
  equipment_id: c.equipment.id,
  supplier_id: c.supplier.id,
  site_id: site.id,
  price: 45.5,
  pricing_term: 'day',
  delivery_charge: 0,
  operator_cost: 0,
  hire_start_date: '2026-03-02',
  hire_end_date: '2026-03-06',
  ...extra,
});

/**
 * POST /api/hires. No waiting for the catalogue's events: an item or supplier added a
 * moment ago is found by the hires service asking the catalogue.
 */
export function postHire(
  api: Api,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer<Json>> {
  return api.request('POST', '/api/hires', { body, token, headers });
}

export async function createHire(api: Api, token: string, body: Record<string, unknown>): Promise<Json> {
  const res = await postHire(api, token, body);
  if (res.status !== 201) throw new Error(`hire: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.hire;
}
