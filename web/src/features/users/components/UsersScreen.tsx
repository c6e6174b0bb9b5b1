import { Alert, Grid, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useSession } from '../../../lib/session';
import { InviteUserForm } from './InviteUserForm';
import { PendingInvitationsList } from './PendingInvitationsList';
import { TeamMembersList } from './TeamMembersList';

export function UsersScreen() {
  const { t } = useTranslation('users');
  const { user } = useSession();
  usePageTitle(t('title'));
  return (
    <>
      <PageHeader title={t('title')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <TeamMembersList />
            {user?.role === 'admin' && <PendingInvitationsList />}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          {user?.role === 'admin' ? (
            <InviteUserForm />
          ) : (
            <Alert severity="info" data-testid="invite-admin-only">
              {t('invite.adminOnly')}
            </Alert>
          )}
        </Grid>
      </Grid>
    </>
  );
}
