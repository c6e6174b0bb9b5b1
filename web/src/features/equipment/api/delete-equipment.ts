import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';

export function deleteEquipment(id: string): Promise<{ message: string }> {
  return apiRequest(`/equipment/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEquipment,
    // Also after a failure: a 404 means it is already gone (spec §7), and the list is stale.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
