import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supplierKeys } from '../../../lib/query-keys';
import type { SupplierPage } from './get-suppliers';

export function setSupplierFavorite({ id, favorite }: { id: string; favorite: boolean }) {
  return apiRequest<{ is_favorite: boolean }>(`/suppliers/${encodeURIComponent(id)}/favorite`, {
    method: favorite ? 'POST' : 'DELETE',
  });
}

/** Spec §4 Favourites: adds or removes on the server, then flips the flag in every loaded page. */
export function useToggleSupplierFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSupplierFavorite,
    onSuccess: (_, { id, favorite }) => {
      queryClient.setQueriesData<SupplierPage>({ queryKey: supplierKeys.lists() }, (page) =>
        page
          ? {
              ...page,
              suppliers: page.suppliers.map((item) =>
                item.id === id ? { ...item, is_favorite: favorite } : item,
              ),
            }
          : page,
      );
      return queryClient.invalidateQueries({
        queryKey: supplierKeys.lists(),
        predicate: (query) => (query.queryKey[2] as { favorites?: boolean } | undefined)?.favorites === true,
      });
    },
  });
}
