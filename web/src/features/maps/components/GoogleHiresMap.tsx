import { useMemo } from 'react';
import type { Site } from '../../../lib/sites';
import type { Hire } from '../api/get-map-data';
import { normalisePostcode } from '../map-markers';
import { GoogleMapView, useGooglePostcodes } from './GoogleMapView';
import { HiresMapLayout } from './HiresMapLayout';

/** The hires map on Google's map (loaded only when a key is configured). */
export function GoogleHiresMap({
  apiKey,
  hires,
  sites,
}: {
  apiKey: string;
  hires: readonly Hire[] | undefined;
  sites: readonly Site[] | undefined;
}) {
  const postcodes = useMemo(
    () => [...new Set((hires ?? []).map((hire) => normalisePostcode(hire.site_postcode)).filter(Boolean))],
    [hires],
  );
  const { isLoaded, loadError, geocoded } = useGooglePostcodes(apiKey, postcodes);
  return (
    <HiresMapLayout
      hires={hires}
      sites={sites}
      geocoded={geocoded}
      renderMap={(props) => <GoogleMapView isLoaded={isLoaded} loadError={loadError} {...props} />}
    />
  );
}
