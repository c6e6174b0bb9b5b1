import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HireStatus } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { customerKeys, equipmentKeys, hireKeys } from '../../../lib/query-keys';

/** DELETE /hires/{id} */
export function deleteHire(id: string): Promise<{ message: string }> {
  return apiRequest(`/hires/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** PUT /hires/bulk/status {hireIds, status}: answers updatedCount. */
export function bulkUpdateStatus(input: {
  hireIds: string[];
  status: HireStatus;
}): Promise<{ updatedCount: number }> {
  return apiRequest('/hires/bulk/status', { method: 'PUT', body: input });
}

/** DELETE /hires/bulk {hireIds}: answers deletedCount. */
export function bulkDelete(hireIds: string[]): Promise<{ deletedCount: number }> {
  return apiRequest('/hires/bulk', { method: 'DELETE', body: { hireIds } });
}

function useHireMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Also after a failure: part of a bulk change may have happened, and a 404 means already gone.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: hireKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.stats() }),
        // An equipment's latest price is its latest hire's: a deleted or edited hire may have been it.
        queryClient.invalidateQueries({ queryKey: equipmentKeys.pricing() }),
      ]),
  });
}

export const useDeleteHire = () => useHireMutation(deleteHire);
export const useBulkStatus = () => useHireMutation(bulkUpdateStatus);
export const useBulkDelete = () => useHireMutation(bulkDelete);
