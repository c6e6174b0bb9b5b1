import { Button, Grid } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLANS } from '@planted/domain';
import { PlanCard } from '../../../components/ui/PlanCard';

/** Plan cards built from the shared plan table; only the monthly price is shown (spec §9). */
export function PlanCards({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('marketing');
  return (
    <Grid container spacing={3} alignItems="stretch">
      {PLANS.map((plan) => (
        <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 3 }}>
          <PlanCard
            plan={plan}
            mostPopular={plan.most_popular}
            compact={compact}
            action={
              <Button
                component={RouterLink}
                to="/signup"
                fullWidth
                variant={plan.most_popular ? 'contained' : 'outlined'}
              >
                {plan.price_monthly === 0 ? t('cta.getStarted') : t('cta.startTrial')}
              </Button>
            }
          />
        </Grid>
      ))}
    </Grid>
  );
}
