import { Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SimilarEntry, Supplier, SupplierDetails, TimelineEvent } from '@planted/contracts';
import { preparedSql } from '@planted/db';
import type { CatalogueTx } from '../db/database';
import {
  supplierDetails,
  supplierFavorites,
  suppliers,
  supplierTimeline,
  type SupplierRow,
  type TimelineRow,
} from '../db/schema';
import type { CachedPage } from '../shared/list-cache';
import { isoTimestamp, returned } from '../shared/rows';
import { mergedPageFrom, type CompanyView, type DirectoryPage } from '../shared/directory';
import { mergedPageStatements, mergedValues, pageStatements, pageValues } from '../shared/list-queries';
import { placeholders } from '../shared/search';
import {
  similarSuppliersQuery,
  supplierByIdQuery,
  SUPPLIER_LIST,
  supplierMergedPageQuery,
  supplierPageQuery,
  supplierPageStateQuery,
  timelineQuery,
  type SupplierFilter,
} from './suppliers.queries';

/** A supplier as the queries answer it: the shared columns and the caller's company's own. */
type SupplierView = {
  id: string;
  createdBy: string | null;
  name: string;
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  isActive: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  isFavorite: boolean;
  customerContactName: string | null;
  customerContactEmail: string | null;
  customerPhone: string | null;
  preferredOrderMethod: string | null;
  availabilityCheckMethod: string | null;
  zaharaSupplierId: string | null;
  customerNote: string | null;
  hasCustomerNote: boolean;
};

type ListState = { version: number; ownInactive: boolean };

export type NewSupplier = Pick<
  typeof suppliers.$inferInsert,
  'createdBy' | 'createdByUser' | 'name' | 'contactEmail' | 'contactPhone' | 'address'
>;
export type SupplierPatch = Pick<SupplierRow, 'name' | 'contactEmail' | 'contactPhone' | 'address'>;
export type NewTimelineEvent = Pick<
  typeof supplierTimeline.$inferInsert,
  'customerId' | 'supplierId' | 'type' | 'title' | 'body' | 'authorId' | 'authorName'
>;

// The statements behind the list and the supplier, built once (see preparedSql).
type PageRow = SupplierView & ListState & { total: number };
const pageStatement = pageStatements<PageRow, SupplierFilter>(SUPPLIER_LIST, supplierPageQuery);
const mergedPageStatement = mergedPageStatements<PageRow, SupplierFilter>(
  SUPPLIER_LIST,
  supplierMergedPageQuery,
);
type CompanyRow = Pick<SupplierView, 'id' | CompanyColumn>;
const pageStateStatement = preparedSql<ListState & CompanyRow>(
  'catalogue_supplier_page_state',
  supplierPageStateQuery(placeholders('customerId'), placeholders('ids')),
);
const byIdStatement = preparedSql<SupplierView>(
  'catalogue_supplier_by_id',
  supplierByIdQuery(placeholders('customerId'), placeholders('id')),
);

/** The columns the caller's company adds to a supplier (see companyColumns). */
type CompanyColumn =
  | 'isFavorite'
  | 'customerContactName'
  | 'customerContactEmail'
  | 'customerPhone'
  | 'preferredOrderMethod'
  | 'availabilityCheckMethod'
  | 'zaharaSupplierId'
  | 'customerNote'
  | 'hasCustomerNote';

function toSupplier(row: SupplierView, customerId: string): Supplier {
  return withCompany(
    {
      id: row.id,
      name: row.name,
      contact_email: row.contactEmail,
      contact_phone: row.contactPhone,
      address: row.address,
      is_active: row.isActive,
      created_by: row.createdBy,
      created_at: isoTimestamp(row.createdAt),
      updated_at: isoTimestamp(row.updatedAt),
    },
    row,
    customerId,
  );
}

