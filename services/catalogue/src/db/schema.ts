import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  numeric,
  pgPolicy,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { foldedSql, tenantPolicy } from '@planted/db';
import { TIMELINE_EVENT_TYPES } from '@planted/contracts';
import { idempotentRequestsTable, outboxTable, processedEventsTable } from '@planted/messaging';

// Not exported: the migrator creates the schema (it keeps its journal there), so drizzle-kit must not.
const catalogue = pgSchema('catalogue');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

const OWNER_OR_SYSTEM = (column: string) =>
  sql.raw(
    `current_setting('app.bypass_rls', true) = 'on' or "${column}" = nullif(current_setting('app.customer_id', true), '')::uuid`,
  );

/**
 * Row-level security of the shared catalogue tables: every company reads them (which rows
 * a screen shows is the queries' business: active ones, and a company's own inactive
 * ones), but only the owning company's transactions may add, change or remove a row.
 */
function sharedRowPolicies(table: string, ownerColumn: string) {
  return [
    pgPolicy(`${table}_read_all`, { as: 'permissive', for: 'select', to: 'public', using: sql`true` }),
    pgPolicy(`${table}_owner_insert`, {
      as: 'permissive',
      for: 'insert',
      to: 'public',
      withCheck: OWNER_OR_SYSTEM(ownerColumn),
    }),
    pgPolicy(`${table}_owner_update`, {
      as: 'permissive',
      for: 'update',
      to: 'public',
      using: OWNER_OR_SYSTEM(ownerColumn),
      withCheck: OWNER_OR_SYSTEM(ownerColumn),
    }),
    pgPolicy(`${table}_owner_delete`, {
      as: 'permissive',
      for: 'delete',
      to: 'public',
      using: OWNER_OR_SYSTEM(ownerColumn),
    }),
  ];
}

/**
 * The community equipment catalogue. Rows are soft-deleted (`deleted_at`): hires and the
 * latest prices keep referring to an item after its owner removed it.
 */
export const equipment = catalogue
  .table(
    'equipment',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      /** The owning company; null for community items no company owns. */
      customerId: uuid('customer_id'),
      name: text('name').notNull(),
      description: text('description'),
      category: text('category').notNull(),
      unitOfMeasure: text('unit_of_measure'),
      power: text('power'),
      imageUrl: text('image_url'),
      imageCardUrl: text('image_card_url'),
      isActive: boolean('is_active').notNull().default(true),
      /** The user who added it. */
      createdBy: uuid('created_by'),
      /**
       * What the search box matches: name, description and category in one trigram-indexed
       * text, lower-cased with its accents folded (foldedSql), searched with LIKE on the term
       * folded the same way (several times cheaper per row than ILIKE when a common term makes
       * the index's recheck visit thousands).
       */
      searchText: text('search_text').generatedAlwaysAs(
        sql.raw(foldedSql(`name || ' ' || coalesce(description, '') || ' ' || category`)),
      ),
      deletedAt: timestamp('deleted_at', { withTimezone: true }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      index('equipment_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
      // Near-duplicate names offered when an admin adds an item (trigram similarity).
      index('equipment_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
      // The unfiltered list, ordered by name as people read it (NAME_ORDER), and the category
      // filter and counts.
      index('equipment_name_idx')
        .on(sql`${t.name} collate "und-x-icu"`, t.id)
        .where(sql`${t.deletedAt} is null`),
      index('equipment_category_name_idx')
        .on(t.category, sql`${t.name} collate "und-x-icu"`, t.id)
        .where(sql`${t.deletedAt} is null`),
      index('equipment_customer_idx').on(t.customerId),
      // Whether a company has inactive items of its own, asked by every list request (ListCache):
      // one probe however many items it owns.
      index('equipment_own_inactive_idx')
        .on(t.customerId)
        .where(sql`not ${t.isActive} and ${t.deletedAt} is null`),
      ...sharedRowPolicies('equipment', 'customer_id'),
    ],
  )
  .enableRLS();

/** A company's favourite equipment. */
export const equipmentFavorites = catalogue
  .table(
    'equipment_favorites',
    {
      customerId: uuid('customer_id').notNull(),
      equipmentId: uuid('equipment_id')
        .notNull()
        .references(() => equipment.id),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.customerId, t.equipmentId] }),
      index('equipment_favorites_equipment_idx').on(t.equipmentId),
      tenantPolicy('equipment_favorites_tenant_isolation'),
    ],
  )
  .enableRLS();

