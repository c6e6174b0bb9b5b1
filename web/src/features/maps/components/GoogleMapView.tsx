import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { GoogleMap, MarkerF, useJsApiLoader } from '@react-google-maps/api';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ZOOM, EMPTY_ZOOM, LONDON, MAX_FIT_ZOOM, type LatLng } from '../map-markers';
import type { MapMarker } from './OfflineMap';

// Spec §7: the maps script is loaded with its places library. A constant: the loader compares it.
const LIBRARIES: 'places'[] = ['places'];

/**
 * Spec §2 Maps: postcodes geocoded by Google with ', UK' appended; a postcode it cannot place
 * is left out of the answer (the screen then falls back to the server's position of the site).
 */
export function useGooglePostcodes(apiKey: string, postcodes: readonly string[]) {
  const { isLoaded, loadError } = useJsApiLoader({
    id: 'planted-google-maps',
    googleMapsApiKey: apiKey,
    libraries: LIBRARIES,
  });
  const [geocoded, setGeocoded] = useState<ReadonlyMap<string, LatLng | null>>(new Map());
  const wanted = postcodes.join('|');
  useEffect(() => {
    if (!isLoaded || !wanted) return;
    let live = true;
    const geocoder = new google.maps.Geocoder();
    const missing = wanted.split('|').filter((postcode) => !geocoded.has(postcode));
    void Promise.all(
      missing.map((postcode) =>
        geocoder
          .geocode({ address: `${postcode}, UK` })
          .then(({ results }) => {
            const location = results[0]?.geometry.location;
            return [postcode, location ? { lat: location.lat(), lng: location.lng() } : null] as const;
          })
          .catch(() => [postcode, null] as const),
      ),
    ).then((answers) => {
      if (live && answers.length > 0) setGeocoded((current) => new Map([...current, ...answers]));
    });
    return () => {
      live = false;
    };
    // `geocoded` grows from this effect's own answers; only a new set of postcodes asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoaded, wanted]);
  return { isLoaded, loadError, geocoded };
}

/** The same markers on Google's map, when a key is configured. */
export function GoogleMapView({
  isLoaded,
  loadError,
  markers,
  fitTo,
  selected,
  onSelect,
  label,
}: {
  isLoaded: boolean;
  loadError: Error | undefined;
  markers: readonly MapMarker[];
  fitTo: readonly LatLng[] | null;
  selected: string | null;
  onSelect: (key: string) => void;
  label: string;
}) {
  const { t } = useTranslation('maps');
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const fitKey = useMemo(
    () => (fitTo === null ? null : fitTo.map((p) => `${p.lat},${p.lng}`).join(';')),
    [fitTo],
  );
  useEffect(() => {
    if (!map) return;
    if (fitTo === null) {
      map.setCenter(LONDON);
      map.setZoom(DEFAULT_ZOOM);
    } else if (fitTo.length === 0) {
      map.setCenter(LONDON);
      map.setZoom(EMPTY_ZOOM);
    } else {
      const bounds = new google.maps.LatLngBounds();
      fitTo.forEach((position) => bounds.extend(position));
      map.fitBounds(bounds);
      google.maps.event.addListenerOnce(map, 'idle', () => {
        if ((map.getZoom() ?? 0) > MAX_FIT_ZOOM) map.setZoom(MAX_FIT_ZOOM);
      });
    }
    // fitKey stands for fitTo's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey]);

  if (loadError) return <Alert severity="error">{t('map.googleFailed')}</Alert>;
  if (!isLoaded)
    return (
      <Box sx={{ height: 480, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('map.loading')} />
      </Box>
    );
  return (
    <Box role="region" aria-label={label} sx={{ height: { xs: 380, md: 560 } }} data-testid="google-map">
      <GoogleMap
        mapContainerStyle={{ width: '100%', height: '100%' }}
        center={LONDON}
        zoom={DEFAULT_ZOOM}
        onLoad={setMap}
        onUnmount={() => setMap(null)}
      >
        {markers.map((marker) => (
          <MarkerF
            key={marker.key}
            position={marker.position}
            label={{ text: marker.label, color: '#ffffff', fontWeight: '700' }}
            title={marker.description}
            zIndex={marker.key === selected ? 2 : 1}
            onClick={() => onSelect(marker.key)}
          />
        ))}
      </GoogleMap>
    </Box>
  );
}
