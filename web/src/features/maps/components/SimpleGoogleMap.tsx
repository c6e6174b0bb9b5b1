import { useMemo } from 'react';
import { GoogleMapView, useGooglePostcodes } from './GoogleMapView';
import type { MapMarker } from './OfflineMap';

/** /simple-map on Google's map: the fixed postcode geocoded with ', UK' appended. */
export function SimpleGoogleMap({
  apiKey,
  postcode,
  label,
  marker,
}: {
  apiKey: string;
  postcode: string;
  label: string;
  marker: MapMarker;
}) {
  const postcodes = useMemo(() => [postcode], [postcode]);
  const { isLoaded, loadError, geocoded } = useGooglePostcodes(apiKey, postcodes);
  const position = geocoded.get(postcode);
  const markers = useMemo(() => (position ? [{ ...marker, position }] : []), [marker, position]);
  // Geocoding failure falls back to the default view (spec §8).
  const fitTo = useMemo(
    () => (position ? [position] : geocoded.has(postcode) ? [] : null),
    [position, geocoded, postcode],
  );
  return (
    <GoogleMapView
      isLoaded={isLoaded}
      loadError={loadError}
      markers={markers}
      fitTo={fitTo}
      selected={null}
      onSelect={() => undefined}
      label={label}
    />
  );
}
