import { Box, Card, CardActionArea, CardContent, Chip, Grid, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ExtensionIcon from '@mui/icons-material/Extension';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useIntegrationStatus } from '../../../lib/accounting';

/**
 * The accounting card's state from GET /zahara/status (any member may read it): active, or not
 * configured yet; while unknown (loading, or the status could not be read) it is simply available.
 */
function AccountingState() {
  const { t } = useTranslation('integrations');
  const status = useIntegrationStatus();
  if (!status.data)
    return (
      <Chip size="small" color="success" label={t('available')} data-testid="integration-zahara-state" />
    );
  const active = status.data.is_active;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={active ? t('active') : t('notConfigured')}
      data-testid="integration-zahara-state"
    />
  );
}

export function IntegrationsScreen() {
  const { t } = useTranslation('integrations');
  usePageTitle(t('title'));
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to="/zahara"
              sx={{ height: '100%' }}
              data-testid="integration-zahara"
            >
              <CardContent>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <ReceiptLongIcon color="primary" fontSize="large" aria-hidden />
                  <AccountingState />
                </Box>
                <Typography variant="h6" component="h2">
                  {t('zahara.name')}
                </Typography>
                <Typography color="text.secondary">{t('zahara.description')}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card
            variant="outlined"
            sx={{ height: '100%', opacity: 0.85 }}
            aria-disabled="true"
            data-testid="integration-more"
          >
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <ExtensionIcon color="disabled" fontSize="large" aria-hidden />
                <Chip size="small" label={t('comingSoon')} />
              </Box>
              <Typography variant="h6" component="h2">
                {t('more.name')}
              </Typography>
              <Typography color="text.secondary">{t('more.description')}</Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
