import { Injectable } from '@nestjs/common';
import { and, eq, lte } from 'drizzle-orm';
import { newerVersion } from '@planted/db';
import type { EventPayloadOf, HireEvent, SiteCreated, SupplierCreated } from '@planted/contracts';
import type { AccountingTx } from '../db/database';
import { equipment, hires, sites, suppliers } from '../db/schema';

type SiteEvent = EventPayloadOf<typeof SiteCreated>['site'];
type SupplierEvent = EventPayloadOf<typeof SupplierCreated>['supplier'];

const money = (n: number) => n.toFixed(2);

/**
 * The connector's copies of what other services own, written by its event consumers:
 * hires and sites (hires), equipment names and suppliers (catalogue). Purchase orders and
 * exports read them without asking anyone, which also serves hire.created when no user
 * (and so no session token to ask with) is behind it.
 */
@Injectable()
export class ReadModelsRepository {
  async upsertHire(tx: AccountingTx, hire: HireEvent, at: string): Promise<void> {
    const values = {
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
    await tx
      .insert(hires)
      .values({ id: hire.id, ...values })
      .onConflictDoUpdate({ target: hires.id, set: values, setWhere: newerVersion(hires.sourceAt) });
  }

  async deleteHire(tx: AccountingTx, id: string, at: string): Promise<void> {
    await tx
      .update(hires)
      .set({ deletedAt: at, sourceAt: at })
      .where(and(eq(hires.id, id), lte(hires.sourceAt, at)));
  }

  async upsertSite(tx: AccountingTx, site: SiteEvent, at: string): Promise<void> {
    const values = {
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
    await tx
      .insert(sites)
      .values({ id: site.id, ...values })
      .onConflictDoUpdate({ target: sites.id, set: values, setWhere: newerVersion(sites.sourceAt) });
  }

  async deleteSite(tx: AccountingTx, id: string, at: string): Promise<void> {
    await tx
      .update(sites)
      .set({ deletedAt: at, sourceAt: at })
      .where(and(eq(sites.id, id), lte(sites.sourceAt, at)));
  }

  async upsertEquipment(tx: AccountingTx, item: { id: string; name: string }, at: string): Promise<void> {
    await tx
      .insert(equipment)
      .values({ id: item.id, name: item.name, sourceAt: at })
      .onConflictDoUpdate({
        target: equipment.id,
        set: { name: item.name, sourceAt: at },
        setWhere: newerVersion(equipment.sourceAt),
      });
  }

  async upsertSupplier(tx: AccountingTx, supplier: SupplierEvent, at: string): Promise<void> {
    const values = {
      name: supplier.name,
      contactEmail: supplier.contact_email,
      contactPhone: supplier.contact_phone,
      address: supplier.address,
      isActive: supplier.is_active,
      deletedAt: null,
      sourceAt: at,
    };
    await tx
      .insert(suppliers)
      .values({ id: supplier.id, ...values })
      .onConflictDoUpdate({ target: suppliers.id, set: values, setWhere: newerVersion(suppliers.sourceAt) });
  }

  async deleteSupplier(tx: AccountingTx, id: string, at: string): Promise<void> {
    await tx
      .update(suppliers)
      .set({ deletedAt: at, sourceAt: at })
      .where(and(eq(suppliers.id, id), lte(suppliers.sourceAt, at)));
  }
}
