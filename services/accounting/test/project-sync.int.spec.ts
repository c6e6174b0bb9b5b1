import { eq } from 'drizzle-orm';
import {
  ACCOUNTING_MESSAGES as M,
  AccountingProjectsSync,
  AccountingProjectsSyncStatus,
  AccountingSettingsPut,
  type Actor,
} from '@planted/contracts';
import { projectSyncs } from '../src/db/schema';
import {
  errorOf,
  newCompany,
  settingsFor,
  startAccounting,
  userOf,
  type AccountingHarness,
} from './support/accounting-harness';
import { FakeHires } from './support/fake-hires';

let t: AccountingHarness;
let hires: FakeHires;

beforeAll(async () => {
  t = await startAccounting();
  hires = new FakeHires(t);
  hires.start();
});

afterAll(async () => {
  hires?.stop();
  await t?.close();
});

beforeEach(() => {
  t.zahara.fail.clear();
  hires.unavailable = false;
});

async function configured(name: string) {
  const company = newCompany(name);
  await t.client.send(AccountingSettingsPut, settingsFor(t, company));
  return company;
}

const sync = (actor: Actor) => t.client.send(AccountingProjectsSync, { actor, syncType: 'incremental' });
const status = async (actor: Actor) => (await t.client.send(AccountingProjectsSyncStatus, { actor })).data;
const projectsOf = (key: string) => t.zahara.tenant(key)!.projects;
const NOTHING = {
  zaharaToPlanted: { totalProcessed: 0, created: 0, updated: 0 },
  plantedToZahara: { pushed: 0, errors: 0 },
};

