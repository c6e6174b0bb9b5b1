import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  HIRES_MESSAGES,
  HiresSiteCreate,
  HiresSiteDelete,
  HiresSiteGet,
  HiresSitesList,
  HiresSiteUpdate,
  SiteCreated,
  SiteDeleted,
  SiteUpdated,
  siteSchema,
} from '@planted/contracts';
import { VALIDATION_MESSAGES as V } from '@planted/domain';
import { waitFor } from '@planted/testing';
import { outbox, sites } from '../src/db/schema';
import {
  createHire,
  createSite,
  errorOf,
  hireSetting,
  newCompany,
  site,
  siteFields,
  startHires,
  type HiresHarness,
} from './support/hires-harness';

let h: HiresHarness;
const a = newCompany('A');
const b = newCompany('B');

beforeAll(async () => {
  h = await startHires();
});

afterAll(async () => {
  await h?.close();
});

/** The events the outbox holds for one site, in the order they were written, once published. */
async function siteEvents(id: string) {
  return waitFor(async () => {
    const rows = await h.app.database.withSystem((tx) => tx.select().from(outbox).orderBy(outbox.seq));
    const mine = rows.filter((r) => {
      const p = r.payload as { site?: { id: string }; site_id?: string };
      return p.site?.id === id || p.site_id === id;
    });
    return mine.length > 0 && mine.every((r) => r.publishedAt !== null) ? mine : undefined;
  });
}

