import { Injectable } from '@nestjs/common';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { excludedValues, executeAtCommit, newerVersion, placeholders, preparedQuery } from '@planted/db';
import type { EventPayloadOf, HireEvent, SiteCreated, SupplierCreated } from '@planted/contracts';
import type { AccountingTx } from '../db/database';
import { equipment, hires, purchaseOrderHires, purchaseOrders, sites, suppliers } from '../db/schema';

type SiteEvent = EventPayloadOf<typeof SiteCreated>['site'];
type SupplierEvent = EventPayloadOf<typeof SupplierCreated>['supplier'];

const money = (n: number) => n.toFixed(2);

/** The values of an upsert, by column key (placeholders of the same name). */
type ValuesOf<T> = { [K in keyof T]: unknown };

const hireColumns = {
  customerId: hires.customerId,
  equipmentId: hires.equipmentId,
  supplierId: hires.supplierId,
  siteId: hires.siteId,
  price: hires.price,
  pricingTerm: hires.pricingTerm,
  deliveryCharge: hires.deliveryCharge,
  operatorCost: hires.operatorCost,
  hireStartDate: hires.hireStartDate,
  hireEndDate: hires.hireEndDate,
  hireDurationDays: hires.hireDurationDays,
  netCost: hires.netCost,
  hireStatus: hires.hireStatus,
  deletedAt: hires.deletedAt,
  sourceAt: hires.sourceAt,
};
const siteColumns = {
  customerId: sites.customerId,
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
  siteUpdatedAt: sites.siteUpdatedAt,
  deletedAt: sites.deletedAt,
  sourceAt: sites.sourceAt,
};
const equipmentColumns = { name: equipment.name, sourceAt: equipment.sourceAt };
const supplierColumns = {
  name: suppliers.name,
  contactEmail: suppliers.contactEmail,
  contactPhone: suppliers.contactPhone,
  address: suppliers.address,
  isActive: suppliers.isActive,
  createdBy: suppliers.createdBy,
  deletedAt: suppliers.deletedAt,
  sourceAt: suppliers.sourceAt,
};

// The consumers' statements, built once per connection and prepared (see preparedQuery): an
// upsert replaces a row only with an event at least as new (newerVersion), a delete likewise.
type ReadModelTable = PgTable & { id: AnyPgColumn; sourceAt: AnyPgColumn; deletedAt?: AnyPgColumn };
const id = sql.placeholder('id');
const at = sql.placeholder('at');

function upsertStatement(table: ReadModelTable, columns: Record<string, AnyPgColumn>, name: string) {
  return preparedQuery((tx: AccountingTx) =>
    tx
      .insert(table)
      .values({ id, ...placeholders(columns) } as never)
      .onConflictDoUpdate({
        target: table.id,
        set: excludedValues(columns),
        setWhere: newerVersion(table.sourceAt),
      })
      .prepare(name),
  );
}

function deleteStatement(table: ReadModelTable, name: string) {
  return preparedQuery((tx: AccountingTx) =>
    tx
      .update(table)
      .set({ deletedAt: sql`${at}`, sourceAt: sql`${at}` } as never)
      .where(and(eq(table.id, id), lte(table.sourceAt, at)))
      .prepare(name),
  );
}

const upsertHireStatement = upsertStatement(hires, hireColumns, 'accounting_hire_upsert');
const deleteHireStatement = deleteStatement(hires, 'accounting_hire_delete');
const upsertSiteStatement = upsertStatement(sites, siteColumns, 'accounting_site_upsert');
const deleteSiteStatement = deleteStatement(sites, 'accounting_site_delete');
const upsertEquipmentStatement = upsertStatement(equipment, equipmentColumns, 'accounting_equipment_upsert');
const upsertSupplierStatement = upsertStatement(suppliers, supplierColumns, 'accounting_supplier_upsert');
const deleteSupplierStatement = deleteStatement(suppliers, 'accounting_supplier_delete');

/** What a hire's purchase order lines are made of (order-lines.ts): the upsert's columns but the status and totals. */
const LINE_FIELDS = [
  'equipmentId',
  'supplierId',
  'siteId',
  'price',
  'pricingTerm',
  'deliveryCharge',
  'operatorCost',
  'hireStartDate',
  'hireEndDate',
  'hireDurationDays',
] as const satisfies readonly (keyof typeof hireColumns)[];
const lineColumns = Object.fromEntries(LINE_FIELDS.map((field) => [field, hireColumns[field]]));

/**
 * A hire.updated that changes what the hire's purchase order says (not its status, say), or
 * any save of a hire whose order's last update failed (the user may have reopened a
 * completed order in Zahara): the order is due an update in Zahara (PurchaseOrderUpdater). Run before the hire's upsert,
 * so it compares the read model's copy with the event; an event older than the copy changes
 * nothing.
 */
