import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingSubscriptionGet, ReplyOf } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/query-keys';

export type SubscriptionAnswer = ReplyOf<typeof BillingSubscriptionGet>;

/**
 * GET /subscriptions/current: the company's plan, status, dates and pending downgrade as
 * billing, their owner, keeps them. The profile's customer holds the same fields, copied
 * from billing's events, so it can be a moment behind a checkout or a webhook.
 */
export function getSubscription(): Promise<SubscriptionAnswer> {
  return apiRequest('/subscriptions/current');
}

export const subscriptionQuery = queryOptions({
  queryKey: subscriptionKeys.current(),
  queryFn: getSubscription,
});

export function useSubscription() {
  return useQuery(subscriptionQuery);
}
