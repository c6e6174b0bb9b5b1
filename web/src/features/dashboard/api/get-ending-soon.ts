import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface EndingSoonHire {
  id: string | number;
  equipment_name: string;
  equipment_image_url: string | null;
  site_name: string;
  supplier_name: string;
  hire_end_date: string;
}

export async function getEndingSoon(): Promise<EndingSoonHire[]> {
  try {
    const { endingSoon } = await apiRequest<{ endingSoon: EndingSoonHire[] }>('/hires/ending-soon');
    return endingSoon ?? [];
  } catch (error) {
    // Spec §8: a dashboard load failure is only logged.
    console.error('Failed to load hires ending soon', error);
    throw error;
  }
}

export const endingSoonQuery = queryOptions({
  queryKey: ['hires', 'ending-soon'],
  queryFn: getEndingSoon,
  retry: false,
});

export function useEndingSoon() {
  return useQuery(endingSoonQuery);
}
