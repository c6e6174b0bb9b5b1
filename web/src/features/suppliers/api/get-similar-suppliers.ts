import { useQuery } from '@tanstack/react-query';
import type { SimilarEntry } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { supplierKeys } from '../../../lib/query-keys';

/** Names shorter than this match too much to be worth asking about. */
export const SIMILAR_MIN_LENGTH = 3;
/** A name longer than the 255 characters the form allows is refused there, not looked up (the server would answer 400). */
export const SIMILAR_MAX_LENGTH = 255;

export async function getSimilarSuppliers(name: string): Promise<SimilarEntry[]> {
  const { similar } = await apiRequest<{ similar: SimilarEntry[] }>('/suppliers/similar', {
    query: { name },
  });
  return similar ?? [];
}

/** Near-duplicates of the (settled, trimmed) name of a supplier being added. */
export function useSimilarSuppliers(name: string, enabled: boolean) {
  return useQuery({
    queryKey: supplierKeys.similar(name),
    queryFn: () => getSimilarSuppliers(name),
    enabled: enabled && name.length >= SIMILAR_MIN_LENGTH && name.length <= SIMILAR_MAX_LENGTH,
    staleTime: 30_000,
  });
}
