import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { supplierKeys } from '../../../lib/query-keys';
import type { Supplier } from './get-suppliers';

export async function getSupplier(id: string): Promise<Supplier> {
  const { supplier } = await apiRequest<{ supplier: Supplier }>(`/suppliers/${encodeURIComponent(id)}`);
  return supplier;
}

/** Loads one supplier on demand (opening a near-duplicate offered while adding). */
export function useFetchSupplier() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      queryClient.fetchQuery({ queryKey: supplierKeys.detail(id), queryFn: () => getSupplier(id) }),
    [queryClient],
  );
}
