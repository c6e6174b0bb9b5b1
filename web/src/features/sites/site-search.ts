import { searchFinds } from '../../lib/search-text';
import type { Site } from '../../lib/sites';

/**
 * Spec §2 Sites: the search filters in the browser over name, address line 1, city, postcode
 * and job number, ignoring case, accents and spaces at either end; a postcode is found
 * without its space too ('ls14dl'), as the form accepts it (AQ-1, AQ-4).
 */
export function filterSites(sites: readonly Site[], search: string): Site[] {
  if (!search.trim()) return [...sites];
  return sites.filter((site) =>
    searchFinds(search, [site.name, site.address_line_1, site.city, site.postcode, site.job_number]),
  );
}
