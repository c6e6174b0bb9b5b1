import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { hireKeys } from '../../../lib/query-keys';

export interface OverdueHire {
  id: string;
  equipment_name: string | null;
  supplier_name: string | null;
  site_name: string | null;
  target_return_date: string;
  days_overdue: number;
  cost_to_date: number;
}

export interface OverdueReturnsAnswer {
  overdue: OverdueHire[];
  /** Every overdue hire, of which the panel shows three (spec §2, §9). */
  total: number;
}

/** GET /hires/overdue: hires past their end date still active or collection booked. */
export async function getOverdue(): Promise<OverdueReturnsAnswer> {
  try {
    const answer = await apiRequest<OverdueReturnsAnswer>('/hires/overdue');
    return { overdue: answer.overdue ?? [], total: answer.total ?? answer.overdue?.length ?? 0 };
  } catch (error) {
    // Spec §8: a dashboard load failure is only logged.
    console.error('Failed to load overdue returns', error);
    throw error;
  }
}

export const overdueQuery = queryOptions({ queryKey: hireKeys.overdue(), queryFn: getOverdue, retry: false });

export function useOverdue() {
  return useQuery(overdueQuery);
}
