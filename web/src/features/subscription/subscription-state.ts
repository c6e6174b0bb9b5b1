import type { QueryClient } from '@tanstack/react-query';
import type { Subscription } from '@planted/contracts';
import { isPlanId, type PlanId } from '@planted/domain';
import { hireKeys, subscriptionKeys } from '../../lib/query-keys';
import { refreshProfile } from '../../lib/session-api';
import { sessionStore } from '../../lib/session-store';
import type { Customer } from '../../lib/types';
import type { SubscriptionAnswer } from './api/get-subscription';

/** The subscription a customer record describes, for when billing's own answer is not at hand. */
export function subscriptionOf(customer: Customer | null): Subscription {
  const plan: PlanId = isPlanId(customer?.subscription_plan) ? customer.subscription_plan : 'free';
  return {
    plan,
    status: customer?.status ?? 'free',
    billing_interval: plan === 'free' ? null : 'month',
    subscription_start_date: customer?.subscription_start_date ?? null,
    subscription_end_date: customer?.subscription_end_date ?? null,
    subscription_canceled_at: customer?.subscription_canceled_at ?? null,
  };
}

/**
 * Copies billing's view of the subscription onto the session's customer, which the sidebar
 * badge and the profile read: identity learns of the change from billing's event, so the
 * profile it answers may still be a moment behind the change this screen has just made.
 */
export function syncSessionCustomer(subscription: Subscription): void {
  const { customer } = sessionStore.getState();
  if (!customer) return;
  const next: Customer = {
    ...customer,
    status: subscription.status,
    subscription_plan: subscription.plan,
    subscription_start_date: subscription.subscription_start_date,
    subscription_end_date: subscription.subscription_end_date,
    subscription_canceled_at: subscription.subscription_canceled_at,
  };
  const changed = (Object.keys(next) as (keyof Customer)[]).some((key) => next[key] !== customer[key]);
  if (changed) sessionStore.update({ customer: next });
}

/**
 * After a checkout was confirmed or a downgrade scheduled (spec §4): the answer's subscription
 * is shown at once, the profile is refreshed (billing's answer kept over a profile that has not
 * caught up yet), and the plans and the hire usage are loaded again.
 */
export async function subscriptionChanged(
  queryClient: QueryClient,
  answer: SubscriptionAnswer,
): Promise<void> {
  // A load of the record that began before the change would otherwise land after it.
  await queryClient.cancelQueries({ queryKey: subscriptionKeys.current() });
  queryClient.setQueryData(subscriptionKeys.current(), answer);
  syncSessionCustomer(answer.subscription);
  await Promise.all([
    refreshProfile()
      .catch((error: unknown) => console.error('Failed to refresh the profile', error))
      .finally(() => syncSessionCustomer(answer.subscription)),
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.plans() }),
    queryClient.invalidateQueries({ queryKey: hireKeys.usage() }),
  ]);
}
