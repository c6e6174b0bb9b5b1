import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';
import type { EquipmentPage } from './get-equipment';

export function setEquipmentFavorite({ id, favorite }: { id: string; favorite: boolean }) {
  return apiRequest<{ is_favorite: boolean }>(`/equipment/${encodeURIComponent(id)}/favorite`, {
    method: favorite ? 'POST' : 'DELETE',
  });
}

/** Spec §4 Favourites: adds or removes on the server, then flips the flag in every loaded page. */
export function useToggleEquipmentFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEquipmentFavorite,
    onSuccess: (_, { id, favorite }) => {
      queryClient.setQueriesData<EquipmentPage>({ queryKey: equipmentKeys.lists() }, (page) =>
        page
          ? {
              ...page,
              equipment: page.equipment.map((item) =>
                item.id === id ? { ...item, is_favorite: favorite } : item,
              ),
            }
          : page,
      );
      // The favourites list gains or loses the item, and its category counts change.
      const favouritesOnly = (query: { queryKey: readonly unknown[] }) =>
        (query.queryKey[2] as { favorites?: boolean } | undefined)?.favorites === true;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.lists(), predicate: favouritesOnly }),
        queryClient.invalidateQueries({ queryKey: equipmentKeys.categoriesAll(), predicate: favouritesOnly }),
      ]);
    },
  });
}
