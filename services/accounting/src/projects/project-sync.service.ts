import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTING_MESSAGES as M,
  HiresSitesApplyProjects,
  ServiceError,
  type Actor,
  type RequestOf,
  type SyncStats,
  type SyncStatus,
  type TypedClient,
} from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { BUS, DATABASE, LOGGER } from '@planted/service-kit';
import type { AccountingDatabase } from '../db/database';
import { SettingsService } from '../settings/settings.service';
import type { ZaharaApi } from '../zahara/zahara-client';
import { isZaharaError } from '../zahara/zahara-error';
import { zaharaServiceError } from '../zahara/zahara-service-error';
import type { ZaharaProject } from '../zahara/zahara.models';
import { projectCodeOf, projectFromSite, sameProject, siteFromProject } from './project-fields';
import { ProjectsRepository, type ProjectSyncRow, type SyncSite } from './projects.repository';

type ProjectChange = RequestOf<typeof HiresSitesApplyProjects>['projects'][number];

/** hires takes at most this many changes per request. */
const BATCH = 500;
const HIRES_TIMEOUT = { timeoutMs: 30_000 };

export const syncSummary = ({ zaharaToPlanted: z, plantedToZahara: p }: SyncStats) =>
  `Projects synced: ${z.totalProcessed} processed from Zahara (${z.created} created, ${z.updated} updated); ` +
  `${p.pushed} pushed to Zahara, ${p.errors} errors`;

const toStatus = (row: ProjectSyncRow | undefined): SyncStatus => ({
  hasSynced: Boolean(row?.lastSyncAt),
  lastSyncDate: row?.lastSyncAt ? new Date(row.lastSyncAt).toISOString() : null,
  syncStatus: row?.status ?? 'never',
  lastStats: row?.lastStats ?? null,
  lastError: row?.lastError ?? null,
});

const latest = (a: string | null, b: string) => (a === null || b > a ? b : a);

/** One sync's picture of the company's sites: by id, by linked project, and the unlinked ones by project code. */
class SiteIndex {
  private readonly byProject = new Map<string, SyncSite>();
  private readonly unlinkedByCode = new Map<string, SyncSite>();

  constructor(readonly all: SyncSite[]) {
    for (const site of all) this.add(site);
  }

  private add(site: SyncSite) {
    if (site.zaharaProjectId) this.byProject.set(site.zaharaProjectId, site);
    else this.unlinkedByCode.set(projectCodeOf(site).toLowerCase(), site);
  }

  /** The site a project belongs to: the one linked with it, else an unlinked one with its code (its job number). */
  forProject(project: ZaharaProject): SyncSite | undefined {
    return (
      this.byProject.get(String(project.ProjectId)) ??
      this.unlinkedByCode.get(project.ProjectCode.trim().toLowerCase())
    );
  }

  isLinked(projectId: number): boolean {
    return this.byProject.has(String(projectId));
  }

  link(site: SyncSite, projectId: number) {
    this.unlinkedByCode.delete(projectCodeOf(site).toLowerCase());
    site.zaharaProjectId = String(projectId);
    this.byProject.set(site.zaharaProjectId, site);
  }

  /**
   * Sites linked to a project this Zahara does not have (deleted there, or the key now reaches
   * another business unit): one whose code a project here has, that no other site holds, is
   * linked with it (answered, to write onto the site before any project is read as a site of
   * its own); the others are unlinked for this sync, to be pushed anew.
   */
  settleStaleLinks(projects: readonly ZaharaProject[]): SyncSite[] {
    const here = new Set(projects.map((p) => String(p.ProjectId)));
    const stale = this.all.filter((site) => site.zaharaProjectId && !here.has(site.zaharaProjectId));
    for (const site of stale) {
      this.byProject.delete(site.zaharaProjectId!);
      site.zaharaProjectId = null;
      this.unlinkedByCode.set(projectCodeOf(site).toLowerCase(), site);
    }
    const relinked: SyncSite[] = [];
    for (const site of stale) {
      const code = projectCodeOf(site).trim().toLowerCase();
      const project = projects.find(
        (p) => !p.Void && !this.isLinked(p.ProjectId) && p.ProjectCode.trim().toLowerCase() === code,
      );
      if (!project) continue;
      this.link(site, project.ProjectId);
      relinked.push(site);
    }
    return relinked;
  }
}

