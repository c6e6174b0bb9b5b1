import { useEffect, useRef, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Subscription, SubscriptionPlan } from '@planted/contracts';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate, formatMoney } from '../../../lib/format';

/** A count against a plan limit; `current` undefined while loading, null when it could not be read. */
export interface UsageLine {
  current: number | null | undefined;
  max: number | null;
  /** Seats held by pending invitations (users only, known to admins): they count toward the limit. */
  pending?: number;
}

/**
 * Spec §2 Subscription: the company's plan, its status, the next billing date
 * (subscription_end_date), what it is billed, the usage of active hires and users against the
 * plan's limits ('Unlimited' for null), 'Will downgrade at renewal' once a downgrade to free
 * is scheduled, and Cancel (which schedules that downgrade).
 */
export function CurrentPlanPanel({
  subscription,
  plan,
  hires,
  users,
  canCancel,
  onCancel,
  onKeep,
  keeping = false,
}: {
  subscription: Subscription;
  /** The plan's entry in the plan list, for its price. */
  plan: SubscriptionPlan | undefined;
  hires: UsageLine;
  users: UsageLine;
  /** An admin on a paid plan with no downgrade scheduled yet. */
  canCancel: boolean;
  onCancel: () => void;
  /** Takes back a scheduled downgrade (given to admins only). */
  onKeep?: () => void;
  keeping?: boolean;
}) {
  const { t, i18n } = useTranslation(['subscription', 'common']);
  const planId = subscription.plan;
  const paid = planId !== 'free';
  const willDowngrade = paid && Boolean(subscription.subscription_canceled_at);
  // Keep sits in the notice, which goes once the plan is kept: the focus moves on to Cancel
  // Subscription, where the next action is, instead of falling to the page.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wasScheduled = useRef(willDowngrade);
  useEffect(() => {
    if (wasScheduled.current && !willDowngrade && document.activeElement === document.body)
      cancelRef.current?.focus();
    wasScheduled.current = willDowngrade;
  }, [willDowngrade]);
  const nextBilling = paid ? formatDate(subscription.subscription_end_date, i18n.language) : '';
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'status',
      label: t('current.status'),
      value: <StatusBadge status={subscription.status} />,
    },
    {
      key: 'next-billing',
      label: willDowngrade ? t('current.renewalDate') : t('current.nextBilling'),
      value: nextBilling || t('current.none'),
    },
    {
      key: 'billing',
      label: t('current.billing'),
      value:
        paid && plan
          ? t('current.billedMonthly', { amount: formatMoney(plan.price_monthly) })
          : t('current.noCharge'),
    },
  ];
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="current-plan-title"
      data-testid="current-plan"
    >
      <CardContent>
        <Grid container spacing={{ xs: 2, md: 4 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography id="current-plan-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {t('current.title')}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 800, mt: 1 }}
              data-testid="current-plan-name"
            >
              {t(`common:plans.${planId}`)}
            </Typography>
            {willDowngrade && (
              <Alert
                severity="warning"
                sx={{ mt: 2 }}
                data-testid="will-downgrade"
                action={
                  onKeep && (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={onKeep}
                      disabled={keeping}
                      aria-busy={keeping}
                      data-testid="keep-plan"
                    >
                      {t('current.keep', { plan: t(`common:plans.${planId}`) })}
                    </Button>
                  )
                }
              >
                <strong>{t('current.willDowngrade')}</strong>{' '}
                {nextBilling
                  ? t('current.willDowngradeOn', { date: nextBilling })
                  : t('current.willDowngradeHint')}
              </Alert>
            )}
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 2,
                '& > div': {
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: 2,
                  py: 1.25,
                },
                '& > div + div': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              {rows.map(({ key, label, value }) => (
                <div key={key}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}
                    data-testid={`current-${key}`}
                  >
                    {value}
                  </Typography>
                </div>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {t('usage.title')}
            </Typography>
            <Stack spacing={2}>
              <Usage testId="usage-hires" label={t('usage.hires')} line={hires} />
              <Usage testId="usage-users" label={t('usage.users')} line={users} />
            </Stack>

            {canCancel && (
              <Button
                variant="outlined"
                color="error"
                fullWidth
                sx={{ mt: 3 }}
                onClick={onCancel}
                ref={cancelRef}
                data-testid="cancel-subscription"
              >
                {t('current.cancel')}
              </Button>
            )}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

function Usage({ testId, label, line }: { testId: string; label: string; line: UsageLine }) {
  const { t } = useTranslation('subscription');
  const { current, max, pending = 0 } = line;
  let figure: ReactNode;
  if (current === undefined) figure = <Skeleton width={64} />;
  else if (current === null) figure = t('usage.unavailable');
  else figure = t('usage.of', { current, max: max === null ? t('usage.unlimited') : max });
  const showBar = typeof current === 'number' && max !== null;
  // What the limit is checked against: the seats taken, pending invitations included.
  const taken = typeof current === 'number' ? current + pending : 0;
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Typography>{label}</Typography>
        <Typography sx={{ fontWeight: 600 }} component="span" data-testid={`${testId}-figure`}>
          {figure}
        </Typography>
      </Box>
      {typeof current === 'number' && pending > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-pending`}>
          {t('usage.pending', { count: pending })}
        </Typography>
      )}
      {showBar && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (taken / Math.max(1, max)) * 100)}
          color={taken >= max ? 'warning' : 'primary'}
          aria-label={label}
          sx={{ mt: 0.5 }}
        />
      )}
    </Box>
  );
}
