import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { deletedAtColumn, foldedSql, sourceAtColumn, tenantPolicy } from '@planted/db';
import { HIRE_STATUSES, PLAN_IDS, PRICING_TERMS, SITE_COUNTRY_CODES, SITE_STATUSES } from '@planted/domain';
import { idempotentRequestsTable, outboxTable, processedEventsTable } from '@planted/messaging';

// Not exported: the migrator creates the schema (it keeps its journal there), so drizzle-kit must not.
const hires = pgSchema('hires');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Amounts the user types (price step 0.01, at most £10,000,000). */
const amount = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();
/** Amounts the server derives (price times periods can pass the typed maximum). */
const derived = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull();

export const sites = hires
  .table(
    'sites',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id').notNull(),
      name: text('name').notNull(),
      addressLine1: text('address_line_1').notNull(),
      addressLine2: text('address_line_2'),
      city: text('city').notNull(),
      county: text('county'),
      postcode: text('postcode').notNull(),
      country: text('country', { enum: SITE_COUNTRY_CODES }).notNull().default('GB'),
      jobNumber: text('job_number'),
      status: text('status', { enum: SITE_STATUSES }).notNull().default('active'),
      /** The accounting integration's project this site is synced with. */
      zaharaProjectId: text('zahara_project_id'),
      latitude: doublePrecision('latitude'),
      longitude: doublePrecision('longitude'),
      /** 'google', 'offline', or null when the address could not be placed. */
      geocodeSource: text('geocode_source'),
      createdBy: uuid('created_by').notNull(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      // The company's sites newest first, and the active-site count of the dashboard.
      index('sites_customer_created_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
      index('sites_customer_status_idx').on(t.customerId, t.status),
      // Hire search by site name or job number (and the sites screen's own search).
      index('sites_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
      index('sites_job_number_trgm_idx').using('gin', t.jobNumber.op('gin_trgm_ops')),
      tenantPolicy('sites_tenant_isolation'),
    ],
  )
  .enableRLS();

export const hireRows = hires
  .table(
    'hires',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id').notNull(),
      equipmentId: uuid('equipment_id').notNull(),
      supplierId: uuid('supplier_id').notNull(),
      // A site with hires cannot be deleted (the service answers 409 first; this is the backstop).
      siteId: uuid('site_id')
        .notNull()
        .references(() => sites.id, { onDelete: 'restrict' }),
      price: amount('price'),
      pricingTerm: text('pricing_term', { enum: PRICING_TERMS }).notNull(),
      pricePerDay: derived('price_per_day'),
      deliveryCharge: amount('delivery_charge').default('0'),
      operatorCost: amount('operator_cost').default('0'),
      hireStartDate: date('hire_start_date', { mode: 'string' }).notNull(),
      hireEndDate: date('hire_end_date', { mode: 'string' }).notNull(),
      hireDurationDays: integer('hire_duration_days').notNull(),
      netCost: derived('net_cost'),
      vatAmount: derived('vat_amount'),
      totalCost: derived('total_cost'),
      hireStatus: text('hire_status', { enum: HIRE_STATUSES }).notNull().default('active'),
      additionalDetails: text('additional_details'),
      /** Written back by the accounting connector when it creates the purchase order. */
      zaharaDocumentId: text('zahara_document_id'),
      zaharaPoNumber: text('zahara_po_number'),
      /** The connector's last failure to create the purchase order; cleared when one is created. */
      purchaseOrderError: text('purchase_order_error'),
      purchaseOrderFailedAt: timestamp('purchase_order_failed_at', { withTimezone: true, mode: 'string' }),
      /** Why the connector's last update of the order in Zahara (after an edit) failed; null once one succeeds. */
      purchaseOrderUpdateError: text('purchase_order_update_error'),
      /** When that update ended (its event's time): a later one wins. */
      purchaseOrderUpdatedAt: timestamp('purchase_order_updated_at', { withTimezone: true, mode: 'string' }),
      createdBy: uuid('created_by').notNull(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      // The list: one company, a status filter, newest first.
      index('hires_customer_status_created_idx').on(
        t.customerId,
        t.hireStatus,
        t.createdAt.desc(),
        t.id.desc(),
      ),
      index('hires_customer_created_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
      // Ending soon and overdue: one company's hires by end date.
      index('hires_customer_end_idx').on(t.customerId, t.hireEndDate),
      // Search narrows hires through the matching equipment, suppliers and sites.
      index('hires_customer_equipment_idx').on(t.customerId, t.equipmentId),
      index('hires_customer_supplier_idx').on(t.customerId, t.supplierId),
      index('hires_site_idx').on(t.siteId),
      tenantPolicy('hires_tenant_isolation'),
    ],
  )
  .enableRLS();

/** Read model of the community catalogue's equipment (catalogue.equipment.* events). */
export const equipment = hires.table(
  'equipment',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * The name lower-cased and its accents folded (foldedSql), trigram-indexed: what the hires
     * search matches, with LIKE on the term folded the same way (as the catalogue's
     * search_text: several times cheaper per row than ILIKE, which lower-cases every row it checks).
     */
    searchName: text('search_name').generatedAlwaysAs(sql.raw(foldedSql('name'))),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    imageCardUrl: text('image_card_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when the catalogue deleted the item: old hires keep its name, new ones cannot use it. */
    deletedAt: deletedAtColumn(),
    sourceAt: sourceAtColumn(),
  },
  (t) => [index('equipment_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops'))],
);

/** Read model of the community catalogue's suppliers (catalogue.supplier.* events). */
export const suppliers = hires.table(
  'suppliers',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** The name folded, trigram-indexed: what the hires search matches (as equipment's). */
    searchName: text('search_name').generatedAlwaysAs(sql.raw(foldedSql('name'))),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: deletedAtColumn(),
    sourceAt: sourceAtColumn(),
  },
  (t) => [index('suppliers_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops'))],
);

/** Read model of identity's users: the creator's name and picture on each hire. */
export const users = hires
  .table(
    'users',
    {
      id: uuid('id').primaryKey(),
      customerId: uuid('customer_id').notNull(),
      name: text('name').notNull(),
      profilePictureUrl: text('profile_picture_url'),
      sourceAt: sourceAtColumn(),
    },
    () => [tenantPolicy('users_tenant_isolation')],
  )
  .enableRLS();

/**
 * Read model of each company's plan (billing.subscription.changed, and identity's customer
 * events). A company without a row is on the free plan: billing may not exist yet.
 */
export const companyPlans = hires
  .table(
    'company_plans',
    {
      customerId: uuid('customer_id').primaryKey(),
      plan: text('plan', { enum: PLAN_IDS }).notNull(),
      sourceAt: sourceAtColumn(),
    },
    () => [tenantPolicy('company_plans_tenant_isolation')],
  )
  .enableRLS();

/**
 * Read model of each company's accounting integration (accounting.settings.changed): while
 * active, the answer to creating a hire offers a purchase order. No row: not active.
 */
export const accountingSettings = hires
  .table(
    'accounting_settings',
    {
      customerId: uuid('customer_id').primaryKey(),
      isActive: boolean('is_active').notNull(),
      autoCreatePurchaseOrders: boolean('auto_create_purchase_orders').notNull(),
      sourceAt: sourceAtColumn(),
    },
    () => [tenantPolicy('accounting_settings_tenant_isolation')],
  )
  .enableRLS();

export const outbox = outboxTable(hires);
export const processedEvents = processedEventsTable(hires);
export const idempotentRequests = idempotentRequestsTable(hires);

export const schema = {
  sites,
  hires: hireRows,
  equipment,
  suppliers,
  users,
  companyPlans,
  accountingSettings,
  outbox,
  processedEvents,
  idempotentRequests,
};
export type HiresSchema = typeof schema;

export type SiteRow = typeof sites.$inferSelect;
export type HireRow = typeof hireRows.$inferSelect;
