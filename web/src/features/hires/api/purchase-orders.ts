import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { accountingKeys, hireKeys } from '../../../lib/query-keys';
import { getHire } from './get-hire';
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
 * When a hire is read again to see whether the connector's event has reached it: the PO
 * number normally arrives within the first wait; the later ones cover a busy moment, and an
 * order Zahara was too slow for, which the connector creates when Zahara is back.
 */
export const PURCHASE_ORDER_CHECK_MS = [1_500, 3_000, 5_000, 10_000, 20_000, 40_000] as const;

type OrderFields = Pick<
  Hire,
  'zahara_po_number' | 'zahara_document_id' | 'purchase_order_error' | 'purchase_order_failed_at'
>;

/** Writes an order's fields onto the cached hires it is for (the lists' pages and each hire's own). */
function putOrderOnHires(queryClient: QueryClient, hireIds: readonly string[], fields: OrderFields) {
  const ids = new Set(hireIds);
  const withOrder = (hire: Hire): Hire => (ids.has(hire.id) ? { ...hire, ...fields } : hire);
  queryClient.setQueriesData<HirePage>({ queryKey: hireKeys.lists() }, (page) =>
    page ? { ...page, hires: page.hires.map(withOrder) } : page,
  );
  for (const id of ids)
    queryClient.setQueryData<Hire>(hireKeys.detail(id), (hire) => (hire ? withOrder(hire) : hire));
}

const orderFieldsOf = (hire: Hire): OrderFields => ({
  zahara_po_number: hire.zahara_po_number,
  zahara_document_id: hire.zahara_document_id,
  purchase_order_error: hire.purchase_order_error,
  purchase_order_failed_at: hire.purchase_order_failed_at,
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the order's first hire (one event writes the order onto all of its hires) until the
 * hires service has its PO number, then reads the hire lists again. `showEachRead` puts what
 * each read says on the cached hires at once (a failure, a retry's later failure); without
 * it, nothing is shown before the number: a read that still lacks it would take away the
 * number the order's answer put there. A hire that is gone (404) ends the watch.
 * Answers whether the number arrived.
 */
export async function watchOrder(
  queryClient: QueryClient,
  hireIds: readonly string[],
  { showEachRead, delays = PURCHASE_ORDER_CHECK_MS }: { showEachRead: boolean; delays?: readonly number[] },
): Promise<boolean> {
  let numbered = false;
  for (const ms of delays) {
    await wait(ms);
    try {
      const hire = await getHire(hireIds[0]);
      numbered = hire.zahara_po_number !== null;
      if (showEachRead || numbered) putOrderOnHires(queryClient, hireIds, orderFieldsOf(hire));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) break;
    }
    if (numbered) break;
  }
  await queryClient.invalidateQueries({ queryKey: hireKeys.all });
  return numbered;
}

/** An answer that leaves the order's outcome open: Zahara was down or slow (kept, made later), or no answer came. */
const outcomeUnknown = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

function usePurchaseOrderMutation<I, O extends PurchaseOrder>(
  mutationFn: (input: I) => Promise<O>,
  hireIdsOf: (input: I) => readonly string[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order, input) => {
      const hireIds = hireIdsOf(input);
      // At once: the hires service learns the number from the connector's event a moment later.
      putOrderOnHires(queryClient, hireIds, {
        zahara_po_number: order.zaharaPoNumber,
        zahara_document_id: order.zaharaPoId,
        purchase_order_error: null,
        purchase_order_failed_at: null,
      });
      void watchOrder(queryClient, hireIds, { showEachRead: false });
    },
    // The order may exist though its answer was lost, or be made once Zahara is back: the card
    // shows why it failed meanwhile, and its number once there is one. A refusal (no match, a
    // revoked key) is on the hire a moment later, and nothing more is to come soon.
    onError: (error, input) => {
      // Maybe disconnected meanwhile (another tab, another administrator: 409 'Zahara is not
      // configured'): Create Order and the other integration features go once the status is read again.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: accountingKeys.all });
      void watchOrder(queryClient, hireIdsOf(input), {
        showEachRead: true,
        delays: outcomeUnknown(error) ? PURCHASE_ORDER_CHECK_MS : PURCHASE_ORDER_CHECK_MS.slice(0, 2),
      });
    },
  });
}

export const useCreatePurchaseOrder = () =>
  usePurchaseOrderMutation(createPurchaseOrder, (hireId: string) => [hireId]);
export const useCreateBulkPurchaseOrder = () =>
  usePurchaseOrderMutation(createBulkPurchaseOrder, (hireIds: string[]) => hireIds);
