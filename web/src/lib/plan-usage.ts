import type { HiresSubscriptionUsage, ReplyOf } from '@planted/contracts';
import { apiRequest } from './api-client';

/** The plan and its active hires against the plan's maximum (null: unlimited). */
export type HireUsage = ReplyOf<typeof HiresSubscriptionUsage>;

/**
 * GET /hires/subscription-usage (spec §7). The hires screen asks it afresh each time a new hire
 * is started (Upgrade Required); the subscription screen shows it as the plan's usage.
 */
export function getHireUsage(): Promise<HireUsage> {
  return apiRequest('/hires/subscription-usage');
}

/** Spec §4 Hire limit: blocked when current active hires is at or above the plan maximum. */
export function limitReached(usage: HireUsage): boolean {
  const { current, max } = usage.usage.hires;
  return max !== null && current >= max;
}
