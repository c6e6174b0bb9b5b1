import { InvalidInputError } from './errors';

/** Plan ids in ascending order (spec §4: free < teams < business < unlimited). */
export const PLAN_IDS = ['free', 'teams', 'business', 'unlimited'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_ORDER: readonly PlanId[] = PLAN_IDS;

/**
 * A subscription plan of spec §3/§9. Limits of null mean unlimited. The card provider's
 * price ids are deployment configuration, so billing adds them; they are not rules.
 */
export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly description: string;
  /** GBP, excluding VAT. */
  readonly price_monthly: number;
  /** GBP, excluding VAT. */
  readonly price_yearly: number;
  /** Maximum active hires; null means unlimited. */
  readonly hire_limit: number | null;
  /** Maximum users; null means unlimited. */
  readonly user_limit: number | null;
  readonly features: readonly string[];
  readonly most_popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free Edition',
    description: 'For small teams getting started with plant hire tracking.',
    price_monthly: 0,
    price_yearly: 0,
    hire_limit: 5,
    user_limit: 2,
    features: [
      'Up to 5 active hires',
      'Up to 2 users',
      'Equipment catalogue and supplier directory',
      'Site management',
    ],
    most_popular: false,
  },
  {
    id: 'teams',
    name: 'Teams Edition',
    description: 'For growing teams running hires across several sites.',
    price_monthly: 79,
    price_yearly: 790,
    hire_limit: 25,
    user_limit: 5,
    features: ['Up to 25 active hires', 'Up to 5 users', 'Everything in Free Edition'],
    most_popular: true,
  },
  {
    id: 'business',
    name: 'Business Edition',
    description: 'For established contractors with a busy hire desk.',
    price_monthly: 129,
    price_yearly: 1290,
    hire_limit: 50,
    user_limit: 10,
    features: ['Up to 50 active hires', 'Up to 10 users', 'Everything in Teams Edition'],
    most_popular: false,
  },
  {
    id: 'unlimited',
    name: 'Unlimited',
    description: 'For large operations with no limits on hires or users.',
    price_monthly: 179,
    price_yearly: 1790,
    hire_limit: null,
    user_limit: null,
    features: ['Unlimited active hires', 'Unlimited users', 'Everything in Business Edition'],
    most_popular: false,
  },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/**
 * The plan with that id. An unknown id throws InvalidInputError (a RangeError) rather than
 * falling back to free, so a corrupt subscription_plan is noticed instead of silently
 * changing a company's limits; callers holding a possibly-null value decide the fallback.
 */
export function getPlan(id: string): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new InvalidInputError(`Unknown subscription plan: ${id}`, 'subscription_plan');
  return plan;
}

function rank(id: PlanId): number {
  return PLAN_ORDER.indexOf(getPlan(id).id);
}

/** Negative when a is lower than b, 0 when equal, positive when higher; usable with sort. */
export function comparePlans(a: PlanId, b: PlanId): number {
  return rank(a) - rank(b);
}

export type PlanAction = 'current' | 'upgrade' | 'downgrade';

/** What choosing `target` means for a company on `current` (spec §4 Plans). */
export function planAction(current: PlanId, target: PlanId): PlanAction {
  const order = comparePlans(target, current);
  if (order === 0) return 'current';
  return order > 0 ? 'upgrade' : 'downgrade';
}

function assertCount(count: number, field: string): void {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new InvalidInputError(`${field} must be a whole number, zero or more`, field);
  }
}

function isUnderLimit(limit: number | null, count: number): boolean {
  return limit === null || count < limit;
}

/** Whether one more user fits: true while the count is under the plan's user limit. */
export function canAddUser(planId: PlanId, currentUserCount: number): boolean {
  assertCount(currentUserCount, 'currentUserCount');
  return isUnderLimit(getPlan(planId).user_limit, currentUserCount);
}

/** Whether a hire may be created: blocked at or above the plan's active-hire maximum (spec §4). */
export function canCreateHire(planId: PlanId, currentActiveHires: number): boolean {
  assertCount(currentActiveHires, 'currentActiveHires');
  return isUnderLimit(getPlan(planId).hire_limit, currentActiveHires);
}

/** Usage as the usage.hires answer of spec §3 carries it; max null means unlimited. */
export interface HireLimitUsage {
  current: number;
  max: number | null;
}

export function hireLimitUsage(planId: PlanId, current: number): HireLimitUsage {
  assertCount(current, 'current');
  return { current, max: getPlan(planId).hire_limit };
}
