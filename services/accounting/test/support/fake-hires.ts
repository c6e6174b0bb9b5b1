import { randomUUID } from 'node:crypto';
import type { Subscription } from 'nats';
import {
  HiresSitesApplyProjects,
  SiteCreated,
  SiteUpdated,
  type Actor,
  type ParsedRequestOf,
  type ReplyOf,
  type Site,
  type SiteFields,
} from '@planted/contracts';
import { prefixed } from '@planted/messaging';
import { waitFor } from '@planted/testing';
import { and, eq } from 'drizzle-orm';
import { sites } from '../../src/db/schema';
import type { AccountingHarness } from './accounting-harness';

type StoredSite = Site & { customer_id: string };

/**
 * hires as project sync sees it: HiresSitesApplyProjects answered from an in-memory store
 * (with hires' rules: by project, else the named unlinked site, else a new one), and every
 * change published as hires' site events, so the connector's read model follows as it would.
 * (A service never imports another: services/hires/test proves the real subject.)
 */
export class FakeHires {
  readonly sites = new Map<string, StoredSite>();
  readonly requests: ParsedRequestOf<typeof HiresSitesApplyProjects>[] = [];
  private subscription: Subscription | undefined;
  /** Set to make the next requests fail as hires being down would. */
  unavailable = false;

  constructor(private readonly t: AccountingHarness) {}

  start(): void {
    const { nc, prefix } = this.t.h;
    this.subscription = nc.subscribe(prefixed(prefix, HiresSitesApplyProjects.name), {
      callback: (err, msg) => {
        if (err) return;
        const packet = JSON.parse(new TextDecoder().decode(msg.data)) as { data: unknown; id: string };
        void this.answer(packet.data)
          .then((response) => ({ response }))
          .catch((e: Error) => ({ err: { code: 'UNAVAILABLE', message: e.message } }))
          .then((reply) => msg.respond(JSON.stringify({ ...reply, isDisposed: true, id: packet.id })));
      },
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
  }

  /** A site made on /sites: in the store, and its event applied to the connector's read model. */
  async addSite(actor: Actor, fields: Partial<SiteFields> = {}): Promise<StoredSite> {
    const now = new Date().toISOString();
    const site: StoredSite = {
      id: randomUUID(),
      customer_id: actor.customerId,
      name: 'Canal Wharf Offices',
      address_line_1: '12 Canal Street',
      address_line_2: null,
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 4AB',
      country: 'GB',
      job_number: null,
      status: 'active',
      zahara_project_id: null,
      latitude: null,
      longitude: null,
      geocode_source: null,
      created_at: now,
      updated_at: now,
      ...fields,
    };
    this.sites.set(site.id, site);
    await this.t.publish(SiteCreated, { site });
    await this.settled(site);
    return site;
  }

  /** A site edited on /sites. */
  async editSite(id: string, fields: Partial<SiteFields>): Promise<StoredSite> {
    const site = { ...this.sites.get(id)!, ...fields, updated_at: new Date().toISOString() };
    this.sites.set(id, site);
    await this.t.publish(SiteUpdated, { site });
    await this.settled(site);
    return site;
  }

  ofCompany(customerId: string): StoredSite[] {
    return [...this.sites.values()].filter((s) => s.customer_id === customerId);
  }

  /** Waits until the connector's read model holds every site of the store as it is now. */
  async settledAll(): Promise<void> {
    for (const site of this.sites.values()) await this.settled(site);
  }

  private async settled(site: StoredSite): Promise<void> {
    await waitFor(async () => {
      const [row] = await this.t.h.app.database.withSystem((tx) =>
        tx
          .select()
          .from(sites)
          .where(and(eq(sites.id, site.id), eq(sites.customerId, site.customer_id))),
      );
      return row &&
        row.zaharaProjectId === site.zahara_project_id &&
        new Date(row.siteUpdatedAt).getTime() === new Date(site.updated_at).getTime()
        ? true
        : undefined;
    }, 10_000);
  }

  private async answer(data: unknown): Promise<ReplyOf<typeof HiresSitesApplyProjects>> {
    if (this.unavailable) throw new Error('hires is not answering');
    const request = HiresSitesApplyProjects.request.parse(data);
    this.requests.push(request);
    const { actor } = request;
    const reply: ReplyOf<typeof HiresSitesApplyProjects> = { projects: [], linked: [] };
    const mine = () => this.ofCompany(actor.customerId);
    for (const project of request.projects) {
      let site = mine().find((s) => s.zahara_project_id === project.zahara_project_id);
      if (!site && project.site_id) {
        const named = this.sites.get(project.site_id);
        if (named?.customer_id === actor.customerId && named.zahara_project_id === null) site = named;
      }
      const now = new Date().toISOString();
      if (!site) {
        const created: StoredSite = {
          id: randomUUID(),
          customer_id: actor.customerId,
          ...project.fields,
          zahara_project_id: project.zahara_project_id,
          latitude: null,
          longitude: null,
          geocode_source: null,
          created_at: now,
          updated_at: now,
        };
        this.sites.set(created.id, created);
        await this.t.publish(SiteCreated, { site: created });
        reply.projects.push({
          zahara_project_id: project.zahara_project_id,
          site_id: created.id,
          outcome: 'created',
        });
        continue;
      }
      const updated = {
        ...site,
        ...project.fields,
        zahara_project_id: project.zahara_project_id,
        updated_at: now,
      };
      this.sites.set(site.id, updated);
      await this.t.publish(SiteUpdated, { site: updated });
      reply.projects.push({
        zahara_project_id: project.zahara_project_id,
        site_id: site.id,
        outcome: 'updated',
      });
    }
    for (const link of request.links) {
      const site = this.sites.get(link.site_id);
      if (!site || site.customer_id !== actor.customerId) continue;
      if (site.zahara_project_id !== link.zahara_project_id) {
        const updated = {
          ...site,
          zahara_project_id: link.zahara_project_id,
          updated_at: new Date().toISOString(),
        };
        this.sites.set(site.id, updated);
        await this.t.publish(SiteUpdated, { site: updated });
      }
      reply.linked.push(site.id);
    }
    return reply;
  }
}
