import { Injectable } from '@nestjs/common';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { SiteFields } from '@planted/contracts';
import type { HiresTx } from '../db/database';
import { hireRows, sites, type SiteRow } from '../db/schema';
import type { GeoPosition } from '../geocoding/geocoder';
import { containsPattern, foldedSql, foldSearchText } from '@planted/db';

/** The stored position of a site: null when it could not be placed. */
export type Placement = GeoPosition | null;

const placementColumns = (placement: Placement) => ({
  latitude: placement?.latitude ?? null,
  longitude: placement?.longitude ?? null,
  geocodeSource: placement?.source ?? null,
});

const fieldColumns = (fields: SiteFields) => ({
  name: fields.name,
  addressLine1: fields.address_line_1,
  addressLine2: fields.address_line_2,
  city: fields.city,
  county: fields.county,
  postcode: fields.postcode,
  country: fields.country,
  jobNumber: fields.job_number,
  status: fields.status,
});

/**
 * Sites of one company. Every statement filters on customer_id besides row-level
 * security, so a missing tenant setting would find nothing rather than everything.
 */
@Injectable()
export class SitesRepository {
  async list(
    tx: HiresTx,
    customerId: string,
    options: { page: number; limit: number; search?: string },
  ): Promise<{ rows: SiteRow[]; total: number }> {
    const where = and(eq(sites.customerId, customerId), this.matching(options.search));
    const rows = await tx
      .select({ site: sites, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(sites)
      .where(where)
      .orderBy(desc(sites.createdAt), desc(sites.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit);
    if (rows.length > 0) return { rows: rows.map((r) => r.site), total: rows[0].total };
    // A page past the end carries no window count: count on its own (rare).
    if (options.page === 1) return { rows: [], total: 0 };
    const [{ total }] = await tx
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(sites)
      .where(where);
    return { rows: [], total };
  }

  /**
   * The five fields of the Site Management search (spec §2 Sites), in any case and with
   * accents folded ('zurich' finds 'Zürich'); a postcode also without its spaces ('ls14dl'
   * finds 'LS1 4DL', as the form accepts it). A company's few sites: no index needed.
   */
  private matching(search: string | undefined) {
    if (!search) return undefined;
    const term = foldSearchText(search);
    const pattern = containsPattern(term);
    const folded = (column: string) => sql`${sql.raw(foldedSql(`"sites".${column}`))} like ${pattern}`;
    return or(
      folded('"name"'),
      folded('"address_line_1"'),
      folded('"city"'),
      folded('"postcode"'),
      sql`replace(lower("sites"."postcode"), ' ', '') like ${containsPattern(term.replace(/\s+/g, ''))}`,
      folded('"job_number"'),
    );
  }

  async find(tx: HiresTx, customerId: string, id: string, lock = false): Promise<SiteRow | undefined> {
    const query = tx
      .select()
      .from(sites)
      .where(and(eq(sites.customerId, customerId), eq(sites.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /**
   * Whether another of the company's sites has this job number (any case). Holds a lock on the
   * number until the transaction ends, so two saves of one number cannot both find it free.
   */
  async jobNumberTaken(
    tx: HiresTx,
    customerId: string,
    jobNumber: string,
    exceptId?: string,
  ): Promise<boolean> {
    const number = jobNumber.toLowerCase();
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`site-job:${customerId}:${number}`}, 0))`,
    );
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          eq(sites.customerId, customerId),
          sql`lower(${sites.jobNumber}) = ${number}`,
          exceptId ? ne(sites.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insert(
    tx: HiresTx,
    customerId: string,
    createdBy: string,
    fields: SiteFields,
    placement: Placement,
    zaharaProjectId: string | null = null,
  ): Promise<SiteRow> {
    const [row] = await tx
      .insert(sites)
      .values({
        customerId,
        createdBy,
        zaharaProjectId,
        ...fieldColumns(fields),
        ...placementColumns(placement),
      })
      .returning();
    return row;
  }

  /** Writes the fields; the position only when `placement` is given (the address changed). */
  async update(
    tx: HiresTx,
    customerId: string,
    id: string,
    fields: SiteFields,
    placement: Placement | undefined,
  ): Promise<SiteRow | undefined> {
    const [row] = await tx
      .update(sites)
      .set({ ...fieldColumns(fields), ...(placement === undefined ? {} : placementColumns(placement)) })
      .where(and(eq(sites.customerId, customerId), eq(sites.id, id)))
      .returning();
    return row;
  }

  /** The company's site synced with a Zahara project (project sync). */
  async findByProject(
    tx: HiresTx,
    customerId: string,
    zaharaProjectId: string,
  ): Promise<SiteRow | undefined> {
    const [row] = await tx
      .select()
      .from(sites)
      .where(and(eq(sites.customerId, customerId), eq(sites.zaharaProjectId, zaharaProjectId)))
      .orderBy(sites.createdAt)
      .limit(1)
      .for('update');
    return row;
  }

  /** Links a site with its Zahara project: the project id and, when given, the site's fields from the project. */
  async setProject(
    tx: HiresTx,
    customerId: string,
    id: string,
    zaharaProjectId: string,
    change: { fields: SiteFields; placement: Placement | undefined } | undefined,
  ): Promise<SiteRow | undefined> {
    const [row] = await tx
      .update(sites)
      .set({
        zaharaProjectId,
        ...(change ? fieldColumns(change.fields) : {}),
        ...(change?.placement === undefined ? {} : placementColumns(change.placement)),
      })
      .where(and(eq(sites.customerId, customerId), eq(sites.id, id)))
      .returning();
    return row;
  }

  async hasHires(tx: HiresTx, customerId: string, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: hireRows.id })
      .from(hireRows)
      .where(and(eq(hireRows.customerId, customerId), eq(hireRows.siteId, id)))
      .limit(1);
    return row !== undefined;
  }

  async delete(tx: HiresTx, customerId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(sites)
      .where(and(eq(sites.customerId, customerId), eq(sites.id, id)))
      .returning({ id: sites.id });
    return rows.length > 0;
  }
}
