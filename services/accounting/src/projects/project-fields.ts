import { siteFieldsObject, type SiteFields } from '@planted/contracts';
import { SITE_STATUSES, type SiteStatus } from '@planted/domain';
import type { SiteRow } from '../db/schema';
import type { ZaharaProject, ZaharaProjectWrite } from '../zahara/zahara.models';

/** Zahara's project statuses (libs/zahara-local README: 1 Active, 2 Inactive, 3 Completed) and the sites' (spec §4). */
const STATUS_CODES: Record<SiteStatus, number> = { active: 1, inactive: 2, completed: 3 };

/** What a site carries to Zahara: the fields a project and a site share. */
export type SiteForProject = Pick<
  SiteRow,
  | 'id'
  | 'name'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'county'
  | 'postcode'
  | 'country'
  | 'jobNumber'
  | 'status'
>;

const PROJECT_NAME_MAX = 100;

/**
 * A project's code is the site's job number (ProjectCode is required in Zahara, unique in
 * the business unit); a site without one gets a code made from its id, the same every time.
 */
export const projectCodeOf = (site: Pick<SiteForProject, 'id' | 'jobNumber'>) =>
  site.jobNumber?.trim() || `PL${site.id.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/** The street lines, town and county, one per line (Zahara's AddressLines). */
const addressLinesOf = (site: SiteForProject) =>
  [site.addressLine1, site.addressLine2, site.city, site.county]
    .map((line) => line?.trim())
    .filter(Boolean)
    .join('\n');

/** The project a site is in Zahara. */
export function projectFromSite(site: SiteForProject): ZaharaProjectWrite {
  return {
    ProjectName: site.name.trim().slice(0, PROJECT_NAME_MAX),
    ProjectCode: projectCodeOf(site),
    Status: STATUS_CODES[site.status],
    Address: { AddressLines: addressLinesOf(site), Postcode: site.postcode, CountryCode: site.country },
  };
}

const norm = (value: string | null | undefined) => (value ?? '').trim();

/**
 * Whether the project already says what the site would write: the comparison is made in
 * Zahara's terms, so a site made from a project, and a project made from a site, compare
 * equal to their origin and a second sync finds nothing to do.
 */
export function sameProject(write: ZaharaProjectWrite, project: ZaharaProject): boolean {
  return (
    norm(write.ProjectName) === norm(project.ProjectName) &&
    norm(write.ProjectCode) === norm(project.ProjectCode) &&
    (write.Status ?? 1) === (project.Status ?? 1) &&
    norm(write.Address?.AddressLines) === norm(project.Address?.AddressLines) &&
    norm(write.Address?.Postcode).toUpperCase() === norm(project.Address?.Postcode).toUpperCase() &&
    norm(write.Address?.CountryCode).toUpperCase() ===
      norm(project.Address?.CountryCode || 'GB').toUpperCase()
  );
}

/**
 * The site a project becomes: AddressLines read back as street, town and county (two
 * lines: street and town; four or more: the middle ones are the second street line).
 * Null when it cannot be a site (no street, town or postcode, a country sites do not have):
 * such a project is left alone.
 */
export function siteFromProject(project: ZaharaProject): SiteFields | null {
  const lines = (project.Address?.AddressLines ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length < 2) return null;
  const [first, ...rest] = lines;
  const county = lines.length >= 3 ? rest.pop()! : null;
  const city = rest.pop()!;
  const status = SITE_STATUSES.find((s) => STATUS_CODES[s] === project.Status) ?? 'active';
  const parsed = siteFieldsObject.safeParse({
    name: project.ProjectName,
    address_line_1: first,
    address_line_2: rest.length > 0 ? rest.join(', ') : null,
    city,
    county,
    postcode: project.Address?.Postcode ?? '',
    country: project.Address?.CountryCode || 'GB',
    job_number: project.ProjectCode,
    status,
  });
  return parsed.success ? parsed.data : null;
}
