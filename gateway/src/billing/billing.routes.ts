import {
  BILLING_MESSAGES,
  BillingCheckout,
  BillingCheckoutSuccess,
  BillingDowngradeToFree,
  BillingKeepPlan,
  BillingPlansList,
  BillingSubscriptionGet,
} from '@planted/contracts';
import { route } from '../routes/route-kit';

/** Spec §7 Subscriptions; checkout and the downgrade are for administrators (spec §6: only admins manage it). */
export const BILLING_ROUTES = [
  route(BillingPlansList, {
    method: 'GET',
    path: '/api/subscriptions/plans',
    operationId: 'listPlans',
    summary: 'The four plans with prices, limits (`null`: unlimited), features and Stripe price ids',
    description:
      'Free Edition, Teams Edition (most popular), Business Edition and Unlimited, in plan order (spec §9). A plan without a price id for an interval cannot be bought for it.',
    tag: 'subscriptions',
    access: 'signed-in',
  }),
  route(BillingSubscriptionGet, {
    method: 'GET',
    path: '/api/subscriptions/current',
    operationId: 'getSubscription',
    summary: 'The company’s plan, status, billing interval, dates and scheduled downgrade',
    description:
      '`subscription_end_date` is the next billing date while the subscription renews; with `subscription_canceled_at` set it is the day the plan becomes free.',
    tag: 'subscriptions',
    access: 'signed-in',
  }),
  route(BillingCheckout, {
    method: 'POST',
    path: '/api/subscriptions/checkout',
    operationId: 'startCheckout',
    summary: 'Starts card checkout for a plan’s price; answers the `checkoutUrl` to send the browser to',
    description: `Subscription mode, for the company's one Stripe customer. Returns to \`/subscription?success=true&session_id=…\` or \`/subscription?canceled=true\`. A price id no plan has for \`billingInterval\` (default \`month\`): 400 '${BILLING_MESSAGES.PRICE_ID_NOT_AVAILABLE}'. The plan the company already pays for: 409.`,
    tag: 'subscriptions',
    access: 'admin',
    forbidden: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION,
    status: 200,
    idempotent: true,
  }),
  route(BillingCheckoutSuccess, {
    method: 'POST',
    path: '/api/subscriptions/success',
    operationId: 'confirmCheckout',
    summary: 'The return from checkout: applies the paid session’s plan, status and dates',
    description:
      'The session is read back from Stripe. Another company’s session answers 404 like an unknown one; one not paid yet 409. Confirming again changes nothing.',
    tag: 'subscriptions',
    access: 'admin',
    forbidden: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION,
    status: 200,
  }),
  route(BillingDowngradeToFree, {
    method: 'POST',
    path: '/api/subscriptions/downgrade-to-free',
    operationId: 'downgradeToFree',
    summary: 'Schedules the move to the free plan at the next renewal date',
    description:
      'The plan stays until `subscription_end_date`; `subscription_canceled_at` is set meanwhile (the screen shows ‘Will downgrade at renewal’). Already free: 409.',
    tag: 'subscriptions',
    access: 'admin',
    forbidden: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION,
    status: 200,
  }),
  route(BillingKeepPlan, {
    method: 'POST',
    path: '/api/subscriptions/keep-plan',
    operationId: 'keepPlan',
    summary: 'Takes back a scheduled downgrade to free: the plan renews as before',
    description:
      '`subscription_canceled_at` is cleared and the subscription renews at `subscription_end_date`. No downgrade scheduled: 409.',
    tag: 'subscriptions',
    access: 'admin',
    forbidden: BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION,
    status: 200,
  }),
];