describe('sites (spec §2 Sites, §5 Site)', () => {
  it('creates a site with GB by default, places it, and records site.created in the outbox', async () => {
    const created = await h.client.send(HiresSiteCreate, site(a.actor, { job_number: 'J-100' }));
    expect(created.message).toBe(HIRES_MESSAGES.SITE_CREATED);
    expect(created.site).toMatchObject({
      name: 'Leeds Depot',
      country: 'GB',
      status: 'active',
      job_number: 'J-100',
      postcode: 'LS1 4DL',
      zahara_project_id: null,
      geocode_source: 'offline',
    });
    // Leeds, from the shipped place data (GeoNames): 53.80 N, 1.55 W.
    expect(created.site.latitude).toBeCloseTo(53.8, 1);
    expect(created.site.longitude).toBeCloseTo(-1.55, 1);
    const events = await siteEvents(created.site.id);
    expect(events.map((e) => e.subject)).toEqual([SiteCreated.name]);
    expect(SiteCreated.payload.parse(events[0].payload).site).toMatchObject({
      ...created.site,
      customer_id: a.actor.customerId,
    });
    expect(events[0].customerId).toBe(a.actor.customerId);
  });

  it('keeps a site it cannot place, with no position', async () => {
    const { site: unplaced } = await h.client.send(
      HiresSiteCreate,
      site(a.actor, {
        city: 'Nowhere-in-particular',
        county: null,
        address_line_2: null,
        postcode: 'XX9 9XX', // the form of a postcode, of no UK area
      }),
    );
    expect(unplaced).toMatchObject({ latitude: null, longitude: null, geocode_source: null });
  });

  it('places a British site by its postcode when its town is not in the place data', async () => {
    const { site: placed } = await h.client.send(
      HiresSiteCreate,
      site(a.actor, { city: 'Hull Marina Yard', county: null, address_line_2: null, postcode: 'HU1 3UT' }),
    );
    expect(placed).toMatchObject({ latitude: expect.closeTo(53.74, 1), geocode_source: 'offline' });
  });

  it('refuses a site without its required fields, naming each (spec §5)', async () => {
    const err = await errorOf(
      h.client.send(HiresSiteCreate, site(a.actor, { name: ' ', city: '', country: 'FR' })),
    );
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details).toEqual(
      expect.arrayContaining([
        { param: 'name', msg: V.SITE_NAME_REQUIRED },
        { param: 'city', msg: V.CITY_REQUIRED },
        { param: 'country', msg: V.COUNTRY_INVALID },
      ]),
    );
  });

  it('lists the company sites newest first and searches the five fields', async () => {
    const c = newCompany('C');
    const first = await createSite(h, c.actor, { name: 'Álpha Yard', job_number: 'JOB-77', city: 'York' });
    const second = await createSite(h, c.actor, {
      name: 'Beta Yard',
      postcode: 'M1 1AE',
      city: 'Manchester',
    });
    const all = await h.client.send(HiresSitesList, { actor: c.actor });
    expect(all.sites.map((s) => s.id)).toEqual([second.id, first.id]);
    expect(all.pagination).toEqual({ page: 1, limit: 12, total: 2, pages: 1 });
    for (const [search, expected] of [
      // Accents folded both ways, a postcode also without its space (AQ-1, AQ-4).
      ['alpha', [first.id]],
      ['ÁLPHA', [first.id]],
      ['job-77', [first.id]],
      ['m1 1', [second.id]],
      ['m11ae', [second.id]],
      ['M1  1AE', [second.id]],
      ['manchester', [second.id]],
      ['wellington', [second.id, first.id]],
      ['%', []],
    ] as const) {
      const found = await h.client.send(HiresSitesList, { actor: c.actor, search });
      expect([search, found.sites.map((s) => s.id)]).toEqual([search, expected]);
    }
    const paged = await h.client.send(HiresSitesList, { actor: c.actor, page: 2, limit: 1 });
    expect(paged.sites.map((s) => s.id)).toEqual([first.id]);
    expect(paged.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 });
    const beyond = await h.client.send(HiresSitesList, { actor: c.actor, page: 5, limit: 1 });
    expect(beyond).toEqual({ sites: [], pagination: { page: 5, limit: 1, total: 2, pages: 2 } });
    for (const s of all.sites) expect(siteSchema.parse(s)).toEqual(s);
  });

  it('updates a site, places it again only when the address changes, and records site.updated', async () => {
    const s = await createSite(h, a.actor, { city: 'Leeds' });
    const renamed = await h.client.send(HiresSiteUpdate, {
      ...site(a.actor, { name: 'Renamed', status: 'completed' }),
      id: s.id,
    });
    expect(renamed.message).toBe(HIRES_MESSAGES.SITE_UPDATED);
    expect(renamed.site).toMatchObject({ name: 'Renamed', status: 'completed', latitude: s.latitude });
    // A stored position that is not the place data's shows that an unchanged address is not looked up again.
    await h.app.database.withSystem((tx) =>
      tx.update(sites).set({ latitude: 1.5 }).where(eq(sites.id, s.id)),
    );
    const same = await h.client.send(HiresSiteUpdate, { ...site(a.actor, { name: 'Again' }), id: s.id });
    expect(same.site.latitude).toBe(1.5);
    const moved = await h.client.send(HiresSiteUpdate, {
      ...site(a.actor, { city: 'Bristol', postcode: 'BS1 4DJ' }),
      id: s.id,
    });
    expect(moved.site.latitude).toBeCloseTo(51.45, 1);
    expect(moved.site.longitude).toBeCloseTo(-2.59, 1);
    const events = await siteEvents(s.id);
    expect(events.map((e) => e.subject)).toEqual([
      SiteCreated.name,
      SiteUpdated.name,
      SiteUpdated.name,
      SiteUpdated.name,
    ]);
    expect(SiteUpdated.payload.parse(events[3].payload).site.city).toBe('Bristol');
  });

  it('deletes a site without hires, and refuses one with hires (409)', async () => {
    const lone = await createSite(h, a.actor);
    expect(await h.client.send(HiresSiteDelete, { actor: a.actor, id: lone.id })).toEqual({
      message: HIRES_MESSAGES.SITE_DELETED,
    });
    expect((await errorOf(h.client.send(HiresSiteGet, { actor: a.actor, id: lone.id }))).code).toBe(
      'NOT_FOUND',
    );
    const events = await siteEvents(lone.id);
    expect(events.map((e) => e.subject)).toEqual([SiteCreated.name, SiteDeleted.name]);
    expect(events[1].payload).toEqual({ site_id: lone.id, customer_id: a.actor.customerId });

    const setting = await hireSetting(h, a.actor);
    await createHire(h, a.actor, setting, { hire_status: 'completed' });
    expect(await errorOf(h.client.send(HiresSiteDelete, { actor: a.actor, id: setting.site.id }))).toEqual({
      code: 'CONFLICT',
      message: HIRES_MESSAGES.SITE_HAS_HIRES,
    });
    expect((await h.client.send(HiresSiteGet, { actor: a.actor, id: setting.site.id })).site.id).toBe(
      setting.site.id,
    );
  });

  it('answers 404 to another company for every site id, and changes nothing', async () => {
    const s = await createSite(h, a.actor, { name: 'Private Yard' });
    const probes = [
      h.client.send(HiresSiteGet, { actor: b.actor, id: s.id }),
      h.client.send(HiresSiteUpdate, { ...site(b.actor, { name: 'Taken' }), id: s.id }),
      h.client.send(HiresSiteDelete, { actor: b.actor, id: s.id }),
    ];
    for (const probe of probes)
      expect(await errorOf(probe)).toEqual({ code: 'NOT_FOUND', message: HIRES_MESSAGES.SITE_NOT_FOUND });
    expect((await h.client.send(HiresSitesList, { actor: b.actor })).sites).toEqual([]);
    expect((await h.client.send(HiresSiteGet, { actor: a.actor, id: s.id })).site.name).toBe('Private Yard');
    expect(await errorOf(h.client.send(HiresSiteGet, { actor: a.actor, id: randomUUID() }))).toEqual({
      code: 'NOT_FOUND',
      message: HIRES_MESSAGES.SITE_NOT_FOUND,
    });
  });

  it('creates once per Idempotency-Key: a retry answers the first site, other input is a conflict', async () => {
    const c = newCompany('Idem');
    const key = randomUUID();
    const payload = site(c.actor, { name: 'Once Yard' });
    const first = await h.withKey(key, () => h.client.send(HiresSiteCreate, payload));
    const again = await h.withKey(key, () => h.client.send(HiresSiteCreate, payload));
    expect(again.site.id).toBe(first.site.id);
    expect((await h.client.send(HiresSitesList, { actor: c.actor })).sites).toHaveLength(1);
    const other = await errorOf(
      h.withKey(key, () => h.client.send(HiresSiteCreate, site(c.actor, { name: 'Other Yard' }))),
    );
    expect(other.code).toBe('CONFLICT');
  });

  it('row-level security hides other companies rows even without the customer filter', async () => {
    const s = await createSite(h, a.actor);
    const seen = await h.app.database.withTenant(b.actor.customerId, (tx) =>
      tx.select().from(sites).where(eq(sites.id, s.id)),
    );
    expect(seen).toEqual([]);
    const changed = await h.app.database.withTenant(b.actor.customerId, (tx) =>
      tx.update(sites).set({ name: 'Hijacked' }).where(eq(sites.id, s.id)).returning(),
    );
    expect(changed).toEqual([]);
    await expect(
      h.app.database.withTenant(b.actor.customerId, (tx) =>
        tx
          .insert(sites)
          .values({ ...siteColumns(), customerId: a.actor.customerId, createdBy: b.actor.userId }),
      ),
    ).rejects.toThrow();
    const mine = await h.app.database.withTenant(a.actor.customerId, (tx) =>
      tx.select().from(sites).where(eq(sites.id, s.id)),
    );
    expect(mine).toHaveLength(1);
  });
});

function siteColumns() {
  const f = siteFields();
  return { name: f.name, addressLine1: f.address_line_1, city: f.city, postcode: f.postcode };
}