/** A change made in Zahara by someone else (its own API, as its web app would). */
async function editInZahara(key: string, id: number, body: Record<string, unknown>) {
  const res = await fetch(`${t.zahara.url}/api/${key}/Project/Update/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}
async function addInZahara(key: string, body: Record<string, unknown>) {
  const res = await fetch(`${t.zahara.url}/api/${key}/Project/Add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { ProjectId: number };
}

describe('project sync (spec §4 Project sync, §7 POST /zahara/projects/sync)', () => {
  it('says no projects were synced yet before the first sync', async () => {
    const a = await configured('Never');
    expect(await status(a.actor)).toEqual({
      hasSynced: false,
      lastSyncDate: null,
      syncStatus: 'never',
      lastStats: null,
      lastError: null,
    });
  });

  it("first sync: Zahara's projects become sites, and sites become projects linked by their id", async () => {
    const a = await configured('First');
    const withJob = await hires.addSite(a.actor, { name: 'Canal Wharf', job_number: 'J-3001' });
    const withoutJob = await hires.addSite(a.actor, { name: 'Mill Yard', address_line_2: 'Unit 4' });

    const answer = await sync(a.actor);

    const seed = projectsOf(a.key).filter((p) => p.ProjectCode.startsWith('J-20'));
    expect(answer.stats).toEqual({
      zaharaToPlanted: { totalProcessed: seed.length, created: seed.length, updated: 0 },
      plantedToZahara: { pushed: 2, errors: 0 },
    });
    expect(answer.message).toContain(`${seed.length} created`);
    // Each seed project is a site now, with its fields, linked by its id.
    const sites = hires.ofCompany(a.actor.customerId);
    const riverside = seed.find((p) => p.ProjectCode === 'J-2041')!;
    expect(sites.find((s) => s.zahara_project_id === String(riverside.ProjectId))).toMatchObject({
      name: riverside.ProjectName,
      job_number: 'J-2041',
      address_line_1: 'Plot 4, Riverside Way',
      city: 'Salford',
      county: 'Greater Manchester',
      postcode: 'M5 4WT',
      status: 'active',
    });
    const completed = seed.find((p) => p.Status === 3)!;
    expect(sites.find((s) => s.zahara_project_id === String(completed.ProjectId))!.status).toBe('completed');
    // Each site is a project now, and knows its id.
    const pushed = projectsOf(a.key).find((p) => p.ProjectCode === 'J-3001')!;
    expect(pushed).toMatchObject({
      ProjectName: 'Canal Wharf',
      Status: 1,
      Address: expect.objectContaining({
        AddressLines: '12 Canal Street\nLeeds\nWest Yorkshire',
        Postcode: 'LS1 4AB',
      }),
    });
    expect(hires.sites.get(withJob.id)!.zahara_project_id).toBe(String(pushed.ProjectId));
    const noJob = hires.sites.get(withoutJob.id)!;
    const noJobProject = projectsOf(a.key).find((p) => String(p.ProjectId) === noJob.zahara_project_id)!;
    expect(noJobProject.ProjectName).toBe('Mill Yard');
    expect(noJobProject.Address?.AddressLines).toBe('12 Canal Street\nUnit 4\nLeeds\nWest Yorkshire');

    const after = await status(a.actor);
    expect(after).toMatchObject({
      hasSynced: true,
      syncStatus: 'completed',
      lastStats: answer.stats,
      lastError: null,
    });
    expect(Date.now() - Date.parse(after.lastSyncDate!)).toBeLessThan(60_000);
  });

  it('a second sync right after the first changes nothing, either way', async () => {
    const a = await configured('Twice');
    await hires.addSite(a.actor, { job_number: 'J-3101' });
    await sync(a.actor);
    await hires.settledAll();
    const projectsBefore = projectsOf(a.key);
    const sitesBefore = hires.ofCompany(a.actor.customerId);
    t.zahara.clearCalls();

    expect((await sync(a.actor)).stats).toEqual(NOTHING);

    expect(projectsOf(a.key)).toEqual(projectsBefore);
    expect(hires.ofCompany(a.actor.customerId)).toEqual(sitesBefore);
    expect(t.zahara.calls({ key: a.key }).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET Project/GetAll',
    ]);
  });

  it('then syncs only what changed since: an edited project, a new project, an edited site', async () => {
    const a = await configured('Incremental');
    const site = await hires.addSite(a.actor, { job_number: 'J-3201', name: 'Dock Road' });
    await sync(a.actor);
    await hires.settledAll();
    const riverside = projectsOf(a.key).find((p) => p.ProjectCode === 'J-2041')!;

    await editInZahara(a.key, riverside.ProjectId, { ProjectName: 'Riverside Quarter Phase 3', Status: 2 });
    const added = await addInZahara(a.key, {
      ProjectName: 'Harbour Lights',
      ProjectCode: 'J-2060',
      Address: { AddressLines: '3 Quay Street\nBristol', Postcode: 'bs1 4dj', CountryCode: 'GB' },
    });
    await hires.editSite(site.id, { name: 'Dock Road North', status: 'completed' });

    const { stats } = await sync(a.actor);

    expect(stats).toEqual({
      zaharaToPlanted: { totalProcessed: 2, created: 1, updated: 1 },
      plantedToZahara: { pushed: 1, errors: 0 },
    });
    const sites = hires.ofCompany(a.actor.customerId);
    expect(sites.find((s) => s.zahara_project_id === String(riverside.ProjectId))).toMatchObject({
      name: 'Riverside Quarter Phase 3',
      status: 'inactive',
    });
    expect(sites.find((s) => s.zahara_project_id === String(added.ProjectId))).toMatchObject({
      name: 'Harbour Lights',
      address_line_1: '3 Quay Street',
      city: 'Bristol',
      postcode: 'BS1 4DJ',
      job_number: 'J-2060',
    });
    expect(projectsOf(a.key).find((p) => p.ProjectCode === 'J-3201')).toMatchObject({
      ProjectName: 'Dock Road North',
      Status: 3,
    });
    await hires.settledAll();
    expect((await sync(a.actor)).stats).toEqual(NOTHING);
  });

  it('links a site to the project that already has its job number rather than adding a second', async () => {
    const a = await configured('Same job');
    const york = await hires.addSite(a.actor, { name: 'York Way Office Fit-out', job_number: 'J-2043' });
    const count = projectsOf(a.key).length;

    await sync(a.actor);

    expect(projectsOf(a.key)).toHaveLength(count);
    const project = projectsOf(a.key).find((p) => p.ProjectCode === 'J-2043')!;
    expect(hires.sites.get(york.id)!.zahara_project_id).toBe(String(project.ProjectId));
    // The project's own fields reached the site (it is one of those Zahara changed since the last sync: never).
    expect(hires.ofCompany(a.actor.customerId).filter((s) => s.job_number === 'J-2043')).toHaveLength(1);
  });

  it('starts over under a key of another business unit: its projects read, the sites pushed there and linked anew', async () => {
    const a = await configured('Moved projects');
    const site = await hires.addSite(a.actor, { name: 'Aire Street Yard', job_number: 'J-3101' });
    await sync(a.actor);
    const before = hires.sites.get(site.id)!.zahara_project_id;
    expect(before).not.toBeNull();

    const otherKey = `bu-key-${a.actor.customerId}-b`;
    await t.client.send(AccountingSettingsPut, settingsFor(t, { ...a, key: otherKey }));
    const answer = await sync(a.actor);
    // The other unit's projects are read from the start, not from the old key's position.
    const theirs = projectsOf(otherKey).filter((p) => p.ProjectCode.startsWith('J-20'));
    expect(answer.stats.zaharaToPlanted.totalProcessed).toBeGreaterThanOrEqual(theirs.length);
    // The site's old link names a project this unit does not have: it is pushed here and linked.
    const pushed = projectsOf(otherKey).find((p) => p.ProjectCode === 'J-3101')!;
    expect(pushed).toMatchObject({ ProjectName: 'Aire Street Yard' });
    expect(hires.sites.get(site.id)!.zahara_project_id).toBe(String(pushed.ProjectId));
    expect(answer.stats.plantedToZahara.errors).toBe(0);
  });

  it('a sync still running under the old key when the key changes does not write its cursors back', async () => {
    const a = await configured('Key changed mid-sync');
    await hires.addSite(a.actor, { name: 'Kirkstall Road Depot', job_number: 'J-3201' });
    await sync(a.actor);
    t.zahara.fail.slow({ delayMs: 1500, times: 1, key: a.key });
    const running = sync(a.actor);
    await new Promise((r) => setTimeout(r, 300));
    const otherKey = `bu-key-${a.actor.customerId}-c`;
    await t.client.send(AccountingSettingsPut, settingsFor(t, { ...a, key: otherKey }));
    await running;
    const [row] = await t.h.app.database.withTenant(a.actor.customerId, (tx) =>
      tx.select().from(projectSyncs).where(eq(projectSyncs.customerId, a.actor.customerId)),
    );
    expect(row).toMatchObject({ status: 'completed', zaharaCursor: null, sitesCursor: null });
    // So the next sync, under the new key, reads that unit's projects from the start.
    const answer = await sync(a.actor);
    const theirs = projectsOf(otherKey).filter((p) => p.ProjectCode.startsWith('J-20'));
    expect(theirs.length).toBeGreaterThan(0);
    expect(answer.stats.zaharaToPlanted.totalProcessed).toBeGreaterThanOrEqual(theirs.length);
  });

  it('after a key change, links a site to the new unit’s project of its code: no second site, no second project', async () => {
    const a = await configured('Moved to a unit with the code');
    const site = await hires.addSite(a.actor, { name: 'Kirkgate Yard', job_number: 'J-3102' });
    await sync(a.actor);
    const otherKey = `bu-key-${a.actor.customerId}-c`;
    const theirs = await addInZahara(otherKey, {
      ProjectName: 'Kirkgate Yard',
      ProjectCode: 'J-3102',
      Address: {
        AddressLines: '12 Canal Street\nLeeds\nWest Yorkshire',
        Postcode: 'LS1 4AB',
        CountryCode: 'GB',
      },
    });
    await t.client.send(AccountingSettingsPut, settingsFor(t, { ...a, key: otherKey }));
    const answer = await sync(a.actor);
    expect(hires.sites.get(site.id)!.zahara_project_id).toBe(String(theirs.ProjectId));
    const sites = hires.ofCompany(a.actor.customerId).filter((s) => s.job_number === 'J-3102');
    expect(sites.map((s) => s.id)).toEqual([site.id]);
    expect(projectsOf(otherKey).filter((p) => p.ProjectCode === 'J-3102')).toHaveLength(1);
    expect(answer.stats.plantedToZahara.errors).toBe(0);
  });

  it('pushes a site with the longest job number a site may have: Zahara takes 30 characters as a project code', async () => {
    const a = await configured('Long job');
    const longest = 'J-'.padEnd(30, '7');
    const site = await hires.addSite(a.actor, { job_number: longest });

    const { stats } = await sync(a.actor);

    expect(stats.plantedToZahara.errors).toBe(0);
    const project = projectsOf(a.key).find((p) => p.ProjectCode === longest)!;
    expect(hires.sites.get(site.id)!.zahara_project_id).toBe(String(project.ProjectId));
  });

  // A site saved before job numbers were held to 30 characters (they could have 50).
  it('counts a site Zahara refuses as an error and pushes the others', async () => {
    const a = await configured('Partial');
    const refused = await hires.addSite(a.actor, { job_number: 'J-'.padEnd(40, '9') });
    const fine = await hires.addSite(a.actor, { job_number: 'J-3301' });

    const { stats } = await sync(a.actor);

    expect(stats.plantedToZahara).toEqual({ pushed: 1, errors: 1 });
    expect(hires.sites.get(refused.id)!.zahara_project_id).toBeNull();
    expect(hires.sites.get(fine.id)!.zahara_project_id).not.toBeNull();
    expect((await status(a.actor)).syncStatus).toBe('completed');
  });
});

