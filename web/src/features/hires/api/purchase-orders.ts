import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { hireKeys } from '../../../lib/query-keys';
import type { Hire, HirePage } from './get-hires';

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

/**
 * When the hires are read again after an order: the PO number reaches them by the connector's
 * event, normally well within the first of these; the later ones cover a busy moment.
 */
export const PURCHASE_ORDER_REFRESH_MS = [1_500, 5_000, 12_000] as const;

/**
 * Puts the order's number and document on the cached hires at once: the hires service learns
 * them from the connector's event a moment after the order's answer, so a list read straight
 * away would still say 'No PO created'.
 */
function showOrderOnHires(queryClient: QueryClient, hireIds: readonly string[], order: PurchaseOrder) {
  const ids = new Set(hireIds);
  const withOrder = (hire: Hire): Hire =>
    ids.has(hire.id)
      ? { ...hire, zahara_po_number: order.zaharaPoNumber, zahara_document_id: order.zaharaPoId }
      : hire;
  queryClient.setQueriesData<HirePage>({ queryKey: hireKeys.lists() }, (page) =>
    page ? { ...page, hires: page.hires.map(withOrder) } : page,
  );
  for (const id of ids)
    queryClient.setQueryData<Hire>(hireKeys.detail(id), (hire) => (hire ? withOrder(hire) : hire));
}

function usePurchaseOrderMutation<I, O extends PurchaseOrder>(
  mutationFn: (input: I) => Promise<O>,
  hireIdsOf: (input: I) => readonly string[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order, input) => {
      showOrderOnHires(queryClient, hireIdsOf(input), order);
      // Read now, the list would lose the number again until the event has arrived.
      for (const ms of PURCHASE_ORDER_REFRESH_MS)
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: hireKeys.all }), ms);
    },
    // The order may exist even though its answer was lost: the hires say.
    onError: () => queryClient.invalidateQueries({ queryKey: hireKeys.all }),
  });
}

export const useCreatePurchaseOrder = () =>
  usePurchaseOrderMutation(createPurchaseOrder, (hireId: string) => [hireId]);
export const useCreateBulkPurchaseOrder = () =>
  usePurchaseOrderMutation(createBulkPurchaseOrder, (hireIds: string[]) => hireIds);
