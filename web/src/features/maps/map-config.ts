declare const __PLANTED_GOOGLE_MAPS_KEY__: string | undefined;

/**
 * The browser key of Google's Maps JavaScript API, taken from VITE_GOOGLE_MAPS_API_KEY when the
 * web app is built (no API answer carries one today). Empty, the default, means the offline map,
 * which needs neither a key nor the internet.
 */
export function googleMapsKey(): string {
  return typeof __PLANTED_GOOGLE_MAPS_KEY__ === 'string' ? __PLANTED_GOOGLE_MAPS_KEY__ : '';
}
