import { Injectable } from '@nestjs/common';
import { and, asc, between, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  containsPattern,
  executeAtCommit,
  foldedSql,
  foldSearchText,
  preparedQuery,
  trigramSearchable,
} from '@planted/db';
import type { Actor } from '@planted/contracts';
import type { HireStatus, HireTotals } from '@planted/domain';
import type { HiresTx } from '../db/database';
import { equipment, hireRows, sites, suppliers, users, type HireRow } from '../db/schema';
import { numericText } from './hire-costs';

/** The columns a hire's form sets (the rest are computed, or written by the accounting connector). */
export interface HireInput {
  equipment_id: string;
  supplier_id: string;
  site_id: string;
  price: number;
  pricing_term: HireRow['pricingTerm'];
  delivery_charge: number;
  operator_cost: number;
  hire_start_date: string;
  hire_end_date: string;
  hire_status: HireStatus;
  additional_details: string | null;
}

/** An edit's fields: a hire_status left out keeps the hire's own (HiresService.update). */
export type HireEditInput = Omit<HireInput, 'hire_status'> & { hire_status: HireStatus | undefined };

/** A hire with the names the list shows, from the read models, in one row. */
const listedColumns = {
  hire: hireRows,
  equipmentName: equipment.name,
  equipmentCategory: equipment.category,
  equipmentImageUrl: equipment.imageUrl,
  equipmentImageCardUrl: equipment.imageCardUrl,
  supplierName: suppliers.name,
  siteName: sites.name,
  siteAddressLine1: sites.addressLine1,
  siteAddressLine2: sites.addressLine2,
  siteCity: sites.city,
  sitePostcode: sites.postcode,
  jobNumber: sites.jobNumber,
  creatorName: users.name,
  creatorPicture: users.profilePictureUrl,
};

export interface ListedHireRow {
  hire: HireRow;
  equipmentName: string | null;
  equipmentCategory: string | null;
  equipmentImageUrl: string | null;
  equipmentImageCardUrl: string | null;
  supplierName: string | null;
  siteName: string | null;
  siteAddressLine1: string | null;
  siteAddressLine2: string | null;
  siteCity: string | null;
  sitePostcode: string | null;
  jobNumber: string | null;
  creatorName: string | null;
  creatorPicture: string | null;
}

const ONGOING: HireStatus[] = ['active', 'collection_booked'];

/** The list's search term as the LIKE pattern `matching` takes: folded (foldSearchText), matching anywhere. */
const searchPattern = (term: string) => containsPattern(foldSearchText(term));

/** A site's name and job number folded as the search term is (a company's few sites: no index). */
const siteName = sql.raw(foldedSql('"sites"."name"'));
const siteJobNumber = sql.raw(foldedSql('"sites"."job_number"'));

/** The list's order: newest first. */
const NEWEST_FIRST = [desc(hireRows.createdAt), desc(hireRows.id)];

/** A value the prepared list statements take on each call. */
const value = (name: 'customerId' | 'status' | 'pattern' | 'limit' | 'offset') => sql.placeholder(name);

const inputColumns = (input: HireInput, totals: HireTotals) => ({
  equipmentId: input.equipment_id,
  supplierId: input.supplier_id,
  siteId: input.site_id,
  price: numericText(input.price),
  pricingTerm: input.pricing_term,
  pricePerDay: numericText(totals.price_per_day),
  deliveryCharge: numericText(input.delivery_charge),
  operatorCost: numericText(input.operator_cost),
  hireStartDate: input.hire_start_date,
  hireEndDate: input.hire_end_date,
  hireDurationDays: totals.hire_duration_days,
  netCost: numericText(totals.net_cost),
  vatAmount: numericText(totals.vat_amount),
  totalCost: numericText(totals.total_cost),
  hireStatus: input.hire_status,
  additionalDetails: input.additional_details,
});

