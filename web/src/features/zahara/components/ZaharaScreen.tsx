import { Alert, Box, Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { isAccountingActive, useAccountingActive, useAccountingSettings } from '../../../lib/accounting';
import { useSession } from '../../../lib/session';
import { SettingsForm } from './SettingsForm';
import { SupplierMatching } from './SupplierMatching';

/**
 * Spec §2 Accounting integration settings (/zahara): the API key, the default codes with their
 * lookups, a connection test, and supplier matching. Settings and matching are an
 * administrator's; everyone else sees whether the integration is configured and the matches.
 */
export function ZaharaScreen() {
  const { t } = useTranslation(['zahara', 'common']);
  usePageTitle(t('title'));
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  // Only an administrator may read the settings; everyone reads the integration's status.
  const settings = useAccountingSettings(isAdmin);
  const statusActive = useAccountingActive();
  const configured = isAdmin ? isAccountingActive(settings.data) : statusActive;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      {!isAdmin ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="zahara-admins-only">
          {t('settings.adminsOnly')}
        </Alert>
      ) : settings.isPending ? (
        <Skeleton variant="rounded" height={320} sx={{ mb: 3 }} data-testid="zahara-loading" />
      ) : settings.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('common:list.tryAgain')}
            </Button>
          }
          data-testid="zahara-load-error"
        >
          {t('settings.loadFailed')}
        </Alert>
      ) : (
        // Mounted again after a save, so the form starts from what the server kept (the key masked).
        <SettingsForm key={settings.data.updated_at ?? 'new'} settings={settings.data} />
      )}

      {(!isAdmin || settings.isSuccess) && <SupplierMatching configured={configured} canMatch={isAdmin} />}
    </Box>
  );
}
