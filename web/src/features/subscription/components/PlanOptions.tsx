import { Button, CircularProgress, Grid } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlan } from '@planted/contracts';
import { planAction, type PlanId } from '@planted/domain';
import { PlanCard } from '../../../components/ui/PlanCard';

/**
 * Spec §4 Plans: each plan against the company's, in the order free < teams < business <
 * unlimited: a higher one is Upgrade, a lower one Downgrade, the company's own 'Current Plan'
 * (disabled). Free is not offered again while a downgrade to it is already scheduled.
 */
export function PlanOptions({
  plans,
  current,
  downgradeScheduled,
  canChange,
  busyPlan,
  onChoose,
}: {
  plans: readonly SubscriptionPlan[];
  current: PlanId;
  downgradeScheduled: boolean;
  /** Admins only: the server refuses checkout and downgrades to anyone else. */
  canChange: boolean;
  /** The plan whose checkout or downgrade is on its way, if any. */
  busyPlan: PlanId | null;
  onChoose: (plan: SubscriptionPlan) => void;
}) {
  const { t } = useTranslation(['subscription', 'common']);
  return (
    <Grid container spacing={3} alignItems="stretch" sx={{ mt: 1 }}>
      {plans.map((plan) => {
        const action = planAction(current, plan.id);
        const name = t(`common:plans.${plan.id}`);
        const scheduled = action === 'downgrade' && plan.id === 'free' && downgradeScheduled;
        const busy = busyPlan === plan.id;
        let button;
        if (action === 'current') {
          button = (
            <Button fullWidth variant="outlined" disabled data-testid={`plan-action-${plan.id}`}>
              {t('plans.current')}
            </Button>
          );
        } else {
          const label = scheduled
            ? t('plans.scheduled')
            : action === 'upgrade'
              ? t('plans.upgrade')
              : t('plans.downgrade');
          button = (
            <Button
              fullWidth
              variant={action === 'upgrade' ? 'contained' : 'outlined'}
              disabled={!canChange || scheduled || busyPlan !== null}
              onClick={() => onChoose(plan)}
              // The visible word first, so that the name contains what is shown (WCAG 2.5.3).
              aria-label={scheduled ? undefined : `${label} ${t('plans.toPlan', { plan: name })}`}
              startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
              data-testid={`plan-action-${plan.id}`}
            >
              {label}
            </Button>
          );
        }
        return (
          <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 3 }}>
            <PlanCard
              plan={plan}
              mostPopular={plan.most_popular}
              current={action === 'current'}
              action={button}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
