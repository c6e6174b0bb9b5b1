import type { Site } from '../../lib/sites';

/**
 * Spec §2 Sites: the search filters in the browser over name, address line 1, city, postcode
 * and job number, ignoring case and spaces at either end.
 */
export function filterSites(sites: readonly Site[], search: string): Site[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...sites];
  return sites.filter((site) =>
    [site.name, site.address_line_1, site.city, site.postcode, site.job_number].some((value) =>
      (value ?? '').toLowerCase().includes(needle),
    ),
  );
}