/**
 * Project sync (spec §4, §7; issue 12), incremental both ways, for every member of the
 * company (spec §6: sites actions show no role gate; the key stays on the server). Zahara → Planted: projects whose LastUpdated is past the last sync's
 * become sites or update theirs (through hires: HiresSitesApplyProjects). Planted → Zahara:
 * sites without a project, or changed since the last sync began, are added or updated,
 * and the new project ids written back onto the sites. Both ways compare in Zahara's terms
 * (sameProject) and write only what differs, so a sync right after another changes
 * nothing, and a sync that failed half way is simply run again. When both sides changed,
 * Zahara's project wins. A Zahara refusal of one project counts in `errors`; a refused
 * key, Zahara down or its rate limit stop the sync, which then answers the failure,
 * records it, and keeps the last good sync's cursors.
 */
@Injectable()
export class ProjectSyncService {
  constructor(
    @Inject(DATABASE) private readonly database: AccountingDatabase,
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repository: ProjectsRepository,
    private readonly settings: SettingsService,
  ) {}

  async status(actor: Actor): Promise<{ success: true; data: SyncStatus }> {
    const row = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.repository.find(tx, actor.customerId),
    );
    return { success: true, data: toStatus(row) };
  }

  async sync(actor: Actor): Promise<{ success: true; stats: SyncStats; message: string }> {
    const { api } = await this.settings.forCompany(actor.customerId);
    const customerId = actor.customerId;
    const { previous, run } = await this.database.withTenant(customerId, async (tx) => {
      const before = await this.repository.find(tx, customerId);
      const claimed = await this.repository.claim(tx, customerId);
      if (!claimed) throw new ServiceError('CONFLICT', M.SYNC_ALREADY_RUNNING);
      return { previous: before, run: claimed };
    });
    try {
      const outcome = await this.run(actor, api, previous);
      await this.database.withTenant(customerId, (tx) =>
        this.repository.completed(tx, customerId, { ...outcome, sitesCursor: run.startedAt! }),
      );
      return { success: true, stats: outcome.stats, message: syncSummary(outcome.stats) };
    } catch (err) {
      const answer = zaharaServiceError(err);
      const message = answer instanceof Error ? answer.message : String(answer);
      if (!isZaharaError(err)) this.logger.error({ err }, 'Project sync failed');
      await this.database
        .withTenant(customerId, (tx) => this.repository.failed(tx, customerId, message))
        .catch((saveErr: unknown) => this.logger.error({ err: saveErr }, 'Could not record the failed sync'));
      throw answer;
    }
  }

  private async run(
    actor: Actor,
    api: ZaharaApi,
    previous: ProjectSyncRow | undefined,
  ): Promise<{ stats: SyncStats; zaharaCursor: string | null }> {
    const stats: SyncStats = {
      zaharaToPlanted: { totalProcessed: 0, created: 0, updated: 0 },
      plantedToZahara: { pushed: 0, errors: 0 },
    };
    // The cursors of the last good sync (a failed one leaves them as they were).
    const zaharaSince = previous?.zaharaCursor ?? null;
    const sites = new SiteIndex(
      await this.database.readAsTenant(actor.customerId, (tx) =>
        this.repository.sites(tx, actor.customerId, previous?.sitesCursor ?? null),
      ),
    );

    const projects = await api.projects();
    const relinked = sites.settleStaleLinks(projects);
    await this.writeLinks(
      actor,
      relinked.map((site) => ({ site_id: site.id, zahara_project_id: site.zaharaProjectId! })),
    );
    let cursor = zaharaSince;
    for (const project of projects) cursor = latest(cursor, project.LastUpdated);
    const touched = await this.pull(
      actor,
      projects.filter((p) => zaharaSince === null || p.LastUpdated > zaharaSince),
      sites,
      stats,
    );

    const written = await this.push(
      actor,
      api,
      sites.all.filter((site) => !touched.has(site.id) && (!site.zaharaProjectId || site.changed)),
      new Map(projects.map((p) => [p.ProjectId, p])),
      sites,
      stats,
    );

    if (written.size > 0) {
      // Projects someone else changed while this sync was writing are older than its own writes:
      // read them now, or the cursor past its writes would skip them.
      const again = await api.projects();
      const seen = cursor;
      for (const project of again) cursor = latest(cursor, project.LastUpdated);
      await this.pull(
        actor,
        again.filter(
          (p) => (seen === null || p.LastUpdated > seen) && written.get(p.ProjectId) !== p.LastUpdated,
        ),
        sites,
        stats,
      );
    }
    return { stats, zaharaCursor: cursor };
  }

  /** Zahara → Planted: the projects' sites created or updated where they differ. Answers the sites written. */
  private async pull(
    actor: Actor,
    projects: ZaharaProject[],
    sites: SiteIndex,
    stats: SyncStats,
  ): Promise<Set<string>> {
    const changes: ProjectChange[] = [];
    for (const project of projects) {
      if (project.Void) continue;
      stats.zaharaToPlanted.totalProcessed += 1;
      const site = sites.forProject(project);
      if (site?.zaharaProjectId === String(project.ProjectId) && sameProject(projectFromSite(site), project))
        continue;
      const fields = siteFromProject(project);
      if (!fields) {
        this.logger.warn({ projectId: project.ProjectId }, 'Zahara project cannot be a site; left alone');
        continue;
      }
      changes.push({ zahara_project_id: String(project.ProjectId), site_id: site?.id ?? null, fields });
    }
    const touched = new Set<string>();
    for (let i = 0; i < changes.length; i += BATCH) {
      const { projects: applied } = await this.bus.send(
        HiresSitesApplyProjects,
        { actor, projects: changes.slice(i, i + BATCH), links: [] },
        HIRES_TIMEOUT,
      );
      for (const result of applied) {
        touched.add(result.site_id);
        if (result.outcome === 'created') stats.zaharaToPlanted.created += 1;
        if (result.outcome === 'updated') stats.zaharaToPlanted.updated += 1;
      }
    }
    return touched;
  }

  /**
   * Planted → Zahara: each site's project added or updated where it differs; an unlinked
   * site whose code a project already has (a link lost with an answer, a job number made in
   * both) is linked with it rather than added twice. Answers the LastUpdated of each write.
   */
  private async push(
    actor: Actor,
    api: ZaharaApi,
    candidates: SyncSite[],
    projects: Map<number, ZaharaProject>,
    sites: SiteIndex,
    stats: SyncStats,
  ): Promise<Map<number, string>> {
    const written = new Map<number, string>();
    const links: { site_id: string; zahara_project_id: string }[] = [];
    const link = (site: SyncSite, projectId: number) => {
      sites.link(site, projectId);
      links.push({ site_id: site.id, zahara_project_id: String(projectId) });
    };
    try {
      for (const site of candidates) {
        const write = projectFromSite(site);
        // A link to a project this Zahara does not have (deleted there, or the key now reaches
        // another business unit) is no link: the site is matched by its code or added anew.
        const linkedId =
          site.zaharaProjectId && projects.has(Number(site.zaharaProjectId)) ? site.zaharaProjectId : null;
        let project = linkedId ? projects.get(Number(linkedId)) : undefined;
        if (!linkedId) {
          project = [...projects.values()].find(
            (p) =>
              !p.Void &&
              !sites.isLinked(p.ProjectId) &&
              p.ProjectCode.trim().toLowerCase() === write.ProjectCode.toLowerCase(),
          );
          if (project) link(site, project.ProjectId);
        }
        if (project && sameProject(write, project)) continue;
        try {
          const saved = project
            ? await api.updateProject(project.ProjectId, write)
            : await api.addProject(write);
          if (!linkedId) link(site, saved.ProjectId);
          projects.set(saved.ProjectId, saved);
          written.set(saved.ProjectId, saved.LastUpdated);
          stats.plantedToZahara.pushed += 1;
        } catch (err) {
          // Zahara refused this one project (or no longer has it): the others still go.
          if (!isZaharaError(err) || (err.failure !== 'rejected' && err.failure !== 'not_found')) throw err;
          stats.plantedToZahara.errors += 1;
          this.logger.warn({ siteId: site.id, failure: err.message }, 'Zahara refused a site as a project');
        }
      }
    } catch (err) {
      // Whatever was made in Zahara is linked, even when the sync stops half way.
      await this.writeLinks(actor, links).catch((linkErr: unknown) =>
        this.logger.error({ err: linkErr }, 'Could not link the sites pushed before the sync stopped'),
      );
      throw err;
    }
    await this.writeLinks(actor, links);
    return written;
  }

  private async writeLinks(actor: Actor, links: { site_id: string; zahara_project_id: string }[]) {
    for (let i = 0; i < links.length; i += BATCH)
      await this.bus.send(
        HiresSitesApplyProjects,
        { actor, projects: [], links: links.slice(i, i + BATCH) },
        HIRES_TIMEOUT,
      );
  }
}
