import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Card, CardContent, Grid, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../lib/sites';
import type { Hire } from '../api/get-map-data';
import { groupByPostcode, type LatLng } from '../map-markers';
import { MarkerPanel } from './MarkerPanel';
import type { MapMarker } from './OfflineMap';

export interface MapProps {
  markers: readonly MapMarker[];
  fitTo: readonly LatLng[] | null;
  selected: string | null;
  onSelect: (key: string) => void;
  label: string;
}

/**
 * The hires map's page body, whichever map draws it: one numbered marker per postcode, the
 * selected marker's panel beside the map (below it on a phone), and the sites that could not be
 * placed listed rather than lost.
 */
export function HiresMapLayout({
  hires,
  sites,
  geocoded,
  renderMap,
}: {
  /** Undefined while loading. */
  hires: readonly Hire[] | undefined;
  sites: readonly Site[] | undefined;
  geocoded?: ReadonlyMap<string, LatLng | null>;
  renderMap: (props: MapProps) => ReactNode;
}) {
  const { t } = useTranslation('maps');
  const [selected, setSelected] = useState<string | null>(null);
  const loaded = hires !== undefined && sites !== undefined;
  const { markers, unplaced } = useMemo(
    () => (loaded ? groupByPostcode(hires, sites, geocoded) : { markers: [], unplaced: [] }),
    [loaded, hires, sites, geocoded],
  );
  const mapMarkers = useMemo<MapMarker[]>(
    () =>
      markers.map((group) => ({
        key: group.postcode,
        label: String(group.number),
        position: group.position,
        description: t('marker.label', {
          number: group.number,
          postcode: group.postcode,
          count: group.hires.length,
        }),
      })),
    [markers, t],
  );
  const fitTo = useMemo(() => (loaded ? markers.map((group) => group.position) : null), [loaded, markers]);
  const open = markers.find((group) => group.postcode === selected) ?? null;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        {renderMap({ markers: mapMarkers, fitTo, selected, onSelect: setSelected, label: t('map.label') })}
        {loaded && markers.length === 0 && unplaced.length === 0 && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="map-empty">
            {t('empty')}
          </Alert>
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {open ? (
          <MarkerPanel group={open} />
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="map-hint">
            {markers.length > 0 ? t('hint') : ''}
          </Typography>
        )}
        {unplaced.length > 0 && (
          <Card variant="outlined" sx={{ mt: 2 }} data-testid="unplaced-sites">
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('unplaced.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('unplaced.hint')}
              </Typography>
              <List dense>
                {unplaced.map((group) => (
                  <ListItem key={group.postcode || '-'} disableGutters>
                    <ListItemText
                      primary={group.siteNames.join(', ') || t('unplaced.unnamed')}
                      secondary={t('unplaced.item', {
                        postcode: group.postcode || t('unplaced.noPostcode'),
                        count: group.hires.length,
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        )}
      </Grid>
    </Grid>
  );
}
