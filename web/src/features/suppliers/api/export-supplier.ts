import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountingKeys, supplierKeys } from '../../../lib/query-keys';

/**
 * POST /zahara/export-supplier {supplier_id} (spec §7): creates the supplier in Zahara (or finds
 * the one exported before) and records the match; answers supplier_name.
 */
export function exportSupplier(supplierId: string): Promise<{ success: true; supplier_name: string }> {
  return apiRequest('/zahara/export-supplier', { method: 'POST', body: { supplier_id: supplierId } });
}

export function useExportSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportSupplier,
    onSuccess: () =>
      void Promise.all([
        // The card's matched marker and the timeline's 'exported' event.
        queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountingKeys.supplierMatches() }),
      ]),
  });
}
