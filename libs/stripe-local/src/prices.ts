import { PLANS } from '@planted/domain';
import type { PriceConfig } from './state';

/**
 * The price ids the local Stripe knows unless told otherwise: one monthly and one yearly
 * price for each paid plan of the domain's plan table, in pence, GBP:
 * `price_<plan>_monthly` and `price_<plan>_yearly` (price_teams_monthly, ...).
 */
export function defaultPrices(): PriceConfig[] {
  return PLANS.filter((plan) => plan.price_monthly > 0).flatMap((plan) => [
    {
      id: defaultPriceId(plan.id, 'month'),
      unit_amount: Math.round(plan.price_monthly * 100),
      currency: 'gbp',
      interval: 'month' as const,
      product_name: plan.name,
      product_id: `prod_${plan.id}`,
    },
    {
      id: defaultPriceId(plan.id, 'year'),
      unit_amount: Math.round(plan.price_yearly * 100),
      currency: 'gbp',
      interval: 'year' as const,
      product_name: plan.name,
      product_id: `prod_${plan.id}`,
    },
  ]);
}

export function defaultPriceId(planId: string, interval: 'month' | 'year'): string {
  return `price_${planId}_${interval === 'month' ? 'monthly' : 'yearly'}`;
}

/** The tax rate the local Stripe knows unless told otherwise: UK VAT, 20 %, added to the price. */
export const DEFAULT_VAT_TAX_RATE_ID = 'txr_gb_vat_20';
