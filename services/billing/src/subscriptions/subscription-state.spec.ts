import type Stripe from 'stripe';
import { FREE_STATE, stateChanged, stateOfSubscription, type SubscriptionState } from './subscription-state';

const prices: Record<string, { plan: 'teams' | 'business'; interval: 'month' | 'year' }> = {
  price_teams: { plan: 'teams', interval: 'month' },
  price_business_year: { plan: 'business', interval: 'year' },
};
const planOfPrice = (id: string) => prices[id];

function subscription(
  overrides: Record<string, unknown> = {},
  item: Record<string, unknown> = {},
): Stripe.Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    start_date: 1_700_000_000,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    metadata: {},
    items: {
      data: [
        {
          price: { id: 'price_teams', recurring: { interval: 'month' } },
          current_period_start: 1_700_000_000,
          current_period_end: 1_702_592_000,
          ...item,
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

describe('the state a Stripe subscription puts a company in', () => {
  it('is the plan of its price, active, with its start and the end of its period', () => {
    expect(stateOfSubscription(subscription(), planOfPrice)).toEqual({
      stripeSubscriptionId: 'sub_1',
      stripePriceId: 'price_teams',
      plan: 'teams',
      status: 'active',
      billingInterval: 'month',
      subscriptionStartDate: new Date(1_700_000_000_000),
      subscriptionEndDate: new Date(1_702_592_000_000),
      subscriptionCanceledAt: null,
    });
  });

  it('reads the period from the subscription itself where older API versions put it', () => {
    const legacy = subscription({ current_period_end: 1_705_000_000 }, { current_period_end: undefined });
    expect(stateOfSubscription(legacy, planOfPrice)?.subscriptionEndDate).toEqual(
      new Date(1_705_000_000_000),
    );
  });

  it('keeps Stripe’s word for an unpaid subscription (spec §1: anything but free or active is Inactive)', () => {
    expect(stateOfSubscription(subscription({ status: 'past_due' }), planOfPrice)).toMatchObject({
      plan: 'teams',
      status: 'past_due',
    });
    expect(stateOfSubscription(subscription({ status: 'trialing' }), planOfPrice)?.status).toBe('active');
  });

  it('marks a subscription set to end with its period as a scheduled downgrade', () => {
    const ending = subscription({ cancel_at_period_end: true, canceled_at: 1_701_000_000 });
    expect(stateOfSubscription(ending, planOfPrice)?.subscriptionCanceledAt).toEqual(
      new Date(1_701_000_000_000),
    );
  });

  it('is the free plan once the subscription has ended', () => {
    expect(stateOfSubscription(subscription({ status: 'canceled', ended_at: 1 }), planOfPrice)).toEqual(
      FREE_STATE,
    );
  });

  it('falls back to the plan in its metadata, and to nothing for a price of no plan', () => {
    const other = { price: { id: 'price_retired', recurring: { interval: 'year' } } };
    expect(
      stateOfSubscription(subscription({ metadata: { plan: 'unlimited' } }, other), planOfPrice),
    ).toMatchObject({ plan: 'unlimited', billingInterval: 'year' });
    expect(stateOfSubscription(subscription({}, other), planOfPrice)).toBeUndefined();
    expect(
      stateOfSubscription(subscription({ metadata: { plan: 'free' } }, other), planOfPrice),
    ).toBeUndefined();
  });
});

describe('whether a state is a change', () => {
  const active = stateOfSubscription(subscription(), planOfPrice)!;
  it('sees plan, status and date changes', () => {
    const changed = (patch: Partial<SubscriptionState>) => stateChanged(active, { ...active, ...patch });
    expect(changed({})).toBe(false);
    expect(changed({ plan: 'business' })).toBe(true);
    expect(changed({ status: 'past_due' })).toBe(true);
    expect(changed({ subscriptionEndDate: new Date(1_705_000_000_000) })).toBe(true);
    expect(changed({ subscriptionEndDate: new Date(active.subscriptionEndDate!.getTime()) })).toBe(false);
  });

  it('counts a cancellation set or cleared, not the instant Stripe reports for it', () => {
    const scheduled = { ...active, subscriptionCanceledAt: new Date(1) };
    expect(stateChanged(active, scheduled)).toBe(true);
    expect(stateChanged(scheduled, { ...scheduled, subscriptionCanceledAt: new Date(2) })).toBe(false);
    expect(stateChanged(scheduled, active)).toBe(true);
  });
});
