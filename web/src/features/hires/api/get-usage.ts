import type { PlanId } from '@planted/domain';
import { apiRequest } from '../../../lib/api-client';

export interface HireUsage {
  plan: PlanId;
  usage: { hires: { current: number; max: number | null } };
}

/** GET /hires/subscription-usage (spec §7); asked afresh each time a new hire is started. */
export function getHireUsage(): Promise<HireUsage> {
  return apiRequest('/hires/subscription-usage');
}

/** Spec §4 Hire limit: blocked when current active hires is at or above the plan maximum. */
export function limitReached(usage: HireUsage): boolean {
  const { current, max } = usage.usage.hires;
  return max !== null && current >= max;
}