/** A supplier's shared fields with what the company sees of it: its own columns, and whether it created it. */
function withCompany(
  shared: Omit<Supplier, CompanyField>,
  row: Pick<SupplierView, CompanyColumn>,
  customerId: string,
): Supplier {
  return {
    ...shared,
    created_by_you: shared.created_by === customerId,
    is_favorite: row.isFavorite,
    has_customer_note: row.hasCustomerNote,
    customer_contact_name: row.customerContactName,
    customer_contact_email: row.customerContactEmail,
    customer_phone: row.customerPhone,
    preferred_order_method: row.preferredOrderMethod,
    availability_check_method: row.availabilityCheckMethod,
    customer_note: row.customerNote,
    zahara_supplier_id: row.zaharaSupplierId,
  };
}

type CompanyField =
  | 'created_by_you'
  | 'is_favorite'
  | 'has_customer_note'
  | 'customer_contact_name'
  | 'customer_contact_email'
  | 'customer_phone'
  | 'preferred_order_method'
  | 'availability_check_method'
  | 'customer_note'
  | 'zahara_supplier_id';

export function toTimelineEvent(
  row: Pick<TimelineRow, 'id' | 'type' | 'title' | 'body' | 'createdAt'> & { author: string },
): TimelineEvent {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    author: row.author,
    created_at: isoTimestamp(row.createdAt),
  };
}

@Injectable()
export class SuppliersRepository {
  async page(tx: CatalogueTx, filter: SupplierFilter): Promise<DirectoryPage<Supplier>> {
    const rows = await pageStatement(filter)(tx, pageValues(filter));
    const [first] = rows;
    const items = rows.filter((row) => row.id !== null).map((row) => toSupplier(row, filter.customerId));
    return { items, total: first.total, version: first.version, ownInactive: first.ownInactive };
  }

  /**
   * The suppliers of a page read before, as the company sees them now, in the page's order;
   * 'stale' when the list changed since, 'own-inactive' when the company has inactive
   * suppliers of its own (see mergedPage). The shared fields come from memory (while the
   * list's counter has not moved, no supplier has changed), the company's own from the
   * tables.
   */
  async cachedPage(
    tx: CatalogueTx,
    customerId: string,
    cached: CachedPage<Supplier>,
  ): Promise<CompanyView<Supplier> | 'stale' | 'own-inactive'> {
    const rows = await pageStateStatement(tx, { customerId, ids: cached.ids });
    const [first] = rows;
    if (first.version !== cached.version) return 'stale';
    if (first.ownInactive) return 'own-inactive';
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (cached.items.some((item) => !byId.has(item.id))) return 'stale';
    return {
      state: JSON.stringify(rows),
      items: () => cached.items.map((item) => withCompany(item, byId.get(item.id)!, customerId)),
    };
  }

  /** Page 1 for a company with inactive suppliers of its own, from the shared page (see DirectoryStore). */
  async mergedPage(
    tx: CatalogueTx,
    filter: SupplierFilter,
    cached: CachedPage<Supplier>,
  ): Promise<DirectoryPage<Supplier> | undefined> {
    const rows = await mergedPageStatement(filter)(tx, mergedValues(filter, cached));
    return mergedPageFrom(rows, cached, (row) => toSupplier(row, filter.customerId));
  }

  /** The supplier as the company sees it, or undefined (unknown, deleted, another's inactive). */
  async findVisible(tx: CatalogueTx, customerId: string, id: string): Promise<Supplier | undefined> {
    const [row] = await byIdStatement(tx, { customerId, id });
    return row ? toSupplier(row, customerId) : undefined;
  }

