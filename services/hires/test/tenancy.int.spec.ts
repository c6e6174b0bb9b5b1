import { eq, sql } from 'drizzle-orm';
import { HiresGet, HiresList, HiresSitesList, HiresSubscriptionUsage } from '@planted/contracts';
import { companyPlans, hireRows, sites, users } from '../src/db/schema';
import {
  createHire,
  errorOf,
  hireSetting,
  identityUser,
  newCompany,
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

describe('row-level security (design: tenant from the verified token, RLS behind every query)', () => {
  it("shows a company's transaction none of another company's hires, sites, users or plan", async () => {
    await identityUser(h, a.actor);
    const setting = await hireSetting(h, a.actor);
    const made = await createHire(h, a.actor, setting);
    await h.app.database.withSystem((tx) =>
      tx
        .insert(companyPlans)
        .values({ customerId: a.actor.customerId, plan: 'teams', sourceAt: new Date().toISOString() }),
    );
    const counts = (customerId: string) =>
      h.app.database.withTenant(customerId, async (tx) => ({
        hires: (await tx.select().from(hireRows).where(eq(hireRows.id, made.id))).length,
        sites: (await tx.select().from(sites).where(eq(sites.id, setting.site.id))).length,
        users: (await tx.select().from(users).where(eq(users.id, a.actor.userId))).length,
        plans: (await tx.select().from(companyPlans).where(eq(companyPlans.customerId, a.actor.customerId)))
          .length,
      }));
    expect(await counts(a.actor.customerId)).toEqual({ hires: 1, sites: 1, users: 1, plans: 1 });
    expect(await counts(b.actor.customerId)).toEqual({ hires: 0, sites: 0, users: 0, plans: 0 });
    // Writes too: B's transaction changes none of A's rows and cannot write rows in A's name.
    const changed = await h.app.database.withTenant(b.actor.customerId, (tx) =>
      tx.update(hireRows).set({ hireStatus: 'completed' }).where(eq(hireRows.id, made.id)).returning(),
    );
    expect(changed).toEqual([]);
    await expect(
      h.app.database.withTenant(b.actor.customerId, (tx) =>
        tx.execute(sql`update hires.hires set customer_id = ${b.actor.customerId} where id = ${made.id}`),
      ),
    ).resolves.toMatchObject({ rowCount: 0 });
    await expect(
      h.app.database.withTenant(b.actor.customerId, (tx) =>
        tx
          .insert(companyPlans)
          .values({ customerId: a.actor.customerId, plan: 'unlimited', sourceAt: '2099-01-01' }),
      ),
    ).rejects.toThrow();
    expect((await h.client.send(HiresGet, { actor: a.actor, id: made.id })).hire.hire_status).toBe('active');
    expect((await h.client.send(HiresSubscriptionUsage, { actor: a.actor })).plan).toBe('teams');
  });

  it("answers the token's company only, whatever ids the payload holds", async () => {
    const made = await createHire(h, a.actor, await hireSetting(h, a.actor));
    expect((await h.client.send(HiresList, { actor: b.actor })).hires).toEqual([]);
    expect((await h.client.send(HiresSitesList, { actor: b.actor })).sites).toEqual([]);
    // B's token with a payload naming A's company is refused before any handler runs.
    for (const actor of [{ ...b.actor, customerId: a.actor.customerId }, a.actor]) {
      const err = await errorOf(h.sendAs(b.actor, HiresGet, { actor, id: made.id }));
      expect(err.code).toBe('FORBIDDEN');
    }
  });
});

describe('runtime', () => {
  it('serves /healthz, /readyz and /metrics labelled hires', async () => {
    expect((await h.get('/healthz')).status).toBe(200);
    expect((await h.get('/readyz')).status).toBe(200);
    const metrics = await h.get('/metrics');
    expect(metrics.body).toMatch(
      /nats_requests_total\{subject="hires\.hires\.get\.v1",outcome="ok",service="hires"\}/,
    );
  });
});
