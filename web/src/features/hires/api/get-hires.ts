import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Hire } from '@planted/contracts';
import { DEFAULT_HIRE_LIST_STATUSES, HIRE_STATUSES, PAGE_SIZE } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { hireKeys } from '../../../lib/query-keys';

export type { Hire };

export interface HireListParams {
  page: number;
  search: string;
  /** Show Completed: every status; otherwise active and collection booked (spec §7). */
  showCompleted: boolean;
}

export interface HirePage {
  hires: Hire[];
  pagination: { currentPage: number; totalPages: number; total: number; limit: number };
}

export function statusFilter(showCompleted: boolean): string {
  return (showCompleted ? HIRE_STATUSES : DEFAULT_HIRE_LIST_STATUSES).join(',');
}

/** GET /hires?page&limit&search&status (spec §7). */
export function getHires(params: HireListParams): Promise<HirePage> {
  return apiRequest('/hires', {
    query: {
      page: params.page,
      limit: PAGE_SIZE,
      search: params.search,
      status: statusFilter(params.showCompleted),
    },
  });
}

export const hireListQuery = (params: HireListParams) =>
  queryOptions({
    queryKey: hireKeys.list({ ...params }),
    queryFn: () => getHires(params),
    placeholderData: keepPreviousData,
  });

export function useHireList(params: HireListParams) {
  return useQuery(hireListQuery(params));
}
