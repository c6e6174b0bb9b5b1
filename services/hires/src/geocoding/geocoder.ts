import type { SiteCountry } from '@planted/domain';

/** What a site's position is looked up from. */
export interface SiteAddress {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  county: string | null;
  postcode: string;
  country: SiteCountry;
}

export type GeocodeSource = 'google' | 'offline';

export interface GeoPosition {
  latitude: number;
  longitude: number;
  source: GeocodeSource;
}

/** Places a site; null when it cannot be placed (the site keeps no position). Never throws. */
export interface Geocoder {
  geocode(address: SiteAddress): Promise<GeoPosition | null>;
}

export const GEOCODER = Symbol('GEOCODER');

/** The fields that decide a site's position: when none changed, the stored position stands. */
export function addressKey(address: SiteAddress): string {
  return JSON.stringify([
    address.address_line_1,
    address.address_line_2 ?? '',
    address.city,
    address.county ?? '',
    address.postcode,
    address.country,
  ]);
}
