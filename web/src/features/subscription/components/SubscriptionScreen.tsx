import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Grid, LinearProgress, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlan } from '@planted/contracts';
import { comparePlans, getPlan, type PlanId } from '@planted/domain';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PlanTerms } from '../../../components/ui/PlanCard';
import { useToast } from '../../../components/ui/toast';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatDate } from '../../../lib/format';
import { browser } from '../../../lib/navigation';
import { getHireUsage } from '../../../lib/plan-usage';
import { hireKeys, subscriptionKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { pendingInvitationsQuery, usersQuery } from '../../../lib/users-api';
import { useDowngradeToFree } from '../api/downgrade-to-free';
import { useKeepPlan } from '../api/keep-plan';
import { usePlans } from '../api/get-plans';
import { useSubscription, type SubscriptionAnswer } from '../api/get-subscription';
import { useStartCheckout } from '../api/start-checkout';
import { subscriptionChanged, subscriptionOf, syncSessionCustomer } from '../subscription-state';
import { useCheckoutReturn } from '../use-checkout-return';
import { CurrentPlanPanel } from './CurrentPlanPanel';
import { PlanOptions } from './PlanOptions';

/** Spec §2 Subscription, §4 Plans and Return from checkout. */
export function SubscriptionScreen() {
  const { t, i18n } = useTranslation(['subscription', 'common', 'forms']);
  usePageTitle(t('title'));
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { user, customer } = useSession();
  const isAdmin = user?.role === 'admin';

  const refresh = useCallback(
    (answer: SubscriptionAnswer) => subscriptionChanged(queryClient, answer),
    [queryClient],
  );
  const { confirming } = useCheckoutReturn(refresh);

  // Billing's own record; the session's copy of it may be older than the last webhook (a
  // renewal, a downgrade that took effect), and is brought up to date from it.
  const current = useSubscription();
  const subscription = current.data?.subscription ?? subscriptionOf(customer);
  useEffect(() => {
    if (current.data) syncSessionCustomer(current.data.subscription);
  }, [current.data]);

  const plansQuery = usePlans();
  const plans = useMemo(
    () => [...(plansQuery.data?.plans ?? [])].sort((a, b) => comparePlans(a.id, b.id)),
    [plansQuery.data],
  );
  const usage = useQuery({ queryKey: hireKeys.usage(), queryFn: getHireUsage });
  const team = useQuery(usersQuery);
  // Pending invitations take seats too (identity counts them against the limit); only
  // administrators may list them.
  const invitations = useQuery({ ...pendingInvitationsQuery, enabled: isAdmin });

  const planId: PlanId = subscription.plan;
  const currentPlan = plans.find((plan) => plan.id === planId);
  // Limits are the current plan's, the one this screen names; the counts are the server's.
  const limits = currentPlan ?? getPlan(planId);
  const downgradeScheduled = planId !== 'free' && Boolean(subscription.subscription_canceled_at);

  const checkout = useStartCheckout();
  const downgrade = useDowngradeToFree();
  const keep = useKeepPlan();
  const [checkoutPlan, setCheckoutPlan] = useState<PlanId | null>(null);
  const [confirmFree, setConfirmFree] = useState(false);
  const [confirmLower, setConfirmLower] = useState<SubscriptionPlan | null>(null);

  // The company's counts: null when they cannot be read, undefined while they load.
  const activeHires = usage.isError ? null : usage.data?.usage.hires.current;
  const teamSize = team.isError ? null : team.data?.length;
  /**
   * Whether the company has more active hires or users than `plan` allows. Only said with both
   * counts known (the dialog names both); unknown, the choice goes on to checkout as before.
   */
  const overLimitsOf = (plan: SubscriptionPlan) =>
    typeof activeHires === 'number' &&
    typeof teamSize === 'number' &&
    ((plan.hire_limit !== null && activeHires > plan.hire_limit) ||
      (plan.user_limit !== null && teamSize > plan.user_limit));

  /** Shows billing's answer to a change everywhere it is read; a failed refresh is logged, not shown. */
  const show = (answer: SubscriptionAnswer, change: string) =>
    refresh(answer).catch((error: unknown) => console.error(`Failed to refresh after ${change}`, error));

  const choose = (plan: SubscriptionPlan) => {
    if (plan.id === 'free') {
      setConfirmFree(true);
      return;
    }
    // A lower paid plan the company is over: it is told what that means before paying for it.
    if (comparePlans(plan.id, planId) < 0 && overLimitsOf(plan)) {
      setConfirmLower(plan);
      return;
    }
    startCheckout(plan);
  };

  const startCheckout = (plan: SubscriptionPlan) => {
    setConfirmLower(null);
    if (!plan.stripe_price_id_monthly) {
      toast.error(t('forms:validation.PRICE_ID_NOT_AVAILABLE'));
      return;
    }
    setCheckoutPlan(plan.id);
    checkout.mutate(plan.stripe_price_id_monthly, {
      // The page stays busy until the browser has left for the checkout page.
      onSuccess: ({ checkoutUrl }) => browser.assign(checkoutUrl),
      onError: (error) => {
        setCheckoutPlan(null);
        toast.error(errorText(error, t('errors.checkout')));
      },
    });
  };

  const scheduleDowngrade = () =>
    downgrade.mutate(undefined, {
      onSuccess: async (answer) => {
        setConfirmFree(false);
        await show(answer, 'downgrade');
        toast.success(t('downgrade.scheduled'));
      },
      onError: (error) => {
        setConfirmFree(false);
        toast.error(errorText(error, t('errors.downgrade')));
      },
    });

  const keepCurrentPlan = () =>
    keep.mutate(undefined, {
      onSuccess: async (answer) => {
        await show(answer, 'keeping the plan');
        toast.success(t('current.kept', { plan: t(`common:plans.${answer.subscription.plan}`) }));
      },
      onError: (error) => {
        toast.error(errorText(error, t('errors.keep')));
        // The plan may have ended meanwhile (409): the screen shows billing's record as it is now.
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.current() });
      },
    });

  const renewal = formatDate(subscription.subscription_end_date, i18n.language);
  const freePlan = plans.find((plan) => plan.id === 'free') ?? getPlan('free');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      {confirming && (
        <Box role="status" sx={{ mb: 3 }} data-testid="checkout-confirming">
          <Typography sx={{ mb: 1 }}>{t('return.confirming')}</Typography>
          <LinearProgress aria-label={t('return.confirming')} />
        </Box>
      )}
      {!isAdmin && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="admins-only">
          {t('adminsOnly')}
        </Alert>
      )}

      <CurrentPlanPanel
        subscription={subscription}
        plan={currentPlan}
        hires={{
          current: activeHires,
          max: limits.hire_limit,
        }}
        users={{ current: teamSize, max: limits.user_limit, pending: invitations.data?.seats.pending }}
        canCancel={isAdmin && planId !== 'free' && !downgradeScheduled}
        onCancel={() => setConfirmFree(true)}
        onKeep={isAdmin ? keepCurrentPlan : undefined}
        keeping={keep.isPending}
      />

      <Box component="section" aria-labelledby="plans-title" sx={{ mt: 4 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }} id="plans-title">
          {t('plans.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('plans.intro')}
        </Typography>
        {plansQuery.isPending ? (
          <Grid container spacing={3} sx={{ mt: 1 }} aria-busy="true" aria-label={t('common:loading')}>
            {[0, 1, 2, 3].map((index) => (
              <Grid key={index} size={{ xs: 12, sm: 6, lg: 3 }}>
                <Skeleton variant="rounded" height={320} />
              </Grid>
            ))}
          </Grid>
        ) : (
          <PlanOptions
            plans={plans}
            current={planId}
            downgradeScheduled={downgradeScheduled}
            canChange={isAdmin && !confirming}
            busyPlan={checkoutPlan}
            onChoose={choose}
          />
        )}
        <PlanTerms />
      </Box>

      <ConfirmDialog
        open={confirmFree}
        title={t('downgrade.title')}
        message={t(renewal ? 'downgrade.message' : 'downgrade.messageNoDate', {
          plan: t(`common:plans.${planId}`),
          date: renewal,
          hires: freePlan.hire_limit,
          users: freePlan.user_limit,
        })}
        confirmLabel={t('downgrade.confirm')}
        destructive
        busy={downgrade.isPending}
        onCancel={() => setConfirmFree(false)}
        onConfirm={scheduleDowngrade}
      />
      <ConfirmDialog
        open={confirmLower !== null}
        title={t('lower.title', { plan: confirmLower ? t(`common:plans.${confirmLower.id}`) : '' })}
        message={
          confirmLower
            ? // The unused part is credited only for a period that was paid (an active subscription).
              t(subscription.status === 'active' ? 'lower.messageCredit' : 'lower.message', {
                plan: t(`common:plans.${confirmLower.id}`),
                hires: confirmLower.hire_limit,
                users: confirmLower.user_limit,
                currentHires: activeHires,
                currentUsers: teamSize,
              })
            : ''
        }
        confirmLabel={t('lower.confirm')}
        onCancel={() => setConfirmLower(null)}
        onConfirm={() => confirmLower && startCheckout(confirmLower)}
      />
    </>
  );
}