describe('project sync failures (spec §8 Site sync)', () => {
  it("a refused key (Zahara's 401) fails the sync with its message, recorded, and the next sync starts from the last good one", async () => {
    const a = await configured('Revoked');
    await sync(a.actor);
    await hires.settledAll();
    const good = await status(a.actor);
    await addInZahara(a.key, {
      ProjectName: 'Late Project',
      ProjectCode: 'J-2070',
      Address: { AddressLines: '1 High Street\nYork', Postcode: 'YO1 7HH', CountryCode: 'GB' },
    });
    t.zahara.fail.unauthorized({ key: a.key });

    expect(await errorOf(sync(a.actor))).toEqual({
      code: 'ZAHARA_AUTH_FAILED',
      message: M.ZAHARA_AUTH_FAILED,
    });
    expect(await status(a.actor)).toEqual({
      ...good,
      syncStatus: 'failed',
      lastError: M.ZAHARA_AUTH_FAILED,
    });

    t.zahara.fail.clear();
    expect((await sync(a.actor)).stats.zaharaToPlanted).toEqual({
      totalProcessed: 1,
      created: 1,
      updated: 0,
    });
    expect((await status(a.actor)).lastError).toBeNull();
  });

  it("Zahara answering 500 fails the sync after the client's retries, and nothing is half written", async () => {
    const a = await configured('Down');
    const site = await hires.addSite(a.actor, { job_number: 'J-3401' });
    const projectsBefore = projectsOf(a.key);
    t.zahara.fail.serverErrors({ times: 50, key: a.key });

    expect(await errorOf(sync(a.actor))).toEqual({
      code: 'ZAHARA_UNAVAILABLE',
      message: M.ZAHARA_UNAVAILABLE,
    });
    expect(await status(a.actor)).toMatchObject({
      hasSynced: false,
      syncStatus: 'failed',
      lastError: M.ZAHARA_UNAVAILABLE,
    });
    expect(projectsOf(a.key)).toEqual(projectsBefore);
    expect(hires.sites.get(site.id)!.zahara_project_id).toBeNull();

    t.zahara.fail.clear();
    expect((await sync(a.actor)).stats.plantedToZahara).toEqual({ pushed: 1, errors: 0 });
  });

  it('a project whose Add lost its answer is linked on the next sync, not added twice', async () => {
    const a = await configured('Dropped');
    const first = await hires.addSite(a.actor, { job_number: 'J-3501' });
    const second = await hires.addSite(a.actor, { job_number: 'J-3502' });
    // Zahara makes the first project, then the connection drops before its answer.
    t.zahara.fail.dropAfterCreate({ resource: 'Project', times: 1, key: a.key });

    expect((await errorOf(sync(a.actor))).code).toBe('ZAHARA_UNAVAILABLE');
    expect(projectsOf(a.key).filter((p) => p.ProjectCode === 'J-3501')).toHaveLength(1);

    const { stats } = await sync(a.actor);

    expect(stats.plantedToZahara).toEqual({ pushed: 1, errors: 0 });
    expect(projectsOf(a.key).filter((p) => p.ProjectCode === 'J-3501')).toHaveLength(1);
    const project = (code: string) =>
      String(projectsOf(a.key).find((p) => p.ProjectCode === code)!.ProjectId);
    expect(hires.sites.get(first.id)!.zahara_project_id).toBe(project('J-3501'));
    expect(hires.sites.get(second.id)!.zahara_project_id).toBe(project('J-3502'));
  });

  it('answers that the integration is not configured without a key', async () => {
    const a = newCompany('Unconfigured');
    expect((await errorOf(sync(a.actor))).code).toBe('ACCOUNTING_NOT_CONFIGURED');
    expect((await status(a.actor)).syncStatus).toBe('never');
  });

  it('refuses a second sync while one is running', async () => {
    const a = await configured('Running');
    t.zahara.fail.slow({ delayMs: 1500, times: 1, key: a.key });
    const first = sync(a.actor);
    await new Promise((r) => setTimeout(r, 300));
    expect(await errorOf(sync(a.actor))).toEqual({ code: 'CONFLICT', message: M.SYNC_ALREADY_RUNNING });
    expect((await status(a.actor)).syncStatus).toBe('running');
    await first;
    expect((await status(a.actor)).syncStatus).toBe('completed');
  });
});

