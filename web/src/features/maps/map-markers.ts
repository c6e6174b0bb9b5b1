import type { Hire, Site } from '@planted/contracts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Spec §9 Map: default centre London at zoom 6; 9 with no markers; at most 12 after fitting. */
export const LONDON: LatLng = { lat: 51.5074, lng: -0.1278 };
export const DEFAULT_ZOOM = 6;
export const EMPTY_ZOOM = 9;
export const MAX_FIT_ZOOM = 12;
/**
 * The offline map fits no closer than this: Natural Earth's 1:50m coastlines and borders show
 * nothing more beyond it (a single site at zoom 12 would be an empty square of land). Closer is
 * still a click away.
 */
export const OFFLINE_MAX_FIT_ZOOM = 8;
/**
 * The whole world is 256 px wide at zoom 0: a phone's map (about 350 px) needs it to show sites
 * in Britain, America and Australia at once (audit N: at 2, the fit left two of them outside).
 */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 16;
/** Web Mercator: the world is 256 × 2^zoom pixels wide (as Google's maps). */
export const TILE_SIZE = 256;

/** One numbered marker: every hire at one postcode (spec §2 Maps). */
export interface MarkerGroup {
  number: number;
  postcode: string;
  position: LatLng;
  hires: Hire[];
}

/** A postcode whose site could not be placed: listed beside the map, not lost. */
export interface UnplacedGroup {
  postcode: string;
  siteNames: string[];
  hires: Hire[];
}

export const normalisePostcode = (postcode: string | null | undefined): string =>
  (postcode ?? '').trim().toUpperCase().replace(/\s+/g, ' ');

/**
 * Groups hires by their site's postcode, in the order the hires came, and places each group at
 * the first position found for it: `geocoded` (Google's answer for the postcode, when a key is
 * set) or else the server's position of one of its sites.
 */
export function groupByPostcode(
  hires: readonly Hire[],
  sites: readonly Site[],
  geocoded: ReadonlyMap<string, LatLng | null> = new Map(),
): { markers: MarkerGroup[]; unplaced: UnplacedGroup[] } {
  const siteById = new Map(sites.map((site) => [site.id, site]));
  const groups = new Map<string, { hires: Hire[]; sites: Site[] }>();
  for (const hire of hires) {
    const site = siteById.get(hire.site_id);
    const postcode = normalisePostcode(hire.site_postcode ?? site?.postcode);
    const group = groups.get(postcode) ?? { hires: [], sites: [] };
    group.hires.push(hire);
    if (site && !group.sites.includes(site)) group.sites.push(site);
    groups.set(postcode, group);
  }
  const markers: MarkerGroup[] = [];
  const unplaced: UnplacedGroup[] = [];
  for (const [postcode, group] of groups) {
    const fromServer = group.sites.find((site) => site.latitude !== null && site.longitude !== null);
    const position =
      geocoded.get(postcode) ??
      (fromServer ? { lat: fromServer.latitude as number, lng: fromServer.longitude as number } : null);
    if (position) markers.push({ number: markers.length + 1, postcode, position, hires: group.hires });
    else
      unplaced.push({
        postcode,
        siteNames: [...new Set(group.hires.map((hire) => hire.site_name ?? '').filter(Boolean))],
        hires: group.hires,
      });
  }
  return { markers, unplaced };
}

/** Longitude/latitude to world pixels at zoom 0 (Web Mercator). */
export function project({ lat, lng }: LatLng): [number, number] {
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return [TILE_SIZE * (0.5 + lng / 360), TILE_SIZE * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
}

/** World pixels at zoom 0 back to longitude/latitude. */
export function unproject([x, y]: [number, number]): LatLng {
  const lng = (x / TILE_SIZE - 0.5) * 360;
  const n = Math.PI - (2 * Math.PI * y) / TILE_SIZE;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng };
}

export interface MapView {
  center: LatLng;
  zoom: number;
}

/**
 * The view that shows every marker (spec §9): London at zoom 9 with none; otherwise the whole
 * zoom level at which their box fits the map with a margin, at most 12 (one marker: 12).
 */
export function fitView(
  positions: readonly LatLng[],
  size: { width: number; height: number },
  { padding = 48, maxZoom = MAX_FIT_ZOOM }: { padding?: number; maxZoom?: number } = {},
): MapView {
  if (positions.length === 0) return { center: LONDON, zoom: EMPTY_ZOOM };
  const points = positions.map(project);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const center = unproject([(minX + maxX) / 2, (minY + maxY) / 2]);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const usableX = Math.max(1, size.width - 2 * padding);
  const usableY = Math.max(1, size.height - 2 * padding);
  const zoomFor = (span: number, usable: number) => (span === 0 ? maxZoom : Math.log2(usable / span));
  const zoom = Math.floor(Math.min(zoomFor(spanX, usableX), zoomFor(spanY, usableY)));
  return { center, zoom: Math.max(MIN_ZOOM, Math.min(maxZoom, zoom)) };
}

/** The offline map's markers are 32 px across: closer than this, one hides another. */
export const MARKER_SPACING = 34;

/**
 * Moves markers that would cover each other apart: each marker (its screen position, in
 * order) joins the first group whose anchor is within MARKER_SPACING of it, and the group's
 * markers fan out around that anchor on a sunflower spiral. Answers each marker's offset from
 * its own position, in pixels; a marker alone keeps its place. Zooming in separates groups.
 */
export function spreadMarkers(points: readonly [number, number][]): { dx: number; dy: number }[] {
  const groups: { x: number; y: number; size: number }[] = [];
  return points.map(([x, y]) => {
    const group = groups.find((g) => Math.hypot(g.x - x, g.y - y) < MARKER_SPACING);
    if (!group) {
      groups.push({ x, y, size: 1 });
      return { dx: 0, dy: 0 };
    }
    const index = group.size++;
    const angle = index * 2.4; // about the golden angle: neighbours never line up
    const radius = MARKER_SPACING * Math.sqrt(index);
    return { dx: group.x + Math.cos(angle) * radius - x, dy: group.y + Math.sin(angle) * radius - y };
  });
}
