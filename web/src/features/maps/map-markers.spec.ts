import type { Hire, Site } from '@planted/contracts';
import {
  EMPTY_ZOOM,
  LONDON,
  MAX_FIT_ZOOM,
  fitView,
  groupByPostcode,
  MARKER_SPACING,
  project,
  spreadMarkers,
  unproject,
} from './map-markers';

const site = (id: string, postcode: string, position: [number, number] | null): Site =>
  ({
    id,
    name: `Site ${id}`,
    postcode,
    latitude: position?.[0] ?? null,
    longitude: position?.[1] ?? null,
  }) as Site;

const hire = (id: string, siteId: string, postcode: string | null): Hire =>
  ({ id, site_id: siteId, site_postcode: postcode, site_name: `Site ${siteId}` }) as Hire;

describe('markers by postcode (spec §2 Maps)', () => {
  const sites = [
    site('a', 'LS3 1LL', [53.8, -1.55]),
    site('b', 'ls3  1ll', [53.8, -1.55]),
    site('c', 'YO1 6DH', [53.96, -1.08]),
    site('d', 'ZZ9 9ZZ', null),
  ];

  it('puts one numbered marker on each postcode group, in the order the hires came', () => {
    const { markers, unplaced } = groupByPostcode(
      [
        hire('1', 'c', 'YO1 6DH'),
        hire('2', 'a', 'LS3 1LL'),
        hire('3', 'b', 'ls3  1ll'),
        hire('4', 'c', 'YO1 6DH'),
      ],
      sites,
    );
    expect(markers.map((m) => [m.number, m.postcode, m.hires.map((h) => h.id)])).toEqual([
      [1, 'YO1 6DH', ['1', '4']],
      [2, 'LS3 1LL', ['2', '3']],
    ]);
    expect(markers[0].position).toEqual({ lat: 53.96, lng: -1.08 });
    expect(unplaced).toEqual([]);
  });

  it('lists a postcode no site of which could be placed, rather than losing it', () => {
    const { markers, unplaced } = groupByPostcode(
      [hire('1', 'd', 'ZZ9 9ZZ'), hire('2', 'a', 'LS3 1LL')],
      sites,
    );
    expect(markers.map((m) => m.number)).toEqual([1]);
    expect(unplaced).toEqual([
      { postcode: 'ZZ9 9ZZ', siteNames: ['Site d'], hires: [expect.objectContaining({ id: '1' })] },
    ]);
  });

  it("prefers Google's position for the postcode when it has one", () => {
    const { markers } = groupByPostcode(
      [hire('1', 'd', 'ZZ9 9ZZ')],
      sites,
      new Map([['ZZ9 9ZZ', { lat: 51, lng: 0 }]]),
    );
    expect(markers[0].position).toEqual({ lat: 51, lng: 0 });
  });
});

describe('the view (spec §9 Map)', () => {
  const size = { width: 800, height: 500 };

  it('is London at zoom 9 without markers', () => {
    expect(fitView([], size)).toEqual({ center: LONDON, zoom: EMPTY_ZOOM });
  });

  it('is at most zoom 12 after fitting, even for one marker', () => {
    expect(fitView([{ lat: 53.8, lng: -1.55 }], size).zoom).toBe(MAX_FIT_ZOOM);
    expect(
      fitView(
        [
          { lat: 53.8, lng: -1.55 },
          { lat: 53.8001, lng: -1.5501 },
        ],
        size,
      ).zoom,
    ).toBe(MAX_FIT_ZOOM);
  });

  it('can fit no closer than a lower limit (the offline basemap)', () => {
    expect(fitView([{ lat: 53.8, lng: -1.55 }], size, { maxZoom: 8 }).zoom).toBe(8);
  });

  it('fits sites on three continents inside a phone-sized map (zoom below 2)', () => {
    const phone = { width: 358, height: 420 };
    const points = [
      { lat: 51.5, lng: -0.13 }, // London
      { lat: -33.87, lng: 151.21 }, // Sydney
      { lat: 38.9, lng: -77.04 }, // Washington
    ];
    const view = fitView(points, phone);
    expect(view.zoom).toBeLessThan(2);
    const scale = 2 ** view.zoom;
    const [cx, cy] = project(view.center);
    for (const point of points) {
      const [x, y] = project(point);
      const [sx, sy] = [(x - cx) * scale + phone.width / 2, (y - cy) * scale + phone.height / 2];
      expect(sx).toBeGreaterThanOrEqual(0);
      expect(sx).toBeLessThanOrEqual(phone.width);
      expect(sy).toBeGreaterThanOrEqual(0);
      expect(sy).toBeLessThanOrEqual(phone.height);
    }
  });

  it('fits markers across Britain at a zoom that shows them all, centred between them', () => {
    const leeds = { lat: 53.8, lng: -1.55 };
    const london = { lat: 51.5, lng: -0.13 };
    const view = fitView([leeds, london], size);
    expect(view.zoom).toBe(7);
    const fits = (zoom: number) => {
      const scale = 2 ** zoom;
      const [cx, cy] = project(view.center);
      return [leeds, london].every((point) => {
        const [x, y] = project(point);
        return Math.abs((x - cx) * scale) < size.width / 2 && Math.abs((y - cy) * scale) < size.height / 2;
      });
    };
    expect(fits(view.zoom)).toBe(true);
    // The closest whole zoom that still shows both.
    expect(fits(view.zoom + 2)).toBe(false);
  });

  it('projects and unprojects in Web Mercator', () => {
    const back = unproject(project({ lat: 53.8, lng: -1.55 }));
    expect(back.lat).toBeCloseTo(53.8, 9);
    expect(back.lng).toBeCloseTo(-1.55, 9);
    expect(project({ lat: 0, lng: 0 })).toEqual([128, 128]);
  });
});

describe('markers that would cover each other (the offline map)', () => {
  const placedAt = (points: [number, number][]) =>
    spreadMarkers(points).map(({ dx, dy }, i) => [points[i]![0] + dx, points[i]![1] + dy] as const);

  it('moves nearby and identical markers apart, and leaves lone ones where they are', () => {
    const points: [number, number][] = [
      [100, 100],
      [110, 104], // a nearby town: would hide most of the first
      [100, 100], // the same town
      [100, 100],
      [400, 300], // far away
    ];
    const placed = placedAt(points);
    expect(placed[0]).toEqual([100, 100]);
    expect(placed[4]).toEqual([400, 300]);
    for (let a = 0; a < 4; a++)
      for (let b = a + 1; b < 4; b++) {
        const [ax, ay] = placed[a]!;
        const [bx, by] = placed[b]!;
        expect(Math.hypot(ax - bx, ay - by)).toBeGreaterThanOrEqual(MARKER_SPACING - 1);
      }
  });

  it('keeps markers that are already apart where they are', () => {
    expect(
      spreadMarkers([
        [0, 0],
        [MARKER_SPACING, 0],
        [0, MARKER_SPACING + 5],
      ]),
    ).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });
});
