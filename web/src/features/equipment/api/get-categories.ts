import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';

export type { CategoryCount };

export async function getCategories(): Promise<CategoryCount[]> {
  const { categories } = await apiRequest<{ categories: CategoryCount[] }>('/equipment/categories');
  return categories ?? [];
}

export const categoriesQuery = queryOptions({ queryKey: equipmentKeys.categories(), queryFn: getCategories });

export function useCategories() {
  return useQuery(categoriesQuery);
}
