import { VALIDATION_MESSAGES } from '@planted/domain';

/** Texts the billing service answers with: the spec's (§5, §8) and the few it leaves unworded. */
export const BILLING_MESSAGES = {
  /** Spec §5 Checkout. */
  PRICE_ID_NOT_AVAILABLE: VALIDATION_MESSAGES.PRICE_ID_NOT_AVAILABLE,
  BILLING_INTERVAL_INVALID: 'Billing interval must be month or year',
  SESSION_ID_REQUIRED: 'Checkout session id is required',
  /** Unknown sessions and another company's are not told apart. */
  SESSION_NOT_FOUND: 'Checkout session not found',
  SESSION_NOT_PAID: 'The checkout session has not been paid',
  ONLY_ADMINS_MANAGE_SUBSCRIPTION: 'Only administrators can manage the subscription',
  ALREADY_FREE: 'The company is already on the free plan',
  ALREADY_ON_PLAN: 'The company is already on this plan',
  SUBSCRIPTION_UPDATED: 'Subscription updated successfully',
  DOWNGRADE_SCHEDULED: 'Your plan will change to Free Edition at the next renewal date',
  PLAN_KEPT: 'Your plan continues: nothing changes at the next renewal date',
  NO_DOWNGRADE_SCHEDULED: 'No downgrade is scheduled',
  PLAN_ENDED: 'The plan has already ended. Choose a plan to subscribe again.',
  PROVIDER_UNAVAILABLE: 'The card payment provider could not be reached. Please try again.',
} as const;
