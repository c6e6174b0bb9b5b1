import { lazy, Suspense, useMemo } from 'react';
import { CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { googleMapsKey } from '../map-config';
import type { LatLng } from '../map-markers';
import { OfflineMap, type MapMarker } from './OfflineMap';

const SimpleGoogleMap = lazy(() =>
  import('./SimpleGoogleMap').then((module) => ({ default: module.SimpleGoogleMap })),
);

/** The fixed postcode of the test page (spec §2 Maps), and where it is, for the offline map. */
export const TEST_POSTCODE = 'SW1A 1AA';
const TEST_POSITION: LatLng = { lat: 51.501009, lng: -0.141588 };

/** Spec §2 Maps: /simple-map, a test page for one fixed postcode. */
export function SimpleMapScreen() {
  const { t } = useTranslation('maps');
  usePageTitle(t('simple.title'));
  const apiKey = googleMapsKey();
  const marker = useMemo<MapMarker>(
    () => ({
      key: TEST_POSTCODE,
      label: '1',
      position: TEST_POSITION,
      description: t('simple.marker', { postcode: TEST_POSTCODE }),
    }),
    [t],
  );
  const fitTo = useMemo(() => [TEST_POSITION], []);
  return (
    <>
      <PageHeader
        title={t('simple.title')}
        subtitle={t('simple.subtitle', { postcode: TEST_POSTCODE })}
        subtitleTestId="simple-map-postcode"
        mb={2}
      />
      {apiKey ? (
        <Suspense fallback={<CircularProgress aria-label={t('map.loading')} />}>
          <SimpleGoogleMap
            apiKey={apiKey}
            postcode={TEST_POSTCODE}
            label={t('simple.mapLabel')}
            marker={marker}
          />
        </Suspense>
      ) : (
        <OfflineMap
          markers={[marker]}
          fitTo={fitTo}
          selected={null}
          onSelect={() => undefined}
          label={t('simple.mapLabel')}
        />
      )}
    </>
  );
}
