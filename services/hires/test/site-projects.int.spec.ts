import {
  HiresSiteGet,
  HiresSitesApplyProjects,
  HiresSitesList,
  siteFieldsObject,
  HiresSiteUpdate,
  MESSAGES,
  type Actor,
  type RequestOf,
} from '@planted/contracts';
import { permissionsOf, BUS_PARTICIPANTS } from '@planted/service-kit';
import { waitFor } from '@planted/testing';
import { outbox } from '../src/db/schema';
import {
  createSite,
  errorOf,
  newCompany,
  siteFields,
  startHires,
  type HiresHarness,
} from './support/hires-harness';

let h: HiresHarness;

beforeAll(async () => {
  h = await startHires();
});

afterAll(async () => {
  await h?.close();
});

const fields = (overrides: Record<string, unknown> = {}) =>
  // As Zahara's projects arrive: read leniently (a postcode of no country's form stands).
  siteFieldsObject.parse(
    siteFields({
      name: 'Riverside Quarter',
      address_line_1: 'Plot 4, Riverside Way',
      city: 'Salford',
      postcode: 'M5 4WT',
      job_number: 'J-2041',
      ...overrides,
    }),
  );

const apply = (actor: Actor, changes: Partial<Omit<RequestOf<typeof HiresSitesApplyProjects>, 'actor'>>) =>
  h.client.send(HiresSitesApplyProjects, { actor, projects: [], links: [], ...changes });

const siteOf = async (actor: Actor, id: string) => (await h.client.send(HiresSiteGet, { actor, id })).site;

/** The site events the outbox published for one site, oldest first. */
const eventsOf = (id: string, count: number) =>
  waitFor(async () => {
    const rows = await h.app.database.withSystem((tx) => tx.select().from(outbox).orderBy(outbox.seq));
    const mine = rows.filter((r) => (r.payload as { site?: { id: string } }).site?.id === id);
    return mine.length >= count && mine.every((r) => r.publishedAt !== null) ? mine : undefined;
  });

