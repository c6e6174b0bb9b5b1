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

/**
 * After an edit of a hire on a purchase order, when the hire lists are read again to show
 * how the order's update in Zahara went (the connector sends it a moment after the save; the
 * card then says if the change is not on the order).
 */
export const ORDER_UPDATE_CHECK_MS = [3_000, 8_000] as const;

export function useSaveHire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHire,
    onSuccess: (answer, input) => {
      if (input.id !== undefined && answer.hire.zahara_po_number)
        for (const ms of ORDER_UPDATE_CHECK_MS)
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: hireKeys.all }), ms);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: hireKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.stats() }),
        // A hire sets the item's latest price (spec §3 Pricing entry).
        queryClient.invalidateQueries({ queryKey: equipmentKeys.pricing() }),
      ]);
    },
  });
}
