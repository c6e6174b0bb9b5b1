import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HireFields } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { customerKeys, equipmentKeys, hireKeys } from '../../../lib/query-keys';
import type { Hire } from './get-hires';

export interface SaveHireInput {
  /** Absent when adding. */
  id?: string;
  /** The form's fields and the totals it shows (spec §7 payload); the server computes its own. */
  fields: HireFields & {
    hire_duration_days: number;
    net_cost: number;
    vat_amount: number;
    total_cost: number;
  };
}

export interface CreatedHire {
  hire: Hire;
  message: string;
  /** The company's accounting integration is active: a purchase order can be created. */
  purchase_order_available: boolean;
}

/** POST /hires (answers hire, message, purchase_order_available) or PUT /hires/{id}. */
export function saveHire(input: SaveHireInput): Promise<CreatedHire | { hire: Hire; message: string }> {
  return input.id === undefined
    ? apiRequest<CreatedHire>('/hires', { method: 'POST', body: input.fields })
    : apiRequest(`/hires/${encodeURIComponent(input.id)}`, { method: 'PUT', body: input.fields });
}

export function useSaveHire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHire,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: hireKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.stats() }),
        // A hire sets the item's latest price (spec §3 Pricing entry).
        queryClient.invalidateQueries({ queryKey: equipmentKeys.pricing() }),
      ]),
  });
}
