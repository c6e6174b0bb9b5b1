import type { Site } from '@planted/contracts';
import type { SiteRow } from '../db/schema';

export function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    country: row.country,
    job_number: row.jobNumber,
    status: row.status,
    zahara_project_id: row.zaharaProjectId,
    latitude: row.latitude,
    longitude: row.longitude,
    geocode_source: row.geocodeSource,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
