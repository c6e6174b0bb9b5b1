import type { Site, SiteFields } from '@planted/contracts';
import type { SiteRow } from '../db/schema';

/** A site's address, as the geocoder and the address-change check read it. */
export const addressOf = (row: SiteRow) => ({
  address_line_1: row.addressLine1,
  address_line_2: row.addressLine2,
  city: row.city,
  county: row.county,
  postcode: row.postcode,
  country: row.country,
});

/** The fields a site form (or a synced project) sets. */
export const siteFieldsOf = (row: SiteRow): SiteFields => ({
  name: row.name,
  ...addressOf(row),
  job_number: row.jobNumber,
  status: row.status,
});

export function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    ...siteFieldsOf(row),
    zahara_project_id: row.zaharaProjectId,
    latitude: row.latitude,
    longitude: row.longitude,
    geocode_source: row.geocodeSource,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
