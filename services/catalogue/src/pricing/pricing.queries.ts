import { sql, type SQL } from 'drizzle-orm';

/**
 * The latest price the company paid per item: of its (not deleted) hires of each item, the
 * one starting last, and of those the one created last (DISTINCT ON keeps the first row
 * of each item in that order), with the supplier's name; without one hire when asked (the
 * hire being edited).
 */
export function latestPricesQuery(customerId: string, excludeHireId?: string): SQL {
  const excluded = excludeHireId ? sql` and hp.hire_id <> ${excludeHireId}` : sql``;
  return sql`
    select distinct on (hp.equipment_id)
      hp.equipment_id as "equipmentId", hp.price_per_day::float8 as "pricePerDay",
      hp.supplier_id as "supplierId", s.name as "supplierName", hp.hire_start_date::text as "hireStartDate"
    from catalogue.hire_prices hp
    join catalogue.suppliers s on s.id = hp.supplier_id
    where hp.customer_id = ${customerId} and hp.deleted_at is null${excluded}
    order by hp.equipment_id, hp.hire_start_date desc, hp.created_at desc, hp.hire_id`;
}
