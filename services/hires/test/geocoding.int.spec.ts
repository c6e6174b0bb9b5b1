import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HiresSiteCreate, HiresSiteUpdate } from '@planted/contracts';
import { newCompany, site, startHires, type HiresHarness } from './support/hires-harness';

/**
 * A local stand-in for Google's Geocoding API: GET /maps/api/geocode/json?address&key,
 * answering its JSON ({status, results[].geometry.location}) from a table of addresses.
 */
class FakeGoogleGeocoding {
  readonly requests: URLSearchParams[] = [];
  private server: Server | undefined;
  private readonly answers = new Map<
    string,
    { status: string; lat?: number; lng?: number; delayMs?: number }
  >();

  answer(address: string, answer: { status: string; lat?: number; lng?: number; delayMs?: number }): void {
    this.answers.set(address, answer);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname !== '/maps/api/geocode/json') {
        res.writeHead(404).end();
        return;
      }
      this.requests.push(url.searchParams);
      const found = this.answers.get(url.searchParams.get('address') ?? '');
      const body =
        url.searchParams.get('key') !== 'test-key'
          ? { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] }
          : !found || found.status !== 'OK'
            ? { status: found?.status ?? 'ZERO_RESULTS', results: [] }
            : {
                status: 'OK',
                results: [
                  {
                    formatted_address: url.searchParams.get('address'),
                    geometry: { location: { lat: found.lat, lng: found.lng }, location_type: 'APPROXIMATE' },
                  },
                ],
              };
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
      }, found?.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const google = new FakeGoogleGeocoding();
let h: HiresHarness;
const a = newCompany('Geo');

beforeAll(async () => {
  const baseUrl = await google.start();
  h = await startHires({
    env: { GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_MAPS_BASE_URL: baseUrl, GOOGLE_MAPS_TIMEOUT_MS: '300' },
  });
});

afterAll(async () => {
  await h?.close();
  await google.stop();
});

describe('geocoding with Google (GOOGLE_MAPS_API_KEY set)', () => {
  it("asks for a British site's postcode with ', UK' appended and stores Google's position", async () => {
    google.answer('LS1 4DL, UK', { status: 'OK', lat: 53.7965, lng: -1.5479 });
    const { site: placed } = await h.client.send(HiresSiteCreate, site(a.actor, { postcode: 'ls1 4dl' }));
    expect(placed).toMatchObject({ latitude: 53.7965, longitude: -1.5479, geocode_source: 'google' });
    const asked = google.requests.at(-1)!;
    expect([asked.get('address'), asked.get('key'), asked.get('region')]).toEqual([
      'LS1 4DL, UK',
      'test-key',
      'uk',
    ]);
  });

  it('asks for a site elsewhere by its address and country', async () => {
    google.answer('350 Fifth Avenue, New York, 10118, United States', {
      status: 'OK',
      lat: 40.7484,
      lng: -73.9857,
    });
    const { site: placed } = await h.client.send(
      HiresSiteCreate,
      site(a.actor, {
        address_line_1: '350 Fifth Avenue',
        city: 'New York',
        postcode: '10118',
        country: 'US',
      }),
    );
    expect(placed).toMatchObject({ latitude: 40.7484, longitude: -73.9857, geocode_source: 'google' });
  });

  it('places the site offline by its town when Google finds nothing, refuses, or is too slow', async () => {
    google.answer('M1 1AE, UK', { status: 'ZERO_RESULTS' });
    google.answer('B1 1AA, UK', { status: 'OVER_QUERY_LIMIT' });
    google.answer('BS1 4DJ, UK', { status: 'OK', lat: 1, lng: 1, delayMs: 1500 });
    for (const [postcode, city, lat, lng] of [
      ['M1 1AE', 'Manchester', 53.48, -2.24],
      ['B1 1AA', 'Birmingham', 52.48, -1.9],
      ['BS1 4DJ', 'Bristol', 51.45, -2.59],
    ] as const) {
      const started = Date.now();
      const { site: placed } = await h.client.send(HiresSiteCreate, site(a.actor, { postcode, city }));
      expect(placed.geocode_source).toBe('offline');
      expect(placed.latitude).toBeCloseTo(lat, 1);
      expect(placed.longitude).toBeCloseTo(lng, 1);
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it('keeps no position when neither Google nor the place data can place the site', async () => {
    google.answer('ZZ9 9ZZ, UK', { status: 'ZERO_RESULTS' });
    const { site: unplaced } = await h.client.send(
      HiresSiteCreate,
      site(a.actor, { postcode: 'ZZ9 9ZZ', city: 'Atlantis Under Sea' }),
    );
    expect(unplaced).toMatchObject({ latitude: null, longitude: null, geocode_source: null });
  });

  it('asks again only when the address changes', async () => {
    google.answer('LS2 7HY, UK', { status: 'OK', lat: 53.8, lng: -1.55 });
    google.answer('YO1 7HH, UK', { status: 'OK', lat: 53.96, lng: -1.08 });
    const { site: s } = await h.client.send(HiresSiteCreate, site(a.actor, { postcode: 'LS2 7HY' }));
    const before = google.requests.length;
    await h.client.send(HiresSiteUpdate, {
      ...site(a.actor, { postcode: 'LS2 7HY', name: 'Renamed' }),
      id: s.id,
    });
    expect(google.requests.length).toBe(before);
    const moved = await h.client.send(HiresSiteUpdate, {
      ...site(a.actor, { postcode: 'YO1 7HH', city: 'York' }),
      id: s.id,
    });
    expect(google.requests.length).toBe(before + 1);
    expect(moved.site).toMatchObject({ latitude: 53.96, longitude: -1.08, geocode_source: 'google' });
  });
});
