import type { GeometryCollection, Topology } from 'topojson-specification';
import worldUrl from 'world-atlas/countries-50m.json?url';
import { TILE_SIZE } from './map-markers';

/** Land and borders as SVG paths in world pixels at zoom 0 (scaled by the map's transform). */
export interface Basemap {
  land: string;
  borders: string;
}

let loading: Promise<Basemap> | null = null;

/**
 * Natural Earth's 1:50m countries (the world-atlas package, shipped with the app as a static
 * file): land and country borders drawn with d3-geo's Mercator, the projection Google uses, so
 * markers and coastline agree. Loaded once, when a map first shows.
 */
export function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`Basemap answered ${response.status}`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then(async (topology) => {
      // Drawing code loads with the data, not with the page.
      const [{ geoMercator, geoPath }, { feature, mesh }] = await Promise.all([
        import('d3-geo'),
        import('topojson-client'),
      ]);
      const projection = geoMercator()
        .scale(TILE_SIZE / (2 * Math.PI))
        .translate([TILE_SIZE / 2, TILE_SIZE / 2]);
      // Six decimals at zoom 0 are a fraction of a pixel even at zoom 16.
      const path = geoPath(projection).digits(6);
      const countries = topology.objects.countries;
      return {
        land: path(feature(topology, countries)) ?? '',
        borders: path(mesh(topology, countries, (a, b) => a !== b)) ?? '',
      };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