describe('project sync writes sites (hires.sites.apply-projects.v1, issue 12)', () => {
  it('only the accounting connector may publish it on the bus', () => {
    const publishers = BUS_PARTICIPANTS.filter((p) =>
      permissionsOf(p).publish.includes(HiresSitesApplyProjects.name),
    );
    expect(publishers.map((p) => p.user)).toEqual(['accounting']);
  });

  it('makes a site of a new project, linked by its id, with site.created', async () => {
    const { actor } = newCompany('Creates');
    const { projects } = await apply(actor, {
      projects: [{ zahara_project_id: '300001', site_id: null, fields: fields() }],
    });
    expect(projects).toEqual([
      { zahara_project_id: '300001', site_id: expect.any(String), outcome: 'created' },
    ]);
    const site = await siteOf(actor, projects[0].site_id);
    expect(site).toMatchObject({
      name: 'Riverside Quarter',
      job_number: 'J-2041',
      zahara_project_id: '300001',
      geocode_source: 'offline',
    });
    const [event] = await eventsOf(site.id, 1);
    expect(event.subject).toContain('hires.site.created.v1');
  });

  it('takes a project’s postcode as Zahara has it; an edit keeps it until someone changes it, then checks it', async () => {
    const { actor } = newCompany('Odd postcode');
    const { projects } = await apply(actor, {
      projects: [{ zahara_project_id: '300009', site_id: null, fields: fields({ postcode: 'LS1' }) }],
    });
    const site = await siteOf(actor, projects[0].site_id);
    expect(site.postcode).toBe('LS1');
    const edit = { ...fields({ postcode: 'LS1' }), actor, id: site.id };
    const kept = await h.client.send(HiresSiteUpdate, { ...edit, status: 'completed' });
    expect(kept.site).toMatchObject({ postcode: 'LS1', status: 'completed' });
    expect(await errorOf(h.client.send(HiresSiteUpdate, { ...edit, postcode: 'LS1 XX' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid postcode for the country',
    });
    const fixed = await h.client.send(HiresSiteUpdate, { ...edit, postcode: 'ls14dl' });
    expect(fixed.site.postcode).toBe('LS1 4DL');
  });

  it("updates the project's site again, answers unchanged when nothing differs, and never makes a second", async () => {
    const { actor } = newCompany('Updates');
    const first = await apply(actor, {
      projects: [{ zahara_project_id: '300002', site_id: null, fields: fields() }],
    });
    const id = first.projects[0].site_id;

    const again = await apply(actor, {
      projects: [
        {
          zahara_project_id: '300002',
          site_id: null,
          fields: fields({ name: 'Riverside Phase 3', status: 'inactive' }),
        },
      ],
    });
    expect(again.projects).toEqual([{ zahara_project_id: '300002', site_id: id, outcome: 'updated' }]);
    expect(await siteOf(actor, id)).toMatchObject({ name: 'Riverside Phase 3', status: 'inactive' });

    const same = await apply(actor, {
      projects: [
        {
          zahara_project_id: '300002',
          site_id: null,
          fields: fields({ name: 'Riverside Phase 3', status: 'inactive' }),
        },
      ],
    });
    expect(same.projects[0].outcome).toBe('unchanged');
    const { sites } = await h.client.send(HiresSitesList, { actor, page: 1, limit: 100 });
    expect(sites).toHaveLength(1);
    expect((await eventsOf(id, 2)).map((e) => e.subject.split('.').slice(-2)[0])).toEqual([
      'created',
      'updated',
    ]);
  });

  it('takes the named site while it has no project, and writes a pushed project id back with links', async () => {
    const { actor } = newCompany('Links');
    const named = await createSite(h, actor, { job_number: 'J-2043' });
    const pushed = await createSite(h, actor, { name: 'Mill Yard' });

    const { projects, linked } = await apply(actor, {
      projects: [
        { zahara_project_id: '300003', site_id: named.id, fields: fields({ job_number: 'J-2043' }) },
      ],
      links: [{ site_id: pushed.id, zahara_project_id: '300004' }],
    });

    expect(projects).toEqual([{ zahara_project_id: '300003', site_id: named.id, outcome: 'updated' }]);
    expect(linked).toEqual([pushed.id]);
    expect((await siteOf(actor, named.id)).zahara_project_id).toBe('300003');
    expect(await siteOf(actor, pushed.id)).toMatchObject({ name: 'Mill Yard', zahara_project_id: '300004' });
  });

  it("keeps to the caller's company: another company's site ids and project ids are not theirs", async () => {
    const a = newCompany('Owner A');
    const b = newCompany('Prober B');
    const aSite = await createSite(h, a.actor);
    const aProject = await apply(a.actor, {
      projects: [{ zahara_project_id: '300010', site_id: null, fields: fields() }],
    });

    const probe = await apply(b.actor, {
      projects: [
        { zahara_project_id: '300010', site_id: null, fields: fields({ name: 'B copy' }) },
        { zahara_project_id: '300011', site_id: aSite.id, fields: fields({ name: 'B takeover' }) },
      ],
      links: [{ site_id: aSite.id, zahara_project_id: '300012' }],
    });

    // B gets sites of its own; A's are as they were.
    expect(probe.projects.map((p) => p.outcome)).toEqual(['created', 'created']);
    expect(probe.projects.map((p) => p.site_id)).not.toContain(aSite.id);
    expect(probe.projects.map((p) => p.site_id)).not.toContain(aProject.projects[0].site_id);
    expect(probe.linked).toEqual([]);
    expect(await siteOf(a.actor, aSite.id)).toMatchObject({ name: aSite.name, zahara_project_id: null });
    expect((await siteOf(a.actor, aProject.projects[0].site_id)).name).toBe('Riverside Quarter');
    expect((await errorOf(siteOf(b.actor, aSite.id))).code).toBe('NOT_FOUND');
  });

  it("is a user's or an admin's, as every change to sites is; a viewer's is refused", async () => {
    for (const role of ['user', 'admin'] as const) {
      const { actor } = newCompany(`Roles ${role}`);
      const member = { ...actor, role };
      const applied = await apply(member, {
        projects: [
          {
            zahara_project_id: `4000${role.length}`,
            site_id: null,
            fields: fields({ name: `${role} project` }),
          },
        ],
      });
      expect(applied.projects.map((p) => p.outcome)).toEqual(['created']);
      expect((await siteOf(member, applied.projects[0].site_id)).name).toBe(`${role} project`);
    }
    const viewer = { ...newCompany('Roles viewer').actor, role: 'viewer' as const };
    const refused = await errorOf(
      apply(viewer, {
        projects: [{ zahara_project_id: '40009', site_id: null, fields: fields({ name: 'viewer project' }) }],
      }),
    );
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.VIEWERS_READ_ONLY });
  });
});
