import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Hire } from '@planted/contracts';
import { DEFAULT_HIRE_LIST_STATUSES, DROPDOWN_LIMIT, HIRE_STATUSES } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { hireKeys } from '../../../lib/query-keys';

export type { Hire };

/** Spec §7: the hires map asks page 1, limit 1000; completed hires only when the box is ticked. */
export async function getMapHires(withCompleted: boolean): Promise<Hire[]> {
  const { hires } = await apiRequest<{ hires: Hire[] }>('/hires', {
    query: {
      page: 1,
      limit: DROPDOWN_LIMIT,
      status: (withCompleted ? HIRE_STATUSES : DEFAULT_HIRE_LIST_STATUSES).join(','),
    },
  });
  return hires ?? [];
}

export const mapHiresQuery = (withCompleted: boolean) =>
  queryOptions({ queryKey: hireKeys.map(withCompleted), queryFn: () => getMapHires(withCompleted) });

export function useMapHires(withCompleted: boolean) {
  return useQuery(mapHiresQuery(withCompleted));
}