const orderLinesChangedStatement = preparedQuery((tx: AccountingTx) => {
  const stored = Object.values(lineColumns);
  const sent = Object.entries(lineColumns).map(
    ([key, column]) => sql`cast(${sql.placeholder(key)} as ${sql.raw(column.getSQLType())})`,
  );
  return tx
    .update(purchaseOrders)
    .set({
      changeSeq: sql`${purchaseOrders.changeSeq} + 1`,
      updateDueAt: sql`now()`,
      updateFailures: 0,
    })
    .where(
      sql`${purchaseOrders.id} = (select ${purchaseOrderHires.purchaseOrderId} from ${purchaseOrderHires}
                                   where ${purchaseOrderHires.hireId} = ${id})
          and exists (select from ${hires}
                       where ${hires.id} = ${id} and ${hires.sourceAt} <= ${sql.placeholder('sourceAt')}
                         and ((${sql.join(stored, sql`, `)}) is distinct from (${sql.join(sent, sql`, `)})
                              or ${purchaseOrders.updateError} is not null))`,
    )
    .prepare('accounting_purchase_order_lines_changed');
});

/**
 * The connector's copies of what other services own, written by its event consumers, each
 * write with the consumer's COMMIT (executeAtCommit: a batch of events costs one round trip
 * for all its writes; nothing reads them back before, and each write's version check makes
 * their order with the transaction's other statements irrelevant):
 * hires and sites (hires), equipment names and suppliers (catalogue). Purchase orders and
 * exports read them without asking anyone, which also serves hire.created when no user
 * (and so no session token to ask with) is behind it.
 */
@Injectable()
export class ReadModelsRepository {
  async upsertHire(tx: AccountingTx, hire: HireEvent, at: string): Promise<void> {
    const values: ValuesOf<typeof hireColumns> = {
      customerId: hire.customer_id,
      equipmentId: hire.equipment_id,
      supplierId: hire.supplier_id,
      siteId: hire.site_id,
      price: money(hire.price),
      pricingTerm: hire.pricing_term,
      deliveryCharge: money(hire.delivery_charge),
      operatorCost: money(hire.operator_cost),
      hireStartDate: hire.hire_start_date,
      hireEndDate: hire.hire_end_date,
      hireDurationDays: hire.hire_duration_days,
      netCost: money(hire.net_cost),
      hireStatus: hire.hire_status,
      deletedAt: null,
      sourceAt: at,
    };
    await executeAtCommit(tx, orderLinesChangedStatement(tx), { id: hire.id, ...values });
    await executeAtCommit(tx, upsertHireStatement(tx), { id: hire.id, ...values });
  }

  async deleteHire(tx: AccountingTx, id: string, at: string): Promise<void> {
    await executeAtCommit(tx, deleteHireStatement(tx), { id, at });
  }

  async upsertSite(tx: AccountingTx, site: SiteEvent, at: string): Promise<void> {
    const values: ValuesOf<typeof siteColumns> = {
      customerId: site.customer_id,
      name: site.name,
      addressLine1: site.address_line_1,
      addressLine2: site.address_line_2,
      city: site.city,
      county: site.county,
      postcode: site.postcode,
      country: site.country,
      jobNumber: site.job_number,
      status: site.status,
      zaharaProjectId: site.zahara_project_id,
      siteUpdatedAt: site.updated_at,
      deletedAt: null,
      sourceAt: at,
    };
    await executeAtCommit(tx, upsertSiteStatement(tx), { id: site.id, ...values });
  }

  async deleteSite(tx: AccountingTx, id: string, at: string): Promise<void> {
    await executeAtCommit(tx, deleteSiteStatement(tx), { id, at });
  }

  async upsertEquipment(tx: AccountingTx, item: { id: string; name: string }, at: string): Promise<void> {
    await executeAtCommit(tx, upsertEquipmentStatement(tx), { id: item.id, name: item.name, sourceAt: at });
  }

  async upsertSupplier(tx: AccountingTx, supplier: SupplierEvent, at: string): Promise<void> {
    const values: ValuesOf<typeof supplierColumns> = {
      name: supplier.name,
      contactEmail: supplier.contact_email,
      contactPhone: supplier.contact_phone,
      address: supplier.address,
      isActive: supplier.is_active,
      createdBy: supplier.created_by,
      deletedAt: null,
      sourceAt: at,
    };
    await executeAtCommit(tx, upsertSupplierStatement(tx), { id: supplier.id, ...values });
  }

  async deleteSupplier(tx: AccountingTx, id: string, at: string): Promise<void> {
    await executeAtCommit(tx, deleteSupplierStatement(tx), { id, at });
  }
}