/** The community supplier directory: basic information, changed only by the creating company. */
export const suppliers = catalogue
  .table(
    'suppliers',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      /** The creating company; null for community suppliers no company created. */
      createdBy: uuid('created_by'),
      /** The user who added it. */
      createdByUser: uuid('created_by_user'),
      name: text('name').notNull(),
      /** The name folded, trigram-indexed: what the search box matches (as equipment's search_text). */
      searchName: text('search_name').generatedAlwaysAs(sql.raw(foldedSql('name'))),
      contactEmail: text('contact_email'),
      contactPhone: text('contact_phone'),
      address: text('address'),
      isActive: boolean('is_active').notNull().default(true),
      deletedAt: timestamp('deleted_at', { withTimezone: true }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      // Near-duplicate names (similarity) and the search box.
      index('suppliers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
      index('suppliers_search_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
      index('suppliers_name_idx')
        .on(sql`${t.name} collate "und-x-icu"`, t.id)
        .where(sql`${t.deletedAt} is null`),
      index('suppliers_created_by_idx').on(t.createdBy),
      index('suppliers_own_inactive_idx')
        .on(t.createdBy)
        .where(sql`not ${t.isActive} and ${t.deletedAt} is null`),
      ...sharedRowPolicies('suppliers', 'created_by'),
    ],
  )
  .enableRLS();

/** A company's favourite suppliers. */
export const supplierFavorites = catalogue
  .table(
    'supplier_favorites',
    {
      customerId: uuid('customer_id').notNull(),
      supplierId: uuid('supplier_id')
        .notNull()
        .references(() => suppliers.id),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.customerId, t.supplierId] }),
      index('supplier_favorites_supplier_idx').on(t.supplierId),
      tenantPolicy('supplier_favorites_tenant_isolation'),
    ],
  )
  .enableRLS();

/** 'Your Communication Details': one company's own contact details for a supplier, private to it. */
export const supplierDetails = catalogue
  .table(
    'supplier_details',
    {
      customerId: uuid('customer_id').notNull(),
      supplierId: uuid('supplier_id')
        .notNull()
        .references(() => suppliers.id),
      contactName: text('contact_name'),
      contactEmail: text('contact_email'),
      phone: text('phone'),
      preferredOrderMethod: text('preferred_order_method'),
      availabilityCheckMethod: text('availability_check_method'),
      /** Set by the accounting connector when the company matched the supplier with a Zahara one. */
      zaharaSupplierId: text('zahara_supplier_id'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      primaryKey({ columns: [t.customerId, t.supplierId] }),
      index('supplier_details_supplier_idx').on(t.supplierId),
      tenantPolicy('supplier_details_tenant_isolation'),
    ],
  )
  .enableRLS();

/** A company's notes and events about a supplier, private to it; notes are rows of type 'note'. */
export const supplierTimeline = catalogue
  .table(
    'supplier_timeline',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id').notNull(),
      supplierId: uuid('supplier_id')
        .notNull()
        .references(() => suppliers.id),
      type: text('type', { enum: TIMELINE_EVENT_TYPES }).notNull(),
      title: text('title').notNull(),
      body: text('body'),
      authorId: uuid('author_id'),
      authorName: text('author_name').notNull(),
      // The clock, not the transaction's start: a supplier's 'created' and 'details_updated'
      // events of one transaction keep their order.
      createdAt: timestamp('created_at', { withTimezone: true })
        .notNull()
        .default(sql`clock_timestamp()`),
    },
    (t) => [
      index('supplier_timeline_company_supplier_idx').on(t.customerId, t.supplierId, t.createdAt),
      // has_customer_note and the latest note on the supplier cards.
      index('supplier_timeline_notes_idx')
        .on(t.customerId, t.supplierId, t.createdAt)
        .where(sql`${t.type} = 'note'`),
      index('supplier_timeline_supplier_idx').on(t.supplierId),
      tenantPolicy('supplier_timeline_tenant_isolation'),
    ],
  )
  .enableRLS();

/**
 * Read model of the hires service's hire events: what each company paid per day, from
 * which the latest price per item is chosen (DISTINCT ON in the pricing query).
 */
export const hirePrices = catalogue
  .table(
    'hire_prices',
    {
      hireId: uuid('hire_id').primaryKey(),
      customerId: uuid('customer_id').notNull(),
      equipmentId: uuid('equipment_id').notNull(),
      supplierId: uuid('supplier_id').notNull(),
      pricePerDay: numeric('price_per_day', { precision: 12, scale: 2, mode: 'number' }).notNull(),
      hireStartDate: date('hire_start_date', { mode: 'string' }).notNull(),
      /** When the hire was created (the hires service's clock). */
      createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
      /** The hire's updated_at of the event applied last: an older event never overwrites a newer one. */
      sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
      /** Set by HireDeleted; a deleted hire no longer gives a price. */
      deletedAt: timestamp('deleted_at', { withTimezone: true }),
    },
    (t) => [
      index('hire_prices_latest_idx')
        .on(t.customerId, t.equipmentId, t.hireStartDate.desc(), t.createdAt.desc())
        .where(sql`${t.deletedAt} is null`),
      tenantPolicy('hire_prices_tenant_isolation'),
    ],
  )
  .enableRLS();

/**
 * One counter per shared list ('equipment', 'suppliers'), moved by a statement trigger on
 * every write to its table (migration 0002), whoever writes (the service, a seed script).
 * The service keeps list pages in memory with the counter they were read at, and uses one
 * only while the counter has not moved (see ListCache).
 */
export const listVersions = catalogue.table('list_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const outbox = outboxTable(catalogue);
export const processedEvents = processedEventsTable(catalogue);
export const idempotentRequests = idempotentRequestsTable(catalogue);

export const schema = {
  equipment,
  equipmentFavorites,
  suppliers,
  supplierFavorites,
  supplierDetails,
  supplierTimeline,
  hirePrices,
  listVersions,
  outbox,
  processedEvents,
  idempotentRequests,
};
export type CatalogueSchema = typeof schema;

export type EquipmentRow = typeof equipment.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierDetailsRow = typeof supplierDetails.$inferSelect;
export type TimelineRow = typeof supplierTimeline.$inferSelect;
