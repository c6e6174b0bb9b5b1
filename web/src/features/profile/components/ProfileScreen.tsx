import { Grid, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useSession } from '../../../lib/session';
import { AccountInfoCard } from './AccountInfoCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PreferencesCard } from './PreferencesCard';
import { ProfileInfoForm } from './ProfileInfoForm';
import { ProfilePictureCard } from './ProfilePictureCard';

export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const { user, customer } = useSession();
  usePageTitle(t('title'));
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('title')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <ProfilePictureCard />
            <AccountInfoCard user={user} customer={customer} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            <ProfileInfoForm key={String(user.id)} user={user} />
            <PreferencesCard />
            <ChangePasswordForm />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
