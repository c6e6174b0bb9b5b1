import {
  PLANS,
  PLAN_IDS,
  PLAN_ORDER,
  canAddUser,
  canCreateHire,
  comparePlans,
  getPlan,
  hireLimitUsage,
  isPlanId,
  planAction,
  type PlanId,
} from './plans';

describe('spec §9 plan table', () => {
  it('has the four plans with their names, prices and limits', () => {
    expect(
      PLANS.map((plan) => [
        plan.id,
        plan.name,
        plan.price_monthly,
        plan.price_yearly,
        plan.hire_limit,
        plan.user_limit,
        plan.most_popular,
      ]),
    ).toEqual([
      ['free', 'Free Edition', 0, 0, 5, 2, false],
      ['teams', 'Teams Edition', 79, 790, 25, 5, true],
      ['business', 'Business Edition', 129, 1290, 50, 10, false],
      ['unlimited', 'Unlimited', 179, 1790, null, null, false],
    ]);
  });

  it('marks only Teams Edition as most popular', () => {
    expect(PLANS.filter((plan) => plan.most_popular).map((plan) => plan.id)).toEqual(['teams']);
  });

  it('gives every plan a description and a non-empty list of feature texts', () => {
    for (const plan of PLANS) {
      expect(plan.description.trim()).not.toBe('');
      expect(plan.features.length).toBeGreaterThan(0);
      for (const feature of plan.features) expect(feature.trim()).not.toBe('');
    }
  });

  it('states the limits in the feature texts', () => {
    expect(getPlan('free').features).toEqual(
      expect.arrayContaining(['Up to 5 active hires', 'Up to 2 users']),
    );
    expect(getPlan('teams').features).toEqual(
      expect.arrayContaining(['Up to 25 active hires', 'Up to 5 users']),
    );
    expect(getPlan('business').features).toEqual(
      expect.arrayContaining(['Up to 50 active hires', 'Up to 10 users']),
    );
    expect(getPlan('unlimited').features).toEqual(
      expect.arrayContaining(['Unlimited active hires', 'Unlimited users']),
    );
  });

  it('looks plans up by id', () => {
    expect(getPlan('business').name).toBe('Business Edition');
    expect(getPlan('unlimited').hire_limit).toBeNull();
  });

  it('throws a RangeError naming subscription_plan for an unknown id instead of falling back', () => {
    expect(() => getPlan('gold')).toThrow(RangeError);
    expect(() => getPlan('gold')).toThrow('Unknown subscription plan: gold');
    expect(() => getPlan('Free')).toThrow(RangeError);
    let caught: unknown;
    try {
      getPlan('');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ field: 'subscription_plan' });
  });

  it('recognises plan ids', () => {
    for (const id of ['free', 'teams', 'business', 'unlimited']) expect(isPlanId(id)).toBe(true);
    for (const other of ['gold', 'Free', '', null, undefined, 1]) expect(isPlanId(other)).toBe(false);
  });
});

describe('spec §4 plans: order and actions', () => {
  it('orders free < teams < business < unlimited', () => {
    expect(PLAN_ORDER).toEqual(['free', 'teams', 'business', 'unlimited']);
    expect(PLAN_IDS).toEqual(PLAN_ORDER);
  });

  it('compares plans like a sort comparator', () => {
    expect(comparePlans('free', 'teams')).toBeLessThan(0);
    expect(comparePlans('teams', 'business')).toBeLessThan(0);
    expect(comparePlans('business', 'unlimited')).toBeLessThan(0);
    expect(comparePlans('unlimited', 'free')).toBeGreaterThan(0);
    expect(comparePlans('business', 'business')).toBe(0);
    const shuffled: PlanId[] = ['business', 'unlimited', 'free', 'teams'];
    expect([...shuffled].sort(comparePlans)).toEqual(['free', 'teams', 'business', 'unlimited']);
  });

  it.each([
    ['free', 'free', 'current'],
    ['free', 'teams', 'upgrade'],
    ['free', 'unlimited', 'upgrade'],
    ['teams', 'business', 'upgrade'],
    ['teams', 'free', 'downgrade'],
    ['business', 'teams', 'downgrade'],
    ['business', 'business', 'current'],
    ['unlimited', 'business', 'downgrade'],
    ['unlimited', 'unlimited', 'current'],
  ] as const)('on %s, choosing %s is %s', (current, target, action) => {
    expect(planAction(current, target)).toBe(action);
  });

  it('rejects unknown ids from untyped callers', () => {
    expect(() => comparePlans('gold' as PlanId, 'free')).toThrow(RangeError);
    expect(() => planAction('free', 'gold' as PlanId)).toThrow(RangeError);
  });
});

describe('spec §4 hire limit: creation blocked at or above the plan maximum', () => {
  it.each([
    ['free', 0, true],
    ['free', 4, true],
    ['free', 5, false],
    ['free', 6, false],
    ['teams', 24, true],
    ['teams', 25, false],
    ['business', 49, true],
    ['business', 50, false],
    ['unlimited', 0, true],
    ['unlimited', 50, true],
    ['unlimited', 1_000_000, true],
  ] as const)('%s with %p active hires may create one: %p', (plan, current, allowed) => {
    expect(canCreateHire(plan, current)).toBe(allowed);
  });

  it('reports usage as current and max, max null for unlimited', () => {
    expect(hireLimitUsage('free', 3)).toEqual({ current: 3, max: 5 });
    expect(hireLimitUsage('teams', 25)).toEqual({ current: 25, max: 25 });
    expect(hireLimitUsage('business', 0)).toEqual({ current: 0, max: 50 });
    expect(hireLimitUsage('unlimited', 1234)).toEqual({ current: 1234, max: null });
  });

  it.each([-1, 1.5, Number.NaN])('rejects a count of %p', (count) => {
    expect(() => canCreateHire('free', count)).toThrow(RangeError);
    expect(() => hireLimitUsage('free', count)).toThrow(RangeError);
    expect(() => canAddUser('free', count)).toThrow(RangeError);
  });
});

describe('spec §9 user limit', () => {
  it.each([
    ['free', 1, true],
    ['free', 2, false],
    ['teams', 4, true],
    ['teams', 5, false],
    ['business', 9, true],
    ['business', 10, false],
    ['business', 11, false],
    ['unlimited', 10, true],
    ['unlimited', 100_000, true],
  ] as const)('%s with %p users may add one: %p', (plan, users, allowed) => {
    expect(canAddUser(plan, users)).toBe(allowed);
  });
});
