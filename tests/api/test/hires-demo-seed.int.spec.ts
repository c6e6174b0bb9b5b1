import { spawn } from 'node:child_process';
import path from 'node:path';
import { siteFieldsSchema } from '@planted/contracts';
import { eventually } from './catalogue-support';
import { catalogueItems, londonDate } from './hires-support';
import { client, company, startSystem, type Json, type System } from './system';

// Issue 10, item 5: the demo companies' sites and hires that `npm start` seeds
// (scripts/demo/seed-hires.mjs), run as the script runs, against the whole system.
const root = path.resolve(__dirname, '../../..');

/** Runs the seed as a node process against the system; answers what it printed. */
function runSeed(baseUrl: string, email: string, password: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/demo/seed-hires.mjs'], {
      cwd: root,
      env: { ...process.env, BASE_URL: baseUrl, DEMO_EMAIL: email, DEMO_PASSWORD: password },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`seed failed (${code}): ${err}`)),
    );
  });
}

describe('demo sites and hires (issue 10 item 5), seeded through the API', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let demo: { email: string; password: string };
  let token: string;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    const registration = company('Demo');
    const res = await api.post('/api/auth/register', registration);
    expect(res.status).toBe(201);
    demo = { email: registration.email, password: registration.password };
    token = res.body.token;
    // A small catalogue in place of the demo one (the seed hires whatever the company sees).
    for (const label of ['One', 'Two', 'Three']) await catalogueItems(api, token, label);
  }, 60_000);
  afterAll(() => sys?.close());

  const allHires = async (): Promise<Json[]> =>
    (await api.get('/api/hires?limit=1000&status=active,completed,collection_booked', token)).body.hires;

  it('adds sites across UK cities and a few hundred hires in every status and pricing term', async () => {
    const out = await runSeed(sys.url, demo.email, demo.password);
    expect(out).toMatch(/added 22 sites and 300 hires/);

    const sites: Json[] = (await api.get('/api/sites?limit=1000', token)).body.sites;
    expect(sites).toHaveLength(22);
    expect(new Set(sites.map((s) => s.city)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(sites.map((s) => s.status))).toEqual(new Set(['active', 'inactive', 'completed']));
    for (const s of sites) {
      expect(s.country).toBe('GB');
      expect(s.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
      expect(siteFieldsSchema.safeParse(s).success).toBe(true);
    }
    // Placed on the map by the offline geocoder, from their towns.
    expect(sites.filter((s) => s.latitude !== null).length).toBeGreaterThanOrEqual(20);

    const hires = await allHires();
    expect(hires).toHaveLength(300);
    const count = (key: string) =>
      hires.reduce<Record<string, number>>((acc, h) => ({ ...acc, [h[key]]: (acc[h[key]] ?? 0) + 1 }), {});
    // The free plan's 5 active hires less one: the demo can add one, then meets Upgrade Required.
    expect(count('hire_status')).toEqual({ active: 4, collection_booked: 50, completed: 246 });
    expect(Object.keys(count('pricing_term')).sort()).toEqual(['day', 'fixed', 'month', 'week', 'year']);
    // The server computed every figure (spec §9): total = net × 1.2.
    for (const h of hires) expect(h.total_cost).toBeCloseTo(h.net_cost * 1.2, 2);

    const usage = await api.get('/api/hires/subscription-usage', token);
    expect(usage.body.usage.hires).toEqual({ current: 4, max: 5 });

    // Some end this week (Plant Reminders), some are overdue.
    const endingSoon: Json[] = (await api.get('/api/hires/ending-soon', token)).body.endingSoon;
    expect(endingSoon.length).toBeGreaterThanOrEqual(5);
    for (const h of endingSoon) {
      expect(h.hire_end_date >= londonDate(0) && h.hire_end_date <= londonDate(7)).toBe(true);
    }
    const overdue = (await api.get('/api/hires/overdue', token)).body;
    expect(overdue.total).toBeGreaterThanOrEqual(5);

    // The hires' events reached the catalogue: its latest prices are filled.
    const pricing = await eventually(async () => {
      const res = await api.get('/api/equipment/pricing', token);
      return Object.keys(res.body).length >= 3 ? res.body : undefined;
    });
    expect(Object.values(pricing as Record<string, Json>)[0]).toEqual(
      expect.objectContaining({ price_per_day: expect.any(Number), supplier_name: expect.any(String) }),
    );
  }, 120_000);

  it('adds nothing on a second run', async () => {
    const out = await runSeed(sys.url, demo.email, demo.password);
    expect(out).toMatch(/demo hires existing/);
    expect(await allHires()).toHaveLength(300);
    expect((await api.get('/api/sites?limit=1000', token)).body.sites).toHaveLength(22);
  }, 120_000);
});
