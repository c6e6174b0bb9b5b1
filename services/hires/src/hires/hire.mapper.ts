import type { Hire, HireEvent } from '@planted/contracts';
import { isoTimestamp } from '@planted/db';
import type { HireRow } from '../db/schema';
import type { ListedHireRow } from './hires.repository';

/** numeric(…, 2) text to pounds: '120.50' → 120.5 (the double closest to the two-decimal value). */
const pounds = (value: string): number => Number(value);

/** One line of the site's address for the map's marker panel. */
function siteAddress(row: ListedHireRow): string | null {
  if (row.siteAddressLine1 === null) return null;
  return [row.siteAddressLine1, row.siteAddressLine2, row.siteCity].filter(Boolean).join(', ');
}

function amounts(row: HireRow) {
  return {
    price: pounds(row.price),
    price_per_day: pounds(row.pricePerDay),
    delivery_charge: pounds(row.deliveryCharge),
    operator_cost: pounds(row.operatorCost),
    net_cost: pounds(row.netCost),
    vat_amount: pounds(row.vatAmount),
    total_cost: pounds(row.totalCost),
  };
}

export function toHire(row: ListedHireRow): Hire {
  const h = row.hire;
  return {
    id: h.id,
    equipment_id: h.equipmentId,
    supplier_id: h.supplierId,
    site_id: h.siteId,
    pricing_term: h.pricingTerm,
    hire_start_date: h.hireStartDate,
    hire_end_date: h.hireEndDate,
    hire_duration_days: h.hireDurationDays,
    ...amounts(h),
    hire_status: h.hireStatus,
    additional_details: h.additionalDetails,
    zahara_document_id: h.zaharaDocumentId,
    zahara_po_number: h.zaharaPoNumber,
    purchase_order_error: h.purchaseOrderError,
    purchase_order_failed_at: isoTimestamp(h.purchaseOrderFailedAt),
    purchase_order_update_error: h.purchaseOrderUpdateError,
    equipment_name: row.equipmentName,
    equipment_category: row.equipmentCategory,
    // The card-sized picture when the catalogue made one.
    equipment_image_url: row.equipmentImageCardUrl ?? row.equipmentImageUrl,
    supplier_name: row.supplierName,
    site_name: row.siteName,
    site_postcode: row.sitePostcode,
    site_address: siteAddress(row),
    job_number: row.jobNumber,
    created_by: h.createdBy,
    creator_name: row.creatorName,
    creator_profile_picture: row.creatorPicture,
    created_at: h.createdAt.toISOString(),
    updated_at: h.updatedAt.toISOString(),
  };
}

/** The hire as its events carry it (hireEventSchema). */
export function toHireEvent(h: HireRow): HireEvent {
  return {
    id: h.id,
    customer_id: h.customerId,
    equipment_id: h.equipmentId,
    supplier_id: h.supplierId,
    site_id: h.siteId,
    pricing_term: h.pricingTerm,
    hire_start_date: h.hireStartDate,
    hire_end_date: h.hireEndDate,
    hire_duration_days: h.hireDurationDays,
    ...amounts(h),
    hire_status: h.hireStatus,
    created_by: h.createdBy,
    created_at: h.createdAt.toISOString(),
    updated_at: h.updatedAt.toISOString(),
  };
}
