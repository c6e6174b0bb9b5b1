import type { ComponentType } from 'react';
import { Box, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import PlaceIcon from '@mui/icons-material/Place';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useDashboardStats, type DashboardStats } from '../api/get-stats';

const CARDS: {
  key: keyof DashboardStats;
  label: string;
  icon: ComponentType<{ color?: 'primary' }>;
  money?: boolean;
}[] = [
  { key: 'totalHires', label: 'stats.totalHires', icon: AssignmentIcon },
  { key: 'activeHires', label: 'stats.activeHires', icon: PlayCircleIcon },
  { key: 'totalSites', label: 'stats.activeSites', icon: PlaceIcon },
  { key: 'totalSpending', label: 'stats.totalSpending', icon: PaymentsIcon, money: true },
];

const VALUE_FONT_SIZE = { xs: '1.5rem', sm: '2.125rem' } as const;

/**
 * A figure's size by its length, so that a long one stays on one line in its card (AQ-5:
 * '£36,006,128.25' broke before its pence at 2.125rem); the last resort still wraps.
 */
function valueFontSize(text: string) {
  if (text.length <= 10) return VALUE_FONT_SIZE;
  if (text.length <= 14) return { xs: '1.25rem', sm: '1.375rem' } as const;
  return { xs: '1.125rem', sm: '1.125rem' } as const;
}

export function StatCards() {
  const { t } = useTranslation('dashboard');
  const stats = useDashboardStats();
  return (
    // Two by two on phones, so that Quick Actions still start on the first screen.
    <Grid container spacing={{ xs: 1.5, sm: 2 }} component="section" aria-label={t('stats.label')}>
      {CARDS.map(({ key, label, icon: Icon, money }) => (
        <Grid key={key} size={{ xs: 6, lg: 3 }}>
          <Card variant="outlined" sx={{ height: '100%' }} data-testid={`stat-${key}`}>
            <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
              <Box
                sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
              >
                <Typography color="text.secondary" component="h2" variant="subtitle2">
                  {t(label)}
                </Typography>
                <Icon color="primary" aria-hidden />
              </Box>
              {stats.isPending ? (
                <Skeleton
                  variant="text"
                  width="60%"
                  sx={{ fontSize: '2rem' }}
                  aria-label={t('stats.loading')}
                />
              ) : stats.isError ? (
                // Spec §2, §8: a load failure is only logged; the card shows no figure.
                <Typography
                  variant="h4"
                  component="p"
                  sx={{ fontSize: VALUE_FONT_SIZE }}
                  aria-hidden
                  data-testid={`stat-${key}-unavailable`}
                >
                  —
                </Typography>
              ) : (
                <StatValue
                  text={money ? formatMoney(stats.data[key]) : String(stats.data[key] ?? 0)}
                  testId={`stat-${key}-value`}
                />
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function StatValue({ text, testId }: { text: string; testId: string }) {
  return (
    <Typography
      variant="h4"
      component="p"
      sx={{ fontWeight: 700, fontSize: valueFontSize(text), overflowWrap: 'anywhere' }}
      data-testid={testId}
    >
      {text}
    </Typography>
  );
}
