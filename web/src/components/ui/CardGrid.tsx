import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@planted/domain';

/**
 * The card lists of spec §2 (equipment, suppliers, sites, hires): 12 skeleton cards while
 * loading, the error with 'Try Again', an empty state that says what to do next, or the cards
 * in a grid of up to three columns.
 */
/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function CardGrid<T>({
  items,
  getKey,
  renderCard,
  isLoading,
  error,
  onRetry,
  empty,
  skeletonCount = PAGE_SIZE,
}: {
  items: readonly T[] | undefined;
  getKey: (item: T) => string | number;
  renderCard: (item: T) => ReactNode;
  isLoading: boolean;
  /** The screen's failure text (e.g. 'Failed to load equipment'); set when the load failed. */
  error?: string | null;
  onRetry?: () => void;
  /** Title, next step and an optional action (spec: every empty state says what to do next). */
  empty: { title: string; hint: string; action?: ReactNode };
  skeletonCount?: number;
}) {
  const { t } = useTranslation('common');
  if (isLoading) {
    // A screen reader hears 'Loading' (a status, read when it appears); the placeholder
    // cards are only for the eye.
    return (
      <>
        <Box role="status" sx={visuallyHidden}>
          {t('loading')}
        </Box>
        <Grid container spacing={2} aria-hidden="true">
          {Array.from({ length: skeletonCount }, (_, index) => (
            <Grid key={index} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" data-testid="card-skeleton">
                <Skeleton variant="rectangular" height={140} />
                <CardContent>
                  <Skeleton width="60%" />
                  <Skeleton />
                  <Skeleton width="40%" />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('list.tryAgain')}
            </Button>
          )
        }
      >
        {error}
      </Alert>
    );
  }
  if (!items || items.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6 }} data-testid="empty-state">
        <Typography variant="h6" component="p">
          {empty.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {empty.hint}
        </Typography>
        {empty.action && <Box sx={{ mt: 2 }}>{empty.action}</Box>}
      </Box>
    );
  }
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Grid key={getKey(item)} size={{ xs: 12, sm: 6, md: 4 }} component="li">
          {renderCard(item)}
        </Grid>
      ))}
    </Grid>
  );
}
