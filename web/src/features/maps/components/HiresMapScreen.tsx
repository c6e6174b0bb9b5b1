import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Checkbox, CircularProgress, FormControlLabel } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useSites } from '../../../lib/sites';
import { useMapHires } from '../api/get-map-data';
import { googleMapsKey } from '../map-config';
import { HiresMapLayout } from './HiresMapLayout';
import { OfflineMap } from './OfflineMap';

const GoogleHiresMap = lazy(() =>
  import('./GoogleHiresMap').then((module) => ({ default: module.GoogleHiresMap })),
);

/** Spec §2 Maps: /hires-map. */
export function HiresMapScreen() {
  const { t } = useTranslation(['maps', 'hires', 'equipment']);
  usePageTitle(t('title'));
  const [showCompleted, setShowCompleted] = useState(false);
  const hires = useMapHires(showCompleted);
  const sites = useSites();
  const apiKey = googleMapsKey();
  const failed = hires.isError || sites.isError;
  const data = { hires: failed ? undefined : hires.data, sites: failed ? undefined : sites.data };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        mb={2}
        actions={
          <FormControlLabel
            control={
              <Checkbox
                checked={showCompleted}
                onChange={(event) => setShowCompleted(event.target.checked)}
                data-testid="map-show-completed"
              />
            }
            label={t('showCompleted')}
          />
        }
      />
      {failed && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void hires.refetch();
                void sites.refetch();
              }}
            >
              {t('common:list.tryAgain')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      )}
      {apiKey ? (
        <Suspense fallback={<CircularProgress aria-label={t('map.loading')} />}>
          <GoogleHiresMap apiKey={apiKey} {...data} />
        </Suspense>
      ) : (
        <HiresMapLayout {...data} renderMap={(props) => <OfflineMap {...props} />} />
      )}
    </>
  );
}