/** inputColumns' columns, each a placeholder of its own name (the prepared insert and update). */
const INPUT_COLUMNS = [
  'equipmentId',
  'supplierId',
  'siteId',
  'price',
  'pricingTerm',
  'pricePerDay',
  'deliveryCharge',
  'operatorCost',
  'hireStartDate',
  'hireEndDate',
  'hireDurationDays',
  'netCost',
  'vatAmount',
  'totalCost',
  'hireStatus',
  'additionalDetails',
] as const satisfies readonly (keyof ReturnType<typeof inputColumns>)[];
type Placeholder = ReturnType<typeof sql.placeholder>;
// Typed as every column of inputColumns: one missing from the list does not compile.
const inputPlaceholders: Record<keyof ReturnType<typeof inputColumns>, Placeholder> = Object.fromEntries(
  INPUT_COLUMNS.map((column) => [column, sql.placeholder(column)]),
) as Record<(typeof INPUT_COLUMNS)[number], Placeholder>;

/**
 * Hires of one company. Every statement filters on customer_id besides row-level
 * security. Reads join the read models (equipment, suppliers, users) and the sites once,
 * so a page of the list is one indexed query.
 */
@Injectable()
export class HiresRepository {
  /** Hires joined to the read models and sites: what every read of a listed hire starts from. */
  private listed(tx: HiresTx) {
    return tx
      .select(listedColumns)
      .from(hireRows)
      .leftJoin(equipment, eq(equipment.id, hireRows.equipmentId))
      .leftJoin(suppliers, eq(suppliers.id, hireRows.supplierId))
      .leftJoin(sites, eq(sites.id, hireRows.siteId))
      .leftJoin(users, eq(users.id, hireRows.createdBy))
      .$dynamic();
  }

  /**
   * One page of hires with the count of all that match, as one statement: the page is
   * picked from the hires table alone (its indexes, the window count over the matches),
   * and only its rows are then joined to the read models, by primary key.
   */
  private pageQuery(
    tx: HiresTx,
    where: SQL | undefined,
    order: SQL[],
    limit: number | ReturnType<typeof sql.placeholder>,
    offset: number | ReturnType<typeof sql.placeholder>,
  ) {
    const page = tx
      .select({ id: hireRows.id, total: sql<number>`count(*) over()`.as('total') })
      .from(hireRows)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .as('page');
    return tx
      .select({ ...listedColumns, total: sql<number>`${page.total}`.mapWith(Number) })
      .from(page)
      .innerJoin(hireRows, eq(hireRows.id, page.id))
      .leftJoin(equipment, eq(equipment.id, hireRows.equipmentId))
      .leftJoin(suppliers, eq(suppliers.id, hireRows.supplierId))
      .leftJoin(sites, eq(sites.id, hireRows.siteId))
      .leftJoin(users, eq(users.id, hireRows.createdBy))
      .orderBy(...order);
  }

