import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supplierKeys } from '../../../lib/query-keys';

export function deleteSupplier(id: string): Promise<{ message: string }> {
  return apiRequest(`/suppliers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplier,
    // A 404 (already deleted) also means the list is stale.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
