import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { hireKeys } from '../../../lib/query-keys';
import type { Hire } from './get-hires';

/** GET /hires/{id}: the hire a ?edit= link names (it may be on another page of the list). */
export async function getHire(id: string): Promise<Hire> {
  const { hire } = await apiRequest<{ hire: Hire }>(`/hires/${encodeURIComponent(id)}`);
  return hire;
}

export const hireQuery = (id: string) =>
  queryOptions({ queryKey: hireKeys.detail(id), queryFn: () => getHire(id) });

export function useHire(id: string | null) {
  return useQuery({ ...hireQuery(id ?? ''), enabled: Boolean(id) });
}
