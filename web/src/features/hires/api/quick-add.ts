import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Equipment, Supplier, SupplierBasic } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys, supplierKeys } from '../../../lib/query-keys';

export interface QuickEquipment {
  name: string;
  category: string;
  unit_of_measure: string;
  power: string | null;
  description: string;
}

/** POST /equipment (multipart, spec §7) from the hire form's quick-add; no image. */
export function createEquipment(fields: QuickEquipment): Promise<{ equipment: Equipment }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && value !== '') form.append(key, String(value));
  }
  return apiRequest('/equipment', { method: 'POST', body: form });
}

/** POST /suppliers from the hire form's quick-add; empty optional values are not sent (spec §5). */
export function createSupplier(fields: SupplierBasic): Promise<{ supplier: Supplier }> {
  const body = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );
  return apiRequest('/suppliers', { method: 'POST', body });
}

export function useCreateEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEquipment,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