  private async page(
    tx: HiresTx,
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
  ): Promise<{ rows: ListedHireRow[]; total: number }> {
    const rows = await this.pageQuery(tx, where, order, limit, offset);
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /**
   * The list's statements, one per shape (without a search, with one), built once per
   * connection and prepared: inside readAsTenant PostgreSQL plans each once, for every
   * company and value, instead of parsing, rewriting (row-level security) and planning the
   * statement on every request. The plan is the same either way: the company's hires by
   * its index, the search's matches through the read models' trigram indexes.
   */
  private readonly listStatements = {
    all: preparedQuery((tx: HiresTx) =>
      this.pageQuery(tx, this.listWhere(undefined), NEWEST_FIRST, value('limit'), value('offset')).prepare(
        'hires_list',
      ),
    ),
    search: preparedQuery((tx: HiresTx) =>
      this.pageQuery(
        tx,
        this.listWhere(value('pattern')),
        NEWEST_FIRST,
        value('limit'),
        value('offset'),
      ).prepare('hires_list_search'),
    ),
  };

  /** The company's hires in the statuses, matching the pattern when there is one (values by name). */
  private listWhere(pattern: SQL | ReturnType<typeof sql.placeholder> | undefined): SQL | undefined {
    const customerId = value('customerId');
    return and(
      eq(hireRows.customerId, customerId),
      sql`${hireRows.hireStatus} = any(${value('status')}::text[])`,
      pattern === undefined ? undefined : this.matching(customerId, pattern),
    );
  }

  /**
   * One page of the list, newest first, with the total in the same statement. The search
   * finds the matching equipment, suppliers and sites through their trigram indexes, then
   * the company's hires of those. A term without three letters or digits in a row cannot
   * narrow a trigram index, so its best plan is another (it reads the read models through):
   * that search is planned for its own values, not run on the shared plan.
   */
  async list(
    tx: HiresTx,
    customerId: string,
    options: { page: number; limit: number; search?: string; status: HireStatus[] },
  ): Promise<{ rows: ListedHireRow[]; total: number }> {
    const offset = (options.page - 1) * options.limit;
    const values = { customerId, status: options.status, limit: options.limit, offset };
    let rows: (ListedHireRow & { total: number })[];
    if (!options.search) rows = await this.listStatements.all(tx).execute(values);
    else if (trigramSearchable(options.search))
      rows = await this.listStatements.search(tx).execute({
        ...values,
        pattern: searchPattern(options.search),
      });
    else
      rows = await this.pageQuery(
        tx,
        and(
          eq(hireRows.customerId, customerId),
          inArray(hireRows.hireStatus, options.status),
          this.matching(customerId, searchPattern(options.search)),
        ),
        NEWEST_FIRST,
        options.limit,
        offset,
      );
    if (rows.length > 0 || options.page === 1) return { rows, total: rows[0]?.total ?? 0 };
    // A page past the end carries no window count: count on its own (rare).
    const [{ total }] = await tx
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(hireRows)
      .where(
        and(
          eq(hireRows.customerId, customerId),
          inArray(hireRows.hireStatus, options.status),
          options.search ? this.matching(customerId, searchPattern(options.search)) : undefined,
        ),
      );
    return { rows: [], total };
  }

  /**
   * Equipment name, supplier name, site name or job number (spec §2 Hires search), for a
   * pattern of the folded term (searchPattern): the read models' folded names with LIKE, the
   * company's few sites folded as they are read.
   */
  private matching(
    customerId: string | ReturnType<typeof sql.placeholder>,
    pattern: string | SQL | ReturnType<typeof sql.placeholder>,
  ): SQL | undefined {
    return or(
      inArray(
        hireRows.equipmentId,
        sql`(select ${equipment.id} from ${equipment} where ${equipment.searchName} like ${pattern})`,
      ),
      inArray(
        hireRows.supplierId,
        sql`(select ${suppliers.id} from ${suppliers} where ${suppliers.searchName} like ${pattern})`,
      ),
      inArray(
        hireRows.siteId,
        sql`(select ${sites.id} from ${sites} where ${sites.customerId} = ${customerId} and (${siteName} like ${pattern} or ${siteJobNumber} like ${pattern}))`,
      ),
    );
  }

  async findListed(tx: HiresTx, customerId: string, id: string): Promise<ListedHireRow | undefined> {
    const [row] = await this.writeStatements.findListed(tx).execute({ customerId, id });
    return row;
  }

  async findForUpdate(tx: HiresTx, customerId: string, id: string): Promise<HireRow | undefined> {
    const [row] = await this.writeStatements.findForUpdate(tx).execute({ customerId, id });
    return row;
  }

  /**
   * The new hire, written with the transaction's COMMIT (executeAtCommit: no round trip of
   * its own; the outbox row recorded after it goes after it). The row is made here: its id,
   * and `at` as created_at and updated_at (the time the request reached the service, as an
   * edit sets updated_at), so the answer and the event need nothing read back. A reference
   * the insert breaks (a site deleted meanwhile) fails the COMMIT, and the transaction.
   */
  async insert(tx: HiresTx, actor: Actor, input: HireInput, totals: HireTotals, at: Date): Promise<HireRow> {
    const row = {
      id: randomUUID(),
      customerId: actor.customerId,
      ...inputColumns(input, totals),
      zaharaDocumentId: null,
      zaharaPoNumber: null,
      purchaseOrderError: null,
      purchaseOrderFailedAt: null,
      purchaseOrderUpdateError: null,
      purchaseOrderUpdatedAt: null,
      createdBy: actor.userId,
      createdAt: at,
      updatedAt: at,
    } satisfies Record<keyof HireRow, unknown>;
    await executeAtCommit(tx, this.writeStatements.insert(tx), row);
    return row;
  }

  async update(
    tx: HiresTx,
    customerId: string,
    id: string,
    input: HireInput,
    totals: HireTotals,
  ): Promise<HireRow | undefined> {
    const [row] = await this.writeStatements.update(tx).execute({
      customerId,
      id,
      ...inputColumns(input, totals),
      updatedAt: new Date(),
    });
    return row;
  }

  /**
   * The statements of creating and editing a hire, built once per connection and prepared
   * (no query building per request): each value a placeholder named as its column.
   */
  private readonly writeStatements = {
    findListed: preparedQuery((tx: HiresTx) =>
      this.listed(tx)
        .where(
          and(eq(hireRows.customerId, sql.placeholder('customerId')), eq(hireRows.id, sql.placeholder('id'))),
        )
        .prepare('hires_find_listed'),
    ),
    findForUpdate: preparedQuery((tx: HiresTx) =>
      tx
        .select()
        .from(hireRows)
        .where(
          and(eq(hireRows.customerId, sql.placeholder('customerId')), eq(hireRows.id, sql.placeholder('id'))),
        )
        .for('update')
        .prepare('hires_find_for_update'),
    ),
    insert: preparedQuery((tx: HiresTx) =>
      tx
        .insert(hireRows)
        // Drizzle takes a placeholder for any column at run time; its types only for some.
        .values({
          id: sql.placeholder('id'),
          customerId: sql.placeholder('customerId'),
          createdBy: sql.placeholder('createdBy'),
          ...inputPlaceholders,
          createdAt: sql.placeholder('createdAt'),
          updatedAt: sql.placeholder('updatedAt'),
        } as unknown as typeof hireRows.$inferInsert)
        .prepare('hires_insert'),
    ),
    update: preparedQuery((tx: HiresTx) =>
      tx
        .update(hireRows)
        // updated_at's $onUpdate would be run once, when the statement is built: a value per call instead.
        .set({ ...inputPlaceholders, updatedAt: sql.placeholder('updatedAt') } as unknown as Partial<
          typeof hireRows.$inferInsert
        >)
        .where(
          and(eq(hireRows.customerId, sql.placeholder('customerId')), eq(hireRows.id, sql.placeholder('id'))),
        )
        .returning()
        .prepare('hires_update'),
    ),
  };

  async delete(tx: HiresTx, customerId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(hireRows)
      .where(and(eq(hireRows.customerId, customerId), eq(hireRows.id, id)))
      .returning({ id: hireRows.id });
    return rows.length > 0;
  }

  /** Sets the status of those of `ids` that are the company's; others' ids match nothing. */
  setStatus(tx: HiresTx, customerId: string, ids: string[], status: HireStatus): Promise<HireRow[]> {
    return tx
      .update(hireRows)
      .set({ hireStatus: status })
      .where(and(eq(hireRows.customerId, customerId), inArray(hireRows.id, ids)))
      .returning();
  }

  /**
   * The accounting connector created the purchase order of those of `ids` that are the
   * company's: its number and document id, and no failure any more.
   */
  setPurchaseOrder(
    tx: HiresTx,
    customerId: string,
    ids: string[],
    order: { documentId: string; poNumber: string },
  ): Promise<HireRow[]> {
    return tx
      .update(hireRows)
      .set({
        zaharaDocumentId: order.documentId,
        zaharaPoNumber: order.poNumber,
        purchaseOrderError: null,
        purchaseOrderFailedAt: null,
      })
      .where(and(eq(hireRows.customerId, customerId), inArray(hireRows.id, ids)))
      .returning();
  }

  /**
   * Creating the purchase order of those of `ids` failed (the latest failure wins); a hire
   * that has its order already keeps it and shows no failure (a late or redelivered event).
   */
  async setPurchaseOrderFailure(
    tx: HiresTx,
    customerId: string,
    ids: string[],
    failure: { message: string; at: string },
  ): Promise<number> {
    const rows = await tx
      .update(hireRows)
      .set({ purchaseOrderError: failure.message, purchaseOrderFailedAt: failure.at })
      .where(
        and(
          eq(hireRows.customerId, customerId),
          inArray(hireRows.id, ids),
          isNull(hireRows.zaharaPoNumber),
          or(isNull(hireRows.purchaseOrderFailedAt), lte(hireRows.purchaseOrderFailedAt, failure.at)),
        ),
      )
      .returning({ id: hireRows.id });
    return rows.length;
  }

  /**
   * An update of the hires' order in Zahara ended: its error, or null when Zahara is up to
   * date (a later update's outcome wins over an earlier one's, whatever order they arrive in).
   */
  async setPurchaseOrderUpdate(
    tx: HiresTx,
    customerId: string,
    ids: string[],
    update: { error: string | null; at: string },
  ): Promise<number> {
    const rows = await tx
      .update(hireRows)
      .set({ purchaseOrderUpdateError: update.error, purchaseOrderUpdatedAt: update.at })
      .where(
        and(
          eq(hireRows.customerId, customerId),
          inArray(hireRows.id, ids),
          or(isNull(hireRows.purchaseOrderUpdatedAt), lte(hireRows.purchaseOrderUpdatedAt, update.at)),
        ),
      )
      .returning({ id: hireRows.id });
    return rows.length;
  }

  async deleteMany(tx: HiresTx, customerId: string, ids: string[]): Promise<string[]> {
    const rows = await tx
      .delete(hireRows)
      .where(and(eq(hireRows.customerId, customerId), inArray(hireRows.id, ids)))
      .returning({ id: hireRows.id });
    return rows.map((r) => r.id);
  }

  async countActive(tx: HiresTx, customerId: string): Promise<number> {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(hireRows)
      .where(and(eq(hireRows.customerId, customerId), eq(hireRows.hireStatus, 'active')));
    return count;
  }

  /** Active or collection-booked hires ending from `from` to `to` (inclusive), soonest first. */
  endingBetween(tx: HiresTx, customerId: string, from: string, to: string): Promise<ListedHireRow[]> {
    return this.listed(tx)
      .where(
        and(
          eq(hireRows.customerId, customerId),
          inArray(hireRows.hireStatus, ONGOING),
          between(hireRows.hireEndDate, from, to),
        ),
      )
      .orderBy(asc(hireRows.hireEndDate), asc(hireRows.createdAt), asc(hireRows.id))
      .limit(1000);
  }

  /** Active or collection-booked hires whose end date is before `today`, longest overdue first. */
  endedBefore(
    tx: HiresTx,
    customerId: string,
    today: string,
    limit: number,
  ): Promise<{ rows: ListedHireRow[]; total: number }> {
    const where = and(
      eq(hireRows.customerId, customerId),
      inArray(hireRows.hireStatus, ONGOING),
      lt(hireRows.hireEndDate, today),
    );
    return this.page(
      tx,
      where,
      [asc(hireRows.hireEndDate), asc(hireRows.createdAt), asc(hireRows.id)],
      limit,
      0,
    );
  }

  /** The dashboard's figures (spec §3 Dashboard stats) in one statement. */
  async stats(
    tx: HiresTx,
    customerId: string,
  ): Promise<{ totalHires: number; activeHires: number; totalSites: number; totalSpending: string }> {
    const [row] = await tx
      .select({
        totalHires: sql<number>`count(*)`.mapWith(Number),
        activeHires: sql<number>`count(*) filter (where ${hireRows.hireStatus} = 'active')`.mapWith(Number),
        totalSpending: sql<string>`coalesce(sum(${hireRows.totalCost}), 0)::text`,
        totalSites:
          sql<number>`(select count(*) from ${sites} where ${sites.customerId} = ${customerId} and ${sites.status} = 'active')`.mapWith(
            Number,
          ),
      })
      .from(hireRows)
      .where(eq(hireRows.customerId, customerId));
    return row;
  }
}
