// Seeds the demo companies' sites and hires (scripts/demo/hires.mjs) through the gateway's
// REST API, as a user would, after the demo catalogue (seed-catalogue.mjs): every hire goes
// through POST /api/hires, so the server computes its figures, its events flow, and the
// catalogue's latest prices (GET /api/equipment/pricing) fill from them.
//
// Safe to run at every start: it lists what each company already has and only adds what is
// missing (sites by name, hires by the tag at the end of their details), every creating call
// carries an Idempotency-Key derived from the entry, and the last hire of the plan marks a
// finished seed: once it is there nothing is added again, so what a user deleted or
// changed stays so.
//
//   node scripts/demo/seed-hires.mjs   (BASE_URL, DEMO_EMAIL, DEMO_PASSWORD; defaults as npm start)
import { pathToFileURL } from 'node:url';
import { ApiError, client, CONCURRENCY, inParallel, listAll, signIn, slug } from './api.mjs';
import { COMMUNITY, COMMUNITY_COMPANY, DEMO } from './catalogue.mjs';
import { HIRE_COUNTS, hireRef, londonToday, planHires, SITES } from './hires.mjs';

const ALL_STATUSES = '&status=active,completed,collection_booked';

/** The site fields POST /api/sites takes. */
const siteBody = ({ name, address_line_1, city, county, postcode, job_number, status }) => ({
  name,
  address_line_1,
  city,
  ...(county ? { county } : {}),
  postcode,
  country: 'GB',
  job_number,
  status,
});

/** Adds the company's missing sites; answers every seeded site of the company by name. */
async function seedSites(api, session, owner) {
  const mine = SITES.filter((s) => s.owner === owner);
  const existing = await listAll(api, session.token, '/api/sites', 'sites');
  const byName = new Map(existing.map((s) => [s.name, s]));
  const missing = mine.filter((s) => !byName.has(s.name));
  await inParallel(missing, CONCURRENCY, async (s) => {
    const body = await api.ok('POST', '/api/sites', {
      token: session.token,
      key: `demo-seed:site:${slug(s.job_number)}`,
      json: siteBody(s),
    });
    byName.set(s.name, body.site);
  });
  return {
    sites: mine.filter((s) => byName.has(s.name)).map((s) => ({ ...s, id: byName.get(s.name).id })),
    added: missing.length,
  };
}

/** Adds the company's missing hires, one company's active ones in plan order (its plan limit). */
async function seedCompanyHires(api, session, owner, catalogue, today) {
  const { sites, added: sitesAdded } = await seedSites(api, session, owner);
  const plans = planHires({ owner, count: HIRE_COUNTS[owner], sites, ...catalogue, today });
  const existing = await listAll(api, session.token, '/api/hires', 'hires', ALL_STATUSES);
  const seeded = new Set(
    existing.map((h) => /\[demo [DC]\d{3}\]$/.exec(h.additional_details ?? '')?.[0]).filter(Boolean),
  );
  if (seeded.has(hireRef(owner, HIRE_COUNTS[owner]))) return { sitesAdded, hiresAdded: 0 };
  const missing = plans.filter((p) => !seeded.has(p.ref));
  const create = (p) =>
    api.ok('POST', '/api/hires', {
      token: session.token,
      key: `demo-seed:hire:${slug(p.ref)}`,
      json: {
        equipment_id: p.equipment_id,
        supplier_id: p.supplier_id,
        site_id: p.site.id,
        price: p.price,
        pricing_term: p.pricing_term,
        delivery_charge: p.delivery_charge,
        operator_cost: p.operator_cost,
        hire_start_date: p.hire_start_date,
        hire_end_date: p.hire_end_date,
        hire_status: p.hire_status,
        additional_details: `${p.note} ${p.ref}`,
      },
    });
  // The last of the plan goes last: it marks the seed finished.
  await inParallel(missing.slice(0, -1), CONCURRENCY, create);
  if (missing.length) await create(missing.at(-1));
  return { sitesAdded, hiresAdded: missing.length };
}

/**
 * @param {{ baseUrl: string, email: string, password: string, log?: (msg: string) => void, now?: Date }} options
 *   the gateway and the demo admin's credentials (the community company shares the password,
 *   as the catalogue seed registers it); `now` fixes "today" (tests).
 * @returns {Promise<'seeded' | 'existing' | 'unavailable'>} 'unavailable' when the gateway has no
 *   hires routes, or the catalogue has no equipment or suppliers to hire (nothing is seeded then).
 */
export async function seedHires({ baseUrl, email, password, log = () => undefined, now = new Date() }) {
  const api = client(baseUrl);
  const demo = await signIn(api, email, password);
  if (!demo) throw new ApiError(`could not sign in as the demo admin ${email}`);
  const probe = await api.call('GET', '/api/hires?limit=1', { token: demo.token });
  if (probe.status === 404 || probe.status === 503) return 'unavailable';
  const community = await signIn(api, COMMUNITY_COMPANY.email, password);
  const companies = [[DEMO, demo], ...(community ? [[COMMUNITY, community]] : [])];

  const today = londonToday(now);
  let sitesAdded = 0;
  let hiresAdded = 0;
  for (const [owner, session] of companies) {
    // What the company sees of the shared catalogue, in a stable order (ids are per install).
    const [equipment, suppliers] = await Promise.all([
      listAll(api, session.token, '/api/equipment', 'equipment'),
      listAll(api, session.token, '/api/suppliers', 'suppliers'),
    ]);
    if (equipment.length === 0 || suppliers.length === 0) return 'unavailable';
    const ids = (list) =>
      list
        .map((e) => [e.name, e.id])
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, id]) => id);
    const added = await seedCompanyHires(
      api,
      session,
      owner,
      { equipment: ids(equipment), suppliers: ids(suppliers) },
      today,
    );
    sitesAdded += added.sitesAdded;
    hiresAdded += added.hiresAdded;
  }
  if (sitesAdded === 0 && hiresAdded === 0) return 'existing';
  log(`demo hires: added ${sitesAdded} sites and ${hiresAdded} hires`);
  return 'seeded';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  seedHires({
    baseUrl: process.env.BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`,
    email: process.env.DEMO_EMAIL ?? 'demo@planted.test',
    password: process.env.DEMO_PASSWORD ?? 'demo-password',
    log: (msg) => console.log(msg),
  }).then(
    (result) => console.log(`demo hires ${result} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (err) => {
      console.error(err.message ?? err);
      process.exitCode = 1;
    },
  );
}
