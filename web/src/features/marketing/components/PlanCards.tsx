import { Box, Button, Card, CardActions, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLANS } from '@planted/domain';
import { formatMoney } from '../../../lib/format';

// Plan prices are whole pounds: '£79', not '£79.00'. Anything with pence keeps them.
const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

function formatPlanPrice(value: number): string {
  return Number.isInteger(value) ? wholePounds.format(value) : formatMoney(value);
}

/** Plan cards built from the shared plan table; only the monthly price is shown (spec §9). */
export function PlanCards({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['marketing', 'common']);
  return (
    <Grid container spacing={3} alignItems="stretch">
      {PLANS.map((plan) => (
        <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 3 }}>
          <Card
            variant="outlined"
            data-testid={`plan-${plan.id}`}
            sx={{
              height: '100%',
              display: 'flex',
              flexDirection: 'column',
              position: 'relative',
              overflow: 'visible',
              borderColor: plan.most_popular ? 'primary.main' : 'divider',
              // A second pixel of border drawn outside, so that the content does not move down by it.
              boxShadow: (theme) => (plan.most_popular ? `0 0 0 1px ${theme.palette.primary.main}` : 'none'),
            }}
          >
            {/* On the card's top edge, so that it takes no line of its own and the prices line up. */}
            {plan.most_popular && (
              <Chip
                color="primary"
                size="small"
                label={t('pricing.mostPopular')}
                sx={{ position: 'absolute', top: 0, left: '50%', transform: 'translate(-50%, -50%)' }}
              />
            )}
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                {t(`common:plans.${plan.id}`)}
              </Typography>
              <Typography variant="h4" component="p" sx={{ fontWeight: 800, mt: 1 }} data-testid="plan-price">
                {formatPlanPrice(plan.price_monthly)}
                <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', ml: 0.5 }}>
                  {t('pricing.perMonth')}
                </Typography>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t(`plans.${plan.id}.description`)}
              </Typography>
              {!compact && (
                <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  <Feature
                    text={
                      plan.hire_limit === null
                        ? t('pricing.unlimitedHires')
                        : t('pricing.hireLimit', { count: plan.hire_limit })
                    }
                  />
                  <Feature
                    text={
                      plan.user_limit === null
                        ? t('pricing.unlimitedUsers')
                        : t('pricing.userLimit', { count: plan.user_limit })
                    }
                  />
                  <Feature text={t(`plans.${plan.id}.extra`)} />
                </Stack>
              )}
            </CardContent>
            <CardActions sx={{ p: 2, pt: 0 }}>
              <Button
                component={RouterLink}
                to="/signup"
                fullWidth
                variant={plan.most_popular ? 'contained' : 'outlined'}
              >
                {plan.price_monthly === 0 ? t('cta.getStarted') : t('cta.startTrial')}
              </Button>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Feature({ text }: { text: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <CheckIcon fontSize="small" color="success" aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}
