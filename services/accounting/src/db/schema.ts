import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { deletedAtColumn, sourceAtColumn, tenantPolicy } from '@planted/db';
import { HIRE_STATUSES, PRICING_TERMS, SITE_COUNTRY_CODES, SITE_STATUSES } from '@planted/domain';
import { idempotentRequestsTable, outboxTable, processedEventsTable } from '@planted/messaging';
import type { SyncStats } from '@planted/contracts';

// Not exported: the migrator creates the schema (it keeps its journal there), so drizzle-kit must not.
const accounting = pgSchema('accounting');

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'string' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date().toISOString());
/** A Zahara record id (integers; a few are past 2^31 in real business units). */
const zaharaId = (name: string) => bigint(name, { mode: 'number' });
const money = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull();

/** One company's integration settings (spec §3): the API key encrypted (AES-256-GCM), never stored in clear. */
export const settings = accounting
  .table(
    'settings',
    {
      customerId: uuid('customer_id').primaryKey(),
      apiKeyEncrypted: text('api_key_encrypted'),
      /** What the masked key shows. */
      apiKeyLastFour: text('api_key_last_four'),
      nominalCode: text('nominal_code'),
      nominalCodeId: zaharaId('nominal_code_id'),
      nominalDescription: text('nominal_description'),
      taxCode: text('tax_code'),
      taxCodeId: zaharaId('tax_code_id'),
      taxDescription: text('tax_description'),
      taxPercentage: doublePrecision('tax_percentage'),
      costCode: text('cost_code'),
      costCodeId: zaharaId('cost_code_id'),
      costDescription: text('cost_description'),
      divisionCode: text('division_code'),
      divisionCodeId: zaharaId('division_code_id'),
      divisionDescription: text('division_description'),
      isActive: boolean('is_active').notNull().default(false),
      autoCreatePurchaseOrders: boolean('auto_create_purchase_orders').notNull().default(false),
      updatedBy: uuid('updated_by'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    () => [tenantPolicy('settings_tenant_isolation')],
  )
  .enableRLS();

/** Spec §3 Supplier match: one per company and directory supplier. */
export const supplierMatches = accounting
  .table(
    'supplier_matches',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id').notNull(),
      supplierId: uuid('supplier_id').notNull(),
      zaharaSupplierId: zaharaId('zahara_supplier_id').notNull(),
      zaharaNominalId: zaharaId('zahara_nominal_id'),
      zaharaDefaultTaxCodeId: zaharaId('zahara_default_tax_code_id'),
      zaharaCostCodeId: zaharaId('zahara_cost_code_id'),
      zaharaDivisionId: zaharaId('zahara_division_id'),
      /** Set when the match came from exporting the supplier to Zahara. */
      exportedAt: timestamp('exported_at', { withTimezone: true, mode: 'string' }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('supplier_matches_customer_supplier_idx').on(t.customerId, t.supplierId),
      tenantPolicy('supplier_matches_tenant_isolation'),
    ],
  )
  .enableRLS();

export const PURCHASE_ORDER_STATUSES = ['pending', 'created', 'failed'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/**
 * A purchase order the connector makes (or made) in Zahara: `external_id` is what it sends
 * as Zahara's ExternalId (the hire id, or a bulk order's own id) and looks up before any
 * retry. `pending` orders are the worker's to create; `lease_until` says one worker has it.
 */
export const purchaseOrders = accounting
  .table(
    'purchase_orders',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id').notNull(),
      externalId: text('external_id').notNull(),
      supplierId: uuid('supplier_id').notNull(),
      status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('pending'),
      /** 'auto' (hire.created with auto-create on) or 'user' (POST /zahara/purchase-order/...). */
      origin: text('origin', { enum: ['auto', 'user'] }).notNull(),
      zaharaDocumentId: text('zahara_document_id'),
      zaharaPoNumber: text('zahara_po_number'),
      lineItemCount: integer('line_item_count'),
      /** Add calls sent (each may have made the order: the next attempt looks it up first). */
      attempts: integer('attempts').notNull().default(0),
      /** Failed runs so far: the next waits longer (backoff), so a company's standing problem is not hammered. */
      failures: integer('failures').notNull().default(0),
      lastError: text('last_error'),
      nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }),
      leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'string' }),
      /**
       * Edits to its hires' lines (a hire.updated that changed what the order says), counted:
       * an update run that started at one count is current only while it is still that count.
       */
      changeSeq: integer('change_seq').notNull().default(0),
      /** When the created order's lines in Zahara are next to be brought up to date; null: they are. */
      updateDueAt: timestamp('update_due_at', { withTimezone: true, mode: 'string' }),
      /** Failed update runs in a row: the next waits longer. */
      updateFailures: integer('update_failures').notNull().default(0),
      /** Why the last update of the order in Zahara failed (null once one succeeds). */
      updateError: text('update_error'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('purchase_orders_customer_external_idx').on(t.customerId, t.externalId),
      index('purchase_orders_due_idx')
        .on(t.nextAttemptAt)
        .where(sql`${t.status} = 'pending'`),
      index('purchase_orders_update_due_idx')
        .on(t.updateDueAt)
        .where(sql`${t.status} = 'created' and ${t.updateDueAt} is not null`),
      tenantPolicy('purchase_orders_tenant_isolation'),
    ],
  )
  .enableRLS();

