import { BILLING_MESSAGES, ServiceError } from '@planted/contracts';

export const priceNotAvailable = () =>
  new ServiceError('PRICE_ID_NOT_AVAILABLE', BILLING_MESSAGES.PRICE_ID_NOT_AVAILABLE);

export const onlyAdmins = () =>
  new ServiceError('FORBIDDEN', BILLING_MESSAGES.ONLY_ADMINS_MANAGE_SUBSCRIPTION);

/** Unknown sessions and another company's are not told apart. */
export const sessionNotFound = () => new ServiceError('NOT_FOUND', BILLING_MESSAGES.SESSION_NOT_FOUND);

export const sessionNotPaid = () => new ServiceError('CONFLICT', BILLING_MESSAGES.SESSION_NOT_PAID);

export const alreadyFree = () => new ServiceError('CONFLICT', BILLING_MESSAGES.ALREADY_FREE);

export const noDowngradeScheduled = () =>
  new ServiceError('CONFLICT', BILLING_MESSAGES.NO_DOWNGRADE_SCHEDULED);

export const planEnded = () => new ServiceError('CONFLICT', BILLING_MESSAGES.PLAN_ENDED);

export const alreadyOnPlan = () => new ServiceError('CONFLICT', BILLING_MESSAGES.ALREADY_ON_PLAN);

export const providerUnavailable = () =>
  new ServiceError('UNAVAILABLE', BILLING_MESSAGES.PROVIDER_UNAVAILABLE);
