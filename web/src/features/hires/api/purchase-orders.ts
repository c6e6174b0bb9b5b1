import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { hireKeys } from '../../../lib/query-keys';

export interface PurchaseOrder {
  zaharaPoId: string;
  zaharaPoNumber: string;
}

export interface BulkPurchaseOrder extends PurchaseOrder {
  lineItemCount: number;
  hireCount: number;
}

/** POST /zahara/purchase-order/create {hireId} (spec §7): answers zaharaPoId, zaharaPoNumber. */
export function createPurchaseOrder(hireId: string): Promise<PurchaseOrder> {
  return apiRequest('/zahara/purchase-order/create', { method: 'POST', body: { hireId } });
}

/** POST /zahara/purchase-order/create-bulk {hireIds}: one order for hires of one supplier. */
export function createBulkPurchaseOrder(hireIds: string[]): Promise<BulkPurchaseOrder> {
  return apiRequest('/zahara/purchase-order/create-bulk', { method: 'POST', body: { hireIds } });
}

function usePurchaseOrderMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The hires now carry the PO number and document id (spec §4); after a failure too, since
    // the order may exist even though its answer was lost.
    onSettled: () => queryClient.invalidateQueries({ queryKey: hireKeys.all }),
  });
}

export const useCreatePurchaseOrder = () => usePurchaseOrderMutation(createPurchaseOrder);
export const useCreateBulkPurchaseOrder = () => usePurchaseOrderMutation(createBulkPurchaseOrder);
