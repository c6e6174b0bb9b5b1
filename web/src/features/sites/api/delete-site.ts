import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerKeys, siteKeys } from '../../../lib/query-keys';

export function deleteSite(id: string): Promise<{ message: string }> {
  return apiRequest(`/sites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.stats() }),
      ]),
  });
}