describe('project sync is each company’s own, for all its members', () => {
  it("a second company's sync neither sees nor touches the first one's sites or status", async () => {
    const a = await configured('Tenant A');
    const aSite = await hires.addSite(a.actor, { job_number: 'J-3601', name: 'A only' });
    await sync(a.actor);
    await hires.settledAll();
    const aSites = hires.ofCompany(a.actor.customerId);
    const aStatus = await status(a.actor);

    const b = await configured('Tenant B');
    expect((await status(b.actor)).syncStatus).toBe('never');
    const { stats } = await sync(b.actor);

    // B pushes none of A's sites, and A's business unit is untouched.
    expect(stats.plantedToZahara).toEqual({ pushed: 0, errors: 0 });
    expect(projectsOf(b.key).some((p) => p.ProjectCode === 'J-3601')).toBe(false);
    expect(hires.ofCompany(a.actor.customerId)).toEqual(aSites);
    expect(hires.sites.get(aSite.id)!.customer_id).toBe(a.actor.customerId);
    expect(await status(a.actor)).toEqual(aStatus);
    // The sites B's sync wrote are B's.
    for (const request of hires.requests.filter((r) => r.actor.customerId === b.actor.customerId))
      for (const p of request.projects)
        expect(
          p.site_id === null ||
            !hires.sites.get(p.site_id) ||
            hires.sites.get(p.site_id)!.customer_id === b.actor.customerId,
        ).toBe(true);
    // Row-level security: B's transaction reads no row of A's.
    const rows = await t.h.app.database.withTenant(b.actor.customerId, (tx) =>
      tx.select().from(projectSyncs),
    );
    expect(rows.map((r) => r.customerId)).toEqual([b.actor.customerId]);
  });

  it('is for every member, not only administrators (spec §6: sites actions show no role gate)', async () => {
    const a = await configured('Roles');
    const user = userOf(a);
    await hires.addSite(a.actor, { job_number: 'J-3701', name: 'Synced by a user' });
    const { stats } = await sync(user);
    expect(stats.plantedToZahara).toEqual({ pushed: 1, errors: 0 });
    expect((await status(user)).syncStatus).toBe('completed');
    expect((await status(a.actor)).lastStats).toEqual(stats);
  });

  it('rejects a sync type other than incremental', async () => {
    const a = await configured('Type');
    const err = await errorOf(
      t.client.send(AccountingProjectsSync, { actor: a.actor, syncType: 'full' as 'incremental' }),
    );
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', message: M.SYNC_TYPE_INVALID });
  });
});
