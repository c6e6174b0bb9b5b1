import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface DashboardStats {
  totalHires: number;
  activeHires: number;
  totalSites: number;
  totalSpending: number;
}

export async function getDashboardStats(): Promise<DashboardStats> {
  try {
    const { stats } = await apiRequest<{ stats: DashboardStats }>('/customers/stats');
    return stats;
  } catch (error) {
    // Spec §8: a dashboard load failure is only logged.
    console.error('Failed to load dashboard stats', error);
    throw error;
  }
}

export const dashboardStatsQuery = queryOptions({
  queryKey: ['customers', 'stats'],
  queryFn: getDashboardStats,
  retry: false,
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}