  /** The row itself, deleted or not. */
  async findRow(tx: CatalogueTx, id: string): Promise<SupplierRow | undefined> {
    const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, id));
    return row;
  }

  async insert(tx: CatalogueTx, values: NewSupplier): Promise<SupplierRow> {
    return returned(await tx.insert(suppliers).values(values).returning());
  }

  /** Undefined when the supplier was deleted meanwhile. */
  async update(tx: CatalogueTx, id: string, patch: SupplierPatch): Promise<SupplierRow | undefined> {
    const [row] = await tx
      .update(suppliers)
      .set(patch)
      .where(and(eq(suppliers.id, id), isNull(suppliers.deletedAt)))
      .returning();
    return row;
  }

  async softDelete(tx: CatalogueTx, id: string): Promise<boolean> {
    const rows = await tx
      .update(suppliers)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(suppliers.id, id), isNull(suppliers.deletedAt)))
      .returning({ id: suppliers.id });
    return rows.length > 0;
  }

  async addFavorite(tx: CatalogueTx, customerId: string, supplierId: string): Promise<void> {
    await tx.insert(supplierFavorites).values({ customerId, supplierId }).onConflictDoNothing();
  }

  async removeFavorite(tx: CatalogueTx, customerId: string, supplierId: string): Promise<boolean> {
    const rows = await tx
      .delete(supplierFavorites)
      .where(and(eq(supplierFavorites.customerId, customerId), eq(supplierFavorites.supplierId, supplierId)))
      .returning({ id: supplierFavorites.supplierId });
    return rows.length > 0;
  }

  /** The company's details for the supplier, replaced by these (blank values clear a field). */
  async saveDetails(
    tx: CatalogueTx,
    customerId: string,
    supplierId: string,
    details: SupplierDetails,
  ): Promise<void> {
    const values = {
      contactName: details.contact_name,
      contactEmail: details.contact_email,
      phone: details.phone,
      preferredOrderMethod: details.preferred_order_method,
      availabilityCheckMethod: details.availability_check_method,
    };
    await tx
      .insert(supplierDetails)
      .values({ customerId, supplierId, ...values })
      .onConflictDoUpdate({
        target: [supplierDetails.customerId, supplierDetails.supplierId],
        set: { ...values, updatedAt: sql`now()` },
      });
  }

  /**
   * The company matched the supplier with a Zahara supplier (the accounting connector's
   * event): its cards show the matched marker. Its other details stay as they are.
   */
  async markMatched(
    tx: CatalogueTx,
    customerId: string,
    supplierId: string,
    zaharaSupplierId: string,
  ): Promise<void> {
    await tx
      .insert(supplierDetails)
      .values({ customerId, supplierId, zaharaSupplierId })
      .onConflictDoUpdate({
        target: [supplierDetails.customerId, supplierDetails.supplierId],
        set: { zaharaSupplierId, updatedAt: sql`now()` },
      });
  }

  /** The company's match removed: no marker (the company's own details stay). */
  async markUnmatched(tx: CatalogueTx, customerId: string, supplierId: string): Promise<void> {
    await tx
      .update(supplierDetails)
      .set({ zaharaSupplierId: null, updatedAt: sql`now()` })
      .where(and(eq(supplierDetails.customerId, customerId), eq(supplierDetails.supplierId, supplierId)));
  }

  async addTimelineEvent(tx: CatalogueTx, event: NewTimelineEvent): Promise<TimelineEvent> {
    const row = returned(await tx.insert(supplierTimeline).values(event).returning());
    return toTimelineEvent({ ...row, author: row.authorName });
  }

  async findTimelineEvent(tx: CatalogueTx, id: string): Promise<TimelineEvent | undefined> {
    const [row] = await tx.select().from(supplierTimeline).where(eq(supplierTimeline.id, id));
    return row ? toTimelineEvent({ ...row, author: row.authorName }) : undefined;
  }

  async timeline(tx: CatalogueTx, customerId: string, supplierId: string): Promise<TimelineEvent[]> {
    const { rows } = await tx.execute<Parameters<typeof toTimelineEvent>[0]>(
      timelineQuery(customerId, supplierId),
    );
    return rows.map(toTimelineEvent);
  }

  async similar(tx: CatalogueTx, name: string): Promise<SimilarEntry[]> {
    const { rows } = await tx.execute<SimilarEntry>(similarSuppliersQuery(name));
    return rows.map((row) => ({ id: row.id, name: row.name, category: null, similarity: row.similarity }));
  }
}
