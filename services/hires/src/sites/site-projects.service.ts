import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  ServiceError,
  SiteCreated,
  SiteUpdated,
  type Actor,
  type ParsedRequestOf,
  type ReplyOf,
  type HiresSitesApplyProjects,
  type SiteFields,
} from '@planted/contracts';
import { DATABASE, OutboxService } from '@planted/service-kit';
import type { HiresDatabase, HiresTx } from '../db/database';
import type { SiteRow } from '../db/schema';
import { addressKey, GEOCODER, type Geocoder } from '../geocoding/geocoder';
import { siteFieldsOf as fieldsOf, toSite } from './site.mapper';
import { SitesRepository, type Placement } from './sites.repository';

type Apply = ParsedRequestOf<typeof HiresSitesApplyProjects>;
type Applied = ReplyOf<typeof HiresSitesApplyProjects>;

const sameFields = (a: SiteFields, b: SiteFields) =>
  (Object.keys(a) as (keyof SiteFields)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));

/**
 * Project sync's writes to sites (HiresSitesApplyProjects), which only the accounting
 * connector may publish (bus permissions), for the member who started the sync.
 * One company's sync at a time (an advisory lock): two at once would both find no site for
 * a new project and make two.
 */
@Injectable()
export class SiteProjectsService {
  constructor(
    @Inject(DATABASE) private readonly database: HiresDatabase,
    @Inject(GEOCODER) private readonly geocoder: Geocoder,
    private readonly sites: SitesRepository,
    private readonly outbox: OutboxService,
  ) {}

  async apply(actor: Actor, { projects, links }: Omit<Apply, 'actor'>): Promise<Applied> {
    // Any member may sync (spec §6: sites actions show no role gate); the token is theirs.
    // Placed before the transaction (no connection waits on the geocoder); an unchanged address keeps its place.
    const placements = new Map<string, Placement>();
    for (const { fields } of projects) {
      const key = addressKey(fields);
      if (!placements.has(key)) placements.set(key, await this.geocoder.geocode(fields));
    }
    const result = await this.database.withTenant(actor.customerId, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-projects:${actor.customerId}`}))`);
      const applied: Applied = { projects: [], linked: [] };
      for (const project of projects) {
        const placement = placements.get(addressKey(project.fields)) ?? null;
        applied.projects.push(await this.applyProject(tx, actor, project, placement));
      }
      for (const link of links) {
        const site = await this.sites.find(tx, actor.customerId, link.site_id, true);
        if (!site) continue;
        if (site.zaharaProjectId !== link.zahara_project_id) {
          const row = await this.sites.setProject(
            tx,
            actor.customerId,
            site.id,
            link.zahara_project_id,
            undefined,
          );
          if (row) await this.record(tx, 'updated', row);
        }
        applied.linked.push(site.id);
      }
      return applied;
    });
    this.outbox.committed();
    return result;
  }

  private async applyProject(
    tx: HiresTx,
    actor: Actor,
    project: Apply['projects'][number],
    placement: Placement,
  ): Promise<Applied['projects'][number]> {
    const { zahara_project_id: projectId, fields } = project;
    let site = await this.sites.findByProject(tx, actor.customerId, projectId);
    if (!site && project.site_id) {
      const named = await this.sites.find(tx, actor.customerId, project.site_id, true);
      // A site linked to another project stays with it: this project gets a site of its own.
      if (named && named.zaharaProjectId === null) site = named;
    }
    if (!site) {
      const row = await this.sites.insert(tx, actor.customerId, actor.userId, fields, placement, projectId);
      await this.record(tx, 'created', row);
      return { zahara_project_id: projectId, site_id: row.id, outcome: 'created' };
    }
    if (site.zaharaProjectId === projectId && sameFields(fieldsOf(site), fields))
      return { zahara_project_id: projectId, site_id: site.id, outcome: 'unchanged' };
    const moved = addressKey(fieldsOf(site)) !== addressKey(fields);
    const row = await this.sites.setProject(tx, actor.customerId, site.id, projectId, {
      fields,
      placement: moved ? placement : undefined,
    });
    if (!row) throw new ServiceError('INTERNAL', 'A locked site went missing');
    await this.record(tx, 'updated', row);
    return { zahara_project_id: projectId, site_id: row.id, outcome: 'updated' };
  }

  private record(tx: HiresTx, change: 'created' | 'updated', row: SiteRow): Promise<string> {
    const site = { ...toSite(row), customer_id: row.customerId };
    return change === 'created'
      ? this.outbox.record(tx, SiteCreated, { site }, row.customerId)
      : this.outbox.record(tx, SiteUpdated, { site }, row.customerId);
  }
}
