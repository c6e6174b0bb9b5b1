import { computeHireTotals, isPricingTerm, pricePerDay, type HireTotals } from '@planted/domain';

export interface TotalsInput {
  price: unknown;
  pricing_term: unknown;
  hire_start_date: unknown;
  hire_end_date: unknown;
  delivery_charge?: unknown;
  operator_cost?: unknown;
}

const amount = (value: unknown): string | number | null =>
  typeof value === 'number' || typeof value === 'string' ? value : null;

/**
 * The form's live summary (spec §5, §9), from the same code the server runs: null until price,
 * term and both dates make a valid hire.
 */
export function liveTotals(values: TotalsInput): HireTotals | null {
  const price = amount(values.price);
  if (price === null || String(price).trim() === '' || !isPricingTerm(values.pricing_term)) return null;
  if (typeof values.hire_start_date !== 'string' || typeof values.hire_end_date !== 'string') return null;
  try {
    return computeHireTotals({
      price,
      pricing_term: values.pricing_term,
      hire_start_date: values.hire_start_date,
      hire_end_date: values.hire_end_date,
      delivery_charge: amount(values.delivery_charge),
      operator_cost: amount(values.operator_cost),
    });
  } catch {
    return null;
  }
}

export interface PriceComparison {
  /** This hire's price per day. */
  thisPerDay: number;
  /** The earlier price per day it is compared with. */
  latestPerDay: number;
  /** thisPerDay − latestPerDay, in pounds. */
  difference: number;
}

/**
 * Spec §2 price comparison, §9 per-day rule: this hire's price per day against the item's latest
 * price per day. Null without both.
 */
export function comparePrice(
  values: TotalsInput,
  latestPerDay: number | null | undefined,
): PriceComparison | null {
  if (latestPerDay === null || latestPerDay === undefined) return null;
  const totals = liveTotals(values);
  const price = amount(values.price);
  if (!totals || price === null || !isPricingTerm(values.pricing_term)) return null;
  const thisPerDay = pricePerDay(price, values.pricing_term, totals.hire_duration_days);
  return { thisPerDay, latestPerDay, difference: Math.round((thisPerDay - latestPerDay) * 100) / 100 };
}

/** Today's calendar date in the browser's time zone, as 'YYYY-MM-DD' (a new hire starts today). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
