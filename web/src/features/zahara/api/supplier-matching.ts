import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Supplier, SupplierMatch, ZaharaSupplier } from '@planted/contracts';
import { DROPDOWN_LIMIT } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';
import { accountingKeys, supplierKeys } from '../../../lib/query-keys';

export type { Supplier, SupplierMatch, ZaharaSupplier };

/** GET /suppliers with the dropdown limit: the directory's suppliers to match. */
export async function getOurSuppliers(): Promise<Supplier[]> {
  const { suppliers } = await apiRequest<{ suppliers: Supplier[] }>('/suppliers', {
    query: { page: 1, limit: DROPDOWN_LIMIT },
  });
  return suppliers ?? [];
}

/** GET /zahara/suppliers?type=Hire (spec §7): the business unit's suppliers. */
export async function getZaharaSuppliers(): Promise<ZaharaSupplier[]> {
  const { data } = await apiRequest<{ success: true; data: ZaharaSupplier[] }>('/zahara/suppliers', {
    query: { type: 'Hire' },
  });
  return data ?? [];
}

/** GET /zahara/supplier-matches (spec §7). */
export async function getSupplierMatches(): Promise<SupplierMatch[]> {
  const { data } = await apiRequest<{ success: true; data: SupplierMatch[] }>('/zahara/supplier-matches');
  return data ?? [];
}

export interface MatchInput {
  supplier_id: string;
  zahara_supplier_id: number;
  zahara_nominal_id: number | null;
  zahara_default_tax_code_id: number | null;
  zahara_cost_code_id: number | null;
  zahara_division_id: number | null;
}

/** POST /zahara/supplier-matches (spec §7): the Zahara supplier's default codes go with it. */
export function matchSuppliers(input: MatchInput): Promise<{ data: SupplierMatch; message: string }> {
  return apiRequest('/zahara/supplier-matches', { method: 'POST', body: input });
}

export const ourSuppliersQuery = queryOptions({
  queryKey: supplierKeys.list({ dropdown: true }),
  queryFn: getOurSuppliers,
});
export const zaharaSuppliersQuery = queryOptions({
  queryKey: accountingKeys.zaharaSuppliers(),
  queryFn: getZaharaSuppliers,
});
export const supplierMatchesQuery = queryOptions({
  queryKey: accountingKeys.supplierMatches(),
  queryFn: getSupplierMatches,
});

export const useOurSuppliers = () => useQuery(ourSuppliersQuery);
export const useZaharaSuppliers = (enabled: boolean) => useQuery({ ...zaharaSuppliersQuery, enabled });
export const useSupplierMatches = () => useQuery(supplierMatchesQuery);

export function useMatchSuppliers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: matchSuppliers,
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: accountingKeys.supplierMatches() }),
        // The supplier cards mark matched suppliers.
        queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
      ]),
  });
}

/** DELETE /zahara/supplier-matches/{supplier_id}: the match removed (the supplier's cards lose the marker). */
export function unmatchSupplier(supplierId: string): Promise<{ message: string }> {
  return apiRequest(`/zahara/supplier-matches/${encodeURIComponent(supplierId)}`, { method: 'DELETE' });
}

export function useUnmatchSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmatchSupplier,
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: accountingKeys.supplierMatches() }),
        queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
      ]),
  });
}
