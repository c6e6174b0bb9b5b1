import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination, Supplier } from '@planted/contracts';
import { PAGE_SIZE } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { supplierKeys } from '../../../lib/query-keys';

export type { Supplier };

export interface SupplierListParams {
  page: number;
  search: string;
  favorites: boolean;
}

export interface SupplierPage {
  suppliers: Supplier[];
  pagination: Pagination;
}

export function getSuppliers(params: SupplierListParams): Promise<SupplierPage> {
  return apiRequest(params.favorites ? '/suppliers/favorites/list' : '/suppliers', {
    query: { page: params.page, limit: PAGE_SIZE, search: params.search },
  });
}

export const supplierListQuery = (params: SupplierListParams) =>
  queryOptions({
    queryKey: supplierKeys.list({ ...params }),
    queryFn: () => getSuppliers(params),
    placeholderData: keepPreviousData,
  });

export function useSupplierList(params: SupplierListParams) {
  return useQuery(supplierListQuery(params));
}
