import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Site, SiteFields } from '@planted/contracts';
import { DROPDOWN_LIMIT } from '@planted/domain';
import { apiRequest } from './api-client';
import { customerKeys, hireKeys, siteKeys } from './query-keys';

/*
 * The company's sites, shared by three features: Site Management lists and filters them, the
 * hire form offers them (and quick-adds one), the maps place hires by them. Features do not
 * import each other, so the calls live here.
 */

export type { Site, SiteFields };

/** GET /sites with the dropdown limit (spec §7, §9): every site of the company, newest first. */
export async function getSites(): Promise<Site[]> {
  const { sites } = await apiRequest<{ sites: Site[] }>('/sites', { query: { limit: DROPDOWN_LIMIT } });
  return sites ?? [];
}

export const sitesQuery = queryOptions({ queryKey: siteKeys.list(), queryFn: getSites });

export function useSites() {
  return useQuery(sitesQuery);
}

/** POST /sites, or PUT /sites/{id} when editing; the server geocodes the address. */
export function saveSite(input: {
  id?: string;
  fields: SiteFields;
}): Promise<{ site: Site; message: string }> {
  return input.id === undefined
    ? apiRequest('/sites', { method: 'POST', body: input.fields })
    : apiRequest(`/sites/${encodeURIComponent(input.id)}`, { method: 'PUT', body: input.fields });
}

export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSite,
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        // Hires show the site's name, job number and postcode; the dashboard counts sites.
        queryClient.invalidateQueries({ queryKey: hireKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.stats() }),
      ]),
  });
}
