import { Injectable } from '@nestjs/common';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { SyncStats } from '@planted/contracts';
import type { AccountingTx } from '../db/database';
import { projectSyncs, sites } from '../db/schema';
import type { SiteForProject } from './project-fields';

export type ProjectSyncRow = typeof projectSyncs.$inferSelect;

/** A site of the read model as project sync reads it; `changed`: updated since the last sync's start. */
export interface SyncSite extends SiteForProject {
  zaharaProjectId: string | null;
  changed: boolean;
}

/** A sync still 'running' after this long died with its process: another may start. */
const STALE_RUN = sql`interval '15 minutes'`;

/** The company's sync state and the sites it pushes; every statement names the company besides row-level security. */
@Injectable()
export class ProjectsRepository {
  async find(tx: AccountingTx, customerId: string): Promise<ProjectSyncRow | undefined> {
    const [row] = await tx.select().from(projectSyncs).where(eq(projectSyncs.customerId, customerId));
    return row;
  }

  /** Marks the company's sync as running; undefined when one already is. */
  async claim(tx: AccountingTx, customerId: string): Promise<ProjectSyncRow | undefined> {
    const [row] = await tx
      .insert(projectSyncs)
      .values({ customerId, status: 'running', startedAt: sql`now()` })
      .onConflictDoUpdate({
        target: projectSyncs.customerId,
        set: { status: 'running', startedAt: sql`now()` },
        setWhere: or(
          sql`${projectSyncs.status} <> 'running'`,
          sql`${projectSyncs.startedAt} < now() - ${STALE_RUN}`,
        ),
      })
      .returning();
    return row;
  }

  /**
   * Records a good sync and its cursors. The cursors are written only while the row still
   * holds this run's start: a key change meanwhile (SettingsRepository.restartProjectSync)
   * gave it another, and this run's cursors are the old key's.
   */
  async completed(
    tx: AccountingTx,
    customerId: string,
    result: { stats: SyncStats; zaharaCursor: string | null; sitesCursor: string },
  ): Promise<void> {
    const ours = sql`${projectSyncs.startedAt} = ${result.sitesCursor}::timestamptz`;
    await tx
      .update(projectSyncs)
      .set({
        status: 'completed',
        lastSyncAt: sql`now()`,
        lastStats: result.stats,
        lastError: null,
        zaharaCursor: sql`CASE WHEN ${ours} THEN ${result.zaharaCursor}::text ELSE ${projectSyncs.zaharaCursor} END`,
        sitesCursor: sql`CASE WHEN ${ours} THEN ${result.sitesCursor}::timestamptz ELSE ${projectSyncs.sitesCursor} END`,
      })
      .where(eq(projectSyncs.customerId, customerId));
  }

  /** A failed sync keeps the cursors of the last good one: the next sync looks at everything since then again. */
  async failed(tx: AccountingTx, customerId: string, error: string): Promise<void> {
    await tx
      .update(projectSyncs)
      .set({ status: 'failed', lastError: error })
      .where(eq(projectSyncs.customerId, customerId));
  }

  /** The company's sites (not deleted), each saying whether it changed after `since` (every one when null). */
  async sites(tx: AccountingTx, customerId: string, since: string | null): Promise<SyncSite[]> {
    return tx
      .select({
        id: sites.id,
        name: sites.name,
        addressLine1: sites.addressLine1,
        addressLine2: sites.addressLine2,
        city: sites.city,
        county: sites.county,
        postcode: sites.postcode,
        country: sites.country,
        jobNumber: sites.jobNumber,
        status: sites.status,
        zaharaProjectId: sites.zaharaProjectId,
        changed: since ? sql<boolean>`${sites.siteUpdatedAt} > ${since}::timestamptz` : sql<boolean>`true`,
      })
      .from(sites)
      .where(and(eq(sites.customerId, customerId), isNull(sites.deletedAt)))
      .orderBy(sites.siteUpdatedAt, sites.id);
  }
}
