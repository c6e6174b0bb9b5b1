import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment, PricingEntry, Supplier } from '@planted/contracts';
import { DROPDOWN_LIMIT } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys, supplierKeys } from '../../../lib/query-keys';

export type { Equipment, PricingEntry, Supplier };

/** GET /equipment with the dropdown limit (spec §7, §9) for the hire form. */
export async function getEquipmentOptions(): Promise<Equipment[]> {
  const { equipment } = await apiRequest<{ equipment: Equipment[] }>('/equipment', {
    query: { page: 1, limit: DROPDOWN_LIMIT },
  });
  return equipment ?? [];
}

/** GET /suppliers with the dropdown limit. */
export async function getSupplierOptions(): Promise<Supplier[]> {
  const { suppliers } = await apiRequest<{ suppliers: Supplier[] }>('/suppliers', {
    query: { page: 1, limit: DROPDOWN_LIMIT },
  });
  return suppliers ?? [];
}

/**
 * GET /equipment/pricing: the latest price per item, for the form's price comparison; when a
 * hire is edited, without that hire (it is compared with the price before it, not itself).
 */
export function getLatestPrices(excludeHireId?: string): Promise<Record<string, PricingEntry>> {
  return apiRequest('/equipment/pricing', excludeHireId ? { query: { exclude_hire_id: excludeHireId } } : {});
}

export const equipmentOptionsQuery = queryOptions({
  queryKey: equipmentKeys.list({ dropdown: true }),
  queryFn: getEquipmentOptions,
});
export const supplierOptionsQuery = queryOptions({
  queryKey: supplierKeys.list({ dropdown: true }),
  queryFn: getSupplierOptions,
});
export const latestPricesQuery = (excludeHireId?: string) =>
  queryOptions({
    queryKey: excludeHireId ? [...equipmentKeys.pricing(), { excludeHireId }] : equipmentKeys.pricing(),
    queryFn: () => getLatestPrices(excludeHireId),
  });

export const useEquipmentOptions = () => useQuery(equipmentOptionsQuery);
export const useSupplierOptions = () => useQuery(supplierOptionsQuery);
export const useLatestPrices = (excludeHireId?: string) => useQuery(latestPricesQuery(excludeHireId));
