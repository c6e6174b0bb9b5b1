import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingEntry } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';

export type { PricingEntry };
export type PricingMap = Record<string, PricingEntry>;

/** The latest price the company paid per item, by equipment id (spec §3 Pricing entry). */
export function getPricing(): Promise<PricingMap> {
  return apiRequest<PricingMap>('/equipment/pricing');
}

export const pricingQuery = queryOptions({ queryKey: equipmentKeys.pricing(), queryFn: getPricing });

export function usePricing() {
  return useQuery(pricingQuery);
}
