import { useEffect, useRef } from 'react';
import { Box, Grid, Typography } from '@mui/material';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { userFromToken } from '../../../lib/jwt';
import { useSession } from '../../../lib/session';
import { refreshProfile } from '../../../lib/session-api';
import { sessionStore } from '../../../lib/session-store';
import { useOverdue } from '../api/get-overdue';
import { OverdueReturns } from './OverdueReturns';
import { PlantReminders } from './PlantReminders';
import { QuickActions } from './QuickActions';
import { StatCards } from './StatCards';

/**
 * Spec §2: a token query parameter becomes the session token, leaves the URL, and the profile
 * is refreshed; only a token of the user already signed in (a fresh one), never another
 * account's from a link someone sent (the reader would go on working in the sender's company).
 */
function useTokenFromQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    const signedIn = sessionStore.getState().user;
    const taken = signedIn !== null && userFromToken(token)?.id === signedIn.id;
    if (taken) sessionStore.update({ token });
    else console.warn('A token in the address for another account was not used');
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('token');
        return next;
      },
      { replace: true },
    );
    if (taken)
      refreshProfile().catch((error: unknown) => console.error('Failed to refresh the profile', error));
  }, [token, setSearchParams]);
}

export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const { user, customer } = useSession();
  usePageTitle(t('title'));
  useTokenFromQuery();
  const overdue = useOverdue();
  // A company that has just registered is welcomed, not welcomed back.
  const justRegistered = (useLocation().state as { flash?: string } | null)?.flash === 'registrationSuccess';

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1, sm: 2 },
          flexWrap: 'wrap',
          mb: { xs: 2, sm: 3 },
        }}
      >
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          data-testid="dashboard-welcome"
        >
          {t(justRegistered ? 'welcomeNew' : 'welcome', { name: user?.name ?? '' })}
        </Typography>
        <StatusBadge status={customer?.status} size="medium" />
      </Box>
      <StatCards />
      <Grid container spacing={2} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <QuickActions />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <OverdueReturns
            items={overdue.data?.overdue ?? []}
            total={overdue.data?.total}
            loading={overdue.isPending}
            unavailable={overdue.isError}
          />
        </Grid>
        <Grid size={12}>
          <PlantReminders />
        </Grid>
      </Grid>
    </Box>
  );
}
