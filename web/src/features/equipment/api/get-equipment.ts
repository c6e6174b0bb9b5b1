import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment, Pagination } from '@planted/contracts';
import { PAGE_SIZE } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';

export type { Equipment };

export interface EquipmentListParams {
  page: number;
  search: string;
  category: string;
  /** My Favorites: the company's favourites with the same filters. */
  favorites: boolean;
}

export interface EquipmentPage {
  equipment: Equipment[];
  pagination: Pagination;
}

export function getEquipment(params: EquipmentListParams): Promise<EquipmentPage> {
  return apiRequest(params.favorites ? '/equipment/favorites/list' : '/equipment', {
    query: { page: params.page, limit: PAGE_SIZE, search: params.search, category: params.category },
  });
}

export const equipmentListQuery = (params: EquipmentListParams) =>
  queryOptions({
    queryKey: equipmentKeys.list({ ...params }),
    queryFn: () => getEquipment(params),
    // The grid keeps the last page while the next one loads, rather than flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useEquipmentList(params: EquipmentListParams) {
  return useQuery(equipmentListQuery(params));
}
