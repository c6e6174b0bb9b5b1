import { SITE_COUNTRY_NAMES } from '@planted/domain';
import type { Logger } from '@planted/logging';
import type { Geocoder, GeoPosition, SiteAddress } from './geocoder';

export interface GoogleGeocoderOptions {
  apiKey: string;
  /** e.g. https://maps.googleapis.com (no trailing slash). */
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  /** Asked when Google cannot place the site (no result, an error, a timeout). */
  fallback?: Geocoder;
}

interface GoogleAnswer {
  status?: string;
  error_message?: string;
  results?: { geometry?: { location?: { lat?: unknown; lng?: unknown } } }[];
}

/**
 * What Google is asked: a British site by its postcode with ', UK' appended (spec §2
 * Maps), which Google places precisely; elsewhere the address as one line with the
 * country's name.
 */
export function googleQuery(address: SiteAddress): string {
  if (address.country === 'GB') return `${address.postcode}, UK`;
  return [
    address.address_line_1,
    address.address_line_2,
    address.city,
    address.county,
    address.postcode,
    SITE_COUNTRY_NAMES[address.country],
  ]
    .filter(Boolean)
    .join(', ');
}

/** Google's Geocoding API over HTTP (GET /maps/api/geocode/json), limited by a timeout. */
export class GoogleGeocoder implements Geocoder {
  constructor(private readonly options: GoogleGeocoderOptions) {}

  async geocode(address: SiteAddress): Promise<GeoPosition | null> {
    const found = await this.ask(address);
    if (found) return found;
    return this.options.fallback ? this.options.fallback.geocode(address) : null;
  }

  private async ask(address: SiteAddress): Promise<GeoPosition | null> {
    const { apiKey, baseUrl, timeoutMs, logger } = this.options;
    const url = new URL(`${baseUrl}/maps/api/geocode/json`);
    url.searchParams.set('address', googleQuery(address));
    url.searchParams.set('region', address.country === 'GB' ? 'uk' : address.country.toLowerCase());
    url.searchParams.set('key', apiKey);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) {
        logger.warn(
          { status: res.status },
          'Google geocoding answered an HTTP error; placing the site offline',
        );
        return null;
      }
      const body = (await res.json()) as GoogleAnswer;
      if (body.status === 'ZERO_RESULTS') return null;
      const location = body.results?.[0]?.geometry?.location;
      if (body.status !== 'OK' || typeof location?.lat !== 'number' || typeof location.lng !== 'number') {
        logger.warn(
          { status: body.status, reason: body.error_message },
          'Google geocoding refused the request; placing the site offline',
        );
        return null;
      }
      return { latitude: location.lat, longitude: location.lng, source: 'google' };
    } catch (err) {
      logger.warn(
        { reason: err instanceof Error ? err.message : String(err) },
        'Google geocoding did not answer; placing the site offline',
      );
      return null;
    }
  }
}
