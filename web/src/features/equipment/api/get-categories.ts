import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';

export type { CategoryCount };

/** Items per category in the list shown: the catalogue, or with `favorites` the company's favourites. */
export async function getCategories(favorites = false): Promise<CategoryCount[]> {
  const { categories } = await apiRequest<{ categories: CategoryCount[] }>('/equipment/categories', {
    query: favorites ? { favorites: 'true' } : {},
  });
  return categories ?? [];
}

export const categoriesQuery = (favorites = false) =>
  queryOptions({ queryKey: equipmentKeys.categories(favorites), queryFn: () => getCategories(favorites) });

export function useCategories(favorites = false) {
  return useQuery(categoriesQuery(favorites));
}
