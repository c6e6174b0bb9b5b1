import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplierBasic, SupplierDetails } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { supplierKeys } from '../../../lib/query-keys';
import type { Supplier } from './get-suppliers';

export interface SaveSupplierInput {
  /** Absent when adding. */
  id?: string;
  /** The shared basic information; null when it is not the caller's to change (community supplier). */
  basic: SupplierBasic | null;
  /** The company's own communication details; null when unchanged. */
  details: SupplierDetails | null;
  /**
   * Adding: told the new id as soon as the supplier exists, before its details are saved, so
   * that a retry after the details failed saves to it instead of adding a second supplier.
   */
  onCreated?: (id: string) => void;
}

/** Spec §5: empty optional values are not sent. */
function withoutEmpty<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as Partial<T>;
}

/**
 * Adding: POST /suppliers (answers supplier.id), then the details to that id. Editing: PUT the
 * basic information when it is ours, then PUT the details when they changed (spec §7).
 */
export async function saveSupplier(input: SaveSupplierInput): Promise<{ id: string }> {
  let id = input.id;
  if (id === undefined) {
    const { supplier } = await apiRequest<{ supplier: Supplier }>('/suppliers', {
      method: 'POST',
      body: withoutEmpty(input.basic ?? {}),
    });
    id = supplier.id;
    input.onCreated?.(id);
    const details = input.details ? withoutEmpty(input.details) : {};
    if (Object.keys(details).length > 0)
      await apiRequest(`/suppliers/${encodeURIComponent(id)}/customer-details`, {
        method: 'POST',
        body: details,
      });
    return { id };
  }
  const path = `/suppliers/${encodeURIComponent(id)}`;
  // An emptied field is sent as null, so that it is cleared rather than left as it was.
  if (input.basic) await apiRequest(path, { method: 'PUT', body: input.basic });
  if (input.details) await apiRequest(`${path}/customer-details`, { method: 'PUT', body: input.details });
  return { id };
}

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupplier,
    // Also after a failure: adding may have created the supplier before its details failed.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
