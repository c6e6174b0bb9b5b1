import { Inject, Injectable } from '@nestjs/common';
import type { BillingInterval, SubscriptionPlan } from '@planted/contracts';
import { PLANS, type PlanId } from '@planted/domain';
import { CONFIG } from '@planted/service-kit';
import { PRICE_VARIABLES, type BillingConfig } from '../config';

export interface PricedPlan {
  plan: PlanId;
  interval: BillingInterval;
}

/**
 * The plans of spec §9 from the one plan table (@planted/domain), with this deployment's
 * Stripe price ids (STRIPE_PRICE_<PLAN>_<MONTHLY|YEARLY>). The free plan has none.
 */
@Injectable()
export class PlanCatalogue {
  private readonly prices = new Map<PlanId, Partial<Record<BillingInterval, string>>>();
  private readonly byPrice = new Map<string, PricedPlan>();

  constructor(@Inject(CONFIG) config: BillingConfig) {
    for (const [plan, variables] of Object.entries(PRICE_VARIABLES) as [
      Exclude<PlanId, 'free'>,
      Record<BillingInterval, keyof BillingConfig>,
    ][]) {
      const ids: Partial<Record<BillingInterval, string>> = {};
      for (const interval of ['month', 'year'] as const) {
        const id = config[variables[interval]] as string | undefined;
        if (!id) continue;
        if (this.byPrice.has(id))
          throw new Error(`${variables[interval]}: ${id} is already another plan's price`);
        ids[interval] = id;
        this.byPrice.set(id, { plan, interval });
      }
      this.prices.set(plan, ids);
    }
  }

  list(): SubscriptionPlan[] {
    return PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price_monthly: plan.price_monthly,
      price_yearly: plan.price_yearly,
      hire_limit: plan.hire_limit,
      user_limit: plan.user_limit,
      features: [...plan.features],
      most_popular: plan.most_popular,
      stripe_price_id_monthly: this.prices.get(plan.id)?.month ?? null,
      stripe_price_id_yearly: this.prices.get(plan.id)?.year ?? null,
    }));
  }

  /** The plan and interval a price id is this deployment's price of, if any. */
  planOfPrice(priceId: string): PricedPlan | undefined {
    return this.byPrice.get(priceId);
  }
}