/** Which order a hire is on: the primary key is what keeps a hire from being on two. */
export const purchaseOrderHires = accounting
  .table(
    'purchase_order_hires',
    {
      hireId: uuid('hire_id').primaryKey(),
      customerId: uuid('customer_id').notNull(),
      purchaseOrderId: uuid('purchase_order_id')
        .notNull()
        .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    },
    (t) => [
      index('purchase_order_hires_order_idx').on(t.purchaseOrderId),
      tenantPolicy('purchase_order_hires_tenant_isolation'),
    ],
  )
  .enableRLS();

/** Read model of hires' hires (hires.hire.* events): what a purchase order's lines need. */
export const hires = accounting
  .table(
    'hires',
    {
      id: uuid('id').primaryKey(),
      customerId: uuid('customer_id').notNull(),
      equipmentId: uuid('equipment_id').notNull(),
      supplierId: uuid('supplier_id').notNull(),
      siteId: uuid('site_id').notNull(),
      price: money('price'),
      pricingTerm: text('pricing_term', { enum: PRICING_TERMS }).notNull(),
      deliveryCharge: money('delivery_charge'),
      operatorCost: money('operator_cost'),
      hireStartDate: date('hire_start_date', { mode: 'string' }).notNull(),
      hireEndDate: date('hire_end_date', { mode: 'string' }).notNull(),
      hireDurationDays: integer('hire_duration_days').notNull(),
      netCost: money('net_cost'),
      hireStatus: text('hire_status', { enum: HIRE_STATUSES }).notNull(),
      deletedAt: deletedAtColumn(),
      sourceAt: sourceAtColumn(),
    },
    (t) => [index('hires_customer_idx').on(t.customerId), tenantPolicy('hires_tenant_isolation')],
  )
  .enableRLS();

/** Read model of hires' sites (hires.site.* events): a line's project, and the sites project sync pushes. */
export const sites = accounting
  .table(
    'sites',
    {
      id: uuid('id').primaryKey(),
      customerId: uuid('customer_id').notNull(),
      name: text('name').notNull(),
      addressLine1: text('address_line_1').notNull(),
      addressLine2: text('address_line_2'),
      city: text('city').notNull(),
      county: text('county'),
      postcode: text('postcode').notNull(),
      country: text('country', { enum: SITE_COUNTRY_CODES }).notNull(),
      jobNumber: text('job_number'),
      status: text('status', { enum: SITE_STATUSES }).notNull(),
      zaharaProjectId: text('zahara_project_id'),
      siteUpdatedAt: timestamp('site_updated_at', { withTimezone: true, mode: 'string' }).notNull(),
      deletedAt: deletedAtColumn(),
      sourceAt: sourceAtColumn(),
    },
    (t) => [index('sites_customer_idx').on(t.customerId), tenantPolicy('sites_tenant_isolation')],
  )
  .enableRLS();

/** Read model of the catalogue's equipment: a line's description. */
export const equipment = accounting.table('equipment', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  sourceAt: sourceAtColumn(),
});

/**
 * Read model of the catalogue's suppliers: what an export sends, and a match's name.
 * `created_by` is the company that added the supplier (the catalogue's event): an inactive
 * supplier is its company's alone (spec §2 Suppliers), as it is in the catalogue. A row
 * written before the column existed has none until the supplier's next event, and its
 * inactive supplier is no company's meanwhile.
 */
export const suppliers = accounting.table('suppliers', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  address: text('address'),
  isActive: boolean('is_active').notNull(),
  createdBy: uuid('created_by'),
  deletedAt: deletedAtColumn(),
  sourceAt: sourceAtColumn(),
});

/** Spec §3 Project sync status, per company; `cursor` is the last Zahara LastUpdated seen. */
export const projectSyncs = accounting
  .table(
    'project_syncs',
    {
      customerId: uuid('customer_id').primaryKey(),
      status: text('status', { enum: ['running', 'completed', 'failed'] }).notNull(),
      zaharaCursor: text('zahara_cursor'),
      sitesCursor: timestamp('sites_cursor', { withTimezone: true, mode: 'string' }),
      lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'string' }),
      lastStats: jsonb('last_stats').$type<SyncStats>(),
      lastError: text('last_error'),
      startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }),
      updatedAt: updatedAt(),
    },
    () => [tenantPolicy('project_syncs_tenant_isolation')],
  )
  .enableRLS();

export const outbox = outboxTable(accounting);
export const processedEvents = processedEventsTable(accounting);
export const idempotentRequests = idempotentRequestsTable(accounting);

export const schema = {
  settings,
  supplierMatches,
  purchaseOrders,
  purchaseOrderHires,
  hires,
  sites,
  equipment,
  suppliers,
  projectSyncs,
  outbox,
  processedEvents,
  idempotentRequests,
};
export type AccountingSchema = typeof schema;

export type SettingsRow = typeof settings.$inferSelect;
export type SupplierMatchRow = typeof supplierMatches.$inferSelect;
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type HireRow = typeof hires.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;
