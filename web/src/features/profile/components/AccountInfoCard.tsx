import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPlanId } from '@planted/domain';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate } from '../../../lib/format';
import type { Customer, User } from '../../../lib/types';

export function AccountInfoCard({ user, customer }: { user: User; customer: Customer | null }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const plan = customer?.subscription_plan;
  const rows = [
    { key: 'company', value: customer?.name ?? '—' },
    { key: 'plan', value: isPlanId(plan) ? t(`common:plans.${plan}`) : '—' },
    { key: 'memberSince', value: formatDate(user.created_at, i18n.language) || '—' },
  ];
  return (
    <Card variant="outlined" data-testid="account-info">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('account.title')}
        </Typography>
        <Stack divider={<Divider flexItem />} spacing={1.25} component="dl" sx={{ m: 0 }}>
          {rows.map(({ key, value }) => (
            <Box key={key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography component="dt" color="text.secondary">
                {t(`account.${key}`)}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}
                data-testid={`account-${key}`}
              >
                {value}
              </Typography>
            </Box>
          ))}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
            <Typography component="dt" color="text.secondary">
              {t('account.status')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <StatusBadge status={customer?.status} />
            </Box>
          </Box>
        </Stack>
        {customer?.subscription_canceled_at && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 2 }}>
            {t('account.willDowngrade')}
          </Typography>
        )}
        {user.role === 'admin' && (
          <Button
            component={RouterLink}
            to="/subscription"
            variant="outlined"
            sx={{ mt: 2 }}
            fullWidth
            data-testid="manage-subscription"
          >
            {t('account.manageSubscription')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
