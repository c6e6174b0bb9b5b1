import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncStats, SyncStatus } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { accountingKeys, hireKeys, siteKeys } from '../../../lib/query-keys';

export type { SyncStats, SyncStatus };

/** GET /zahara/projects/sync-status (spec §3 Project sync status). */
export async function getSyncStatus(): Promise<SyncStatus> {
  const { data } = await apiRequest<{ success: true; data: SyncStatus }>('/zahara/projects/sync-status');
  return data;
}

/** POST /zahara/projects/sync {syncType: 'incremental'} (spec §7): answers the counts. */
export async function syncProjects(): Promise<SyncStats> {
  const { stats } = await apiRequest<{ success: true; stats: SyncStats }>('/zahara/projects/sync', {
    method: 'POST',
    body: { syncType: 'incremental' },
  });
  return stats;
}

export const syncStatusQuery = queryOptions({
  queryKey: accountingKeys.syncStatus(),
  queryFn: getSyncStatus,
});

/** While a sync runs (started in another tab, say), the line and the button follow it to its end. */
export const useSyncStatus = () =>
  useQuery({
    ...syncStatusQuery,
    refetchInterval: (query) => (query.state.data?.syncStatus === 'running' ? 3000 : false),
  });

export function useSyncProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncProjects,
    // Projects become sites and sites get project ids; after a failure too, part may have synced.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountingKeys.syncStatus() }),
        queryClient.invalidateQueries({ queryKey: hireKeys.all }),
      ]),
  });
}
