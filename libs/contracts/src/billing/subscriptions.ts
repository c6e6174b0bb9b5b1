import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';
import { textField } from '../text';
import { BILLING_MESSAGES } from './messages';
import { BILLING_INTERVALS, planSchema, subscriptionSchema } from './models';

/** GET /api/subscriptions/plans: the four plans of spec §9, in plan order; harmless to anyone. */
export const BillingPlansList = defineRequest(
  'billing.plans.list.v1',
  z.object({}),
  z.object({ plans: z.array(planSchema) }),
  { caller: 'public' },
);

/** GET /api/subscriptions/current: the company's plan, status, dates and pending downgrade. */
export const BillingSubscriptionGet = defineRequest(
  'billing.subscriptions.get.v1',
  z.object({ actor: actorSchema }),
  z.object({ subscription: subscriptionSchema }),
  { caller: 'user' },
);

export const priceIdField = textField({
  required: BILLING_MESSAGES.PRICE_ID_NOT_AVAILABLE,
  invalid: BILLING_MESSAGES.PRICE_ID_NOT_AVAILABLE,
}).max(255, { error: BILLING_MESSAGES.PRICE_ID_NOT_AVAILABLE });

export const billingIntervalField = z
  .enum(BILLING_INTERVALS, { error: BILLING_MESSAGES.BILLING_INTERVAL_INVALID })
  .optional()
  .transform((v) => v ?? 'month');

export const checkoutInputSchema = z.object({ priceId: priceIdField, billingInterval: billingIntervalField });

/**
 * POST /api/subscriptions/checkout {priceId, billingInterval} (admins): a card checkout
 * session in subscription mode for a paid plan's price; answers the URL to send the browser
 * to. A price id no plan has for that interval: 'Price ID not available for this plan'.
 */
export const BillingCheckout = defineRequest(
  'billing.subscriptions.checkout.v1',
  checkoutInputSchema.extend({ actor: actorSchema }),
  z.object({ checkoutUrl: z.string(), sessionId: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN', 'PRICE_ID_NOT_AVAILABLE', 'CONFLICT'] },
);

export const sessionIdField = textField({
  required: BILLING_MESSAGES.SESSION_ID_REQUIRED,
  invalid: BILLING_MESSAGES.SESSION_NOT_FOUND,
}).max(255, { error: BILLING_MESSAGES.SESSION_NOT_FOUND });

/**
 * POST /api/subscriptions/success {sessionId} (admins): the return from checkout. The session is
 * read back from the card provider; another company's answers 404 like an unknown one; an
 * unpaid one 409. Applying the same session again changes nothing.
 */
export const BillingCheckoutSuccess = defineRequest(
  'billing.subscriptions.success.v1',
  z.object({ actor: actorSchema, sessionId: sessionIdField }),
  z.object({ subscription: subscriptionSchema, message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] },
);

/**
 * POST /api/subscriptions/downgrade-to-free (admins, no payload): the paid subscription is
 * cancelled at the end of its period and `subscription_canceled_at` set; the plan stays until
 * `subscription_end_date`, then becomes free. Already free: 409; already scheduled: the same
 * answer again, nothing changes.
 */
export const BillingDowngradeToFree = defineRequest(
  'billing.subscriptions.downgrade-to-free.v1',
  z.object({ actor: actorSchema }),
  z.object({ subscription: subscriptionSchema, message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN', 'CONFLICT'] },
);

/**
 * POST /api/subscriptions/keep-plan (admins, no payload): takes back a scheduled downgrade to
 * free; the paid subscription renews as before and `subscription_canceled_at` is cleared. No
 * downgrade scheduled: 409.
 */
export const BillingKeepPlan = defineRequest(
  'billing.subscriptions.keep-plan.v1',
  z.object({ actor: actorSchema }),
  z.object({ subscription: subscriptionSchema, message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN', 'CONFLICT'] },
);
