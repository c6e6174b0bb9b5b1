import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { customerStatusKind, isPlanId, type PlanId } from '@planted/domain';
import { formatDate } from '../../../lib/format';
import type { Customer, User } from '../../../lib/types';

/**
 * The plan by its name ('Teams Edition'). A customer with no plan recorded but the free status
 * is on the Free Edition.
 */
function planOf(customer: Customer | null): PlanId | null {
  const plan = customer?.subscription_plan;
  if (isPlanId(plan)) return plan;
  return customer && customerStatusKind(customer.status) === 'free' ? 'free' : null;
}

export function AccountInfoCard({ user, customer }: { user: User; customer: Customer | null }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const plan = planOf(customer);
  // Status as the spec names it everywhere (§1, §4): free is 'Free Edition', as on the badges.
  const rows = [
    { key: 'company', value: customer?.name ?? '—' },
    { key: 'plan', value: plan ? t(`common:plans.${plan}`) : '—' },
    { key: 'status', value: customer ? t(`account.statuses.${customerStatusKind(customer.status)}`) : '—' },
    { key: 'memberSince', value: formatDate(user.created_at, i18n.language) || '—' },
  ];
  return (
    <Card variant="outlined" data-testid="account-info">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('account.title')}
        </Typography>
        {/* dt/dd pairs grouped in divs (allowed in a dl); the rules between them are borders. */}
        <Box
          component="dl"
          sx={{
            m: 0,
            '& > div': { display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.25 },
            '& > div + div': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {rows.map(({ key, value }) => (
            <div key={key}>
              <Typography component="dt" color="text.secondary">
                {t(`account.${key}`)}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, textAlign: 'right', fontWeight: 600, overflowWrap: 'anywhere' }}
                data-testid={`account-${key}`}
              >
                {value}
              </Typography>
            </div>
          ))}
        </Box>
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
