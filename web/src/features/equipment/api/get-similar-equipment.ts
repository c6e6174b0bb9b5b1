import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimilarEntry } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';

/** Names shorter than this match too much to be worth asking about. */
export const SIMILAR_MIN_LENGTH = 3;
/** A name longer than the 255 characters the form allows is refused there, not looked up (the server would answer 400). */
export const SIMILAR_MAX_LENGTH = 255;

export async function getSimilarEquipment(name: string): Promise<SimilarEntry[]> {
  const { similar } = await apiRequest<{ similar: SimilarEntry[] }>('/equipment/similar', {
    query: { name },
  });
  return similar ?? [];
}

export const similarEquipmentQuery = (name: string) =>
  queryOptions({
    queryKey: equipmentKeys.similar(name),
    queryFn: () => getSimilarEquipment(name),
    enabled: name.length >= SIMILAR_MIN_LENGTH && name.length <= SIMILAR_MAX_LENGTH,
    staleTime: 30_000,
  });

/** Near-duplicates of the (settled, trimmed) name of an item being added. */
export function useSimilarEquipment(name: string, enabled: boolean) {
  const query = similarEquipmentQuery(name);
  return useQuery({ ...query, enabled: enabled && query.enabled !== false });
}
