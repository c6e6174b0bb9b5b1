import type { z } from 'zod';
import { computeHireTotals, isPricingTerm, pricePerDay, type HireTotals } from '@planted/domain';
import { hireFieldSchemas } from './schemas';

export interface TotalsInput {
  price: unknown;
  pricing_term: unknown;
  hire_start_date: unknown;
  hire_end_date: unknown;
  delivery_charge?: unknown;
  operator_cost?: unknown;
}

const fields = hireFieldSchemas;

/** A field's value as the form's validation (and the server) reads it; undefined when it refuses it. */
function accepted<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The form's live summary (spec §5, §9), from the same code the server runs: null until price,
 * term and both dates make a valid hire. Each amount and date is read by the form's own field
 * schema first, so the summary shows figures exactly when Create Hire would save them ('.5' is
 * 50p in both; 0.005 or a year 9999 is neither).
 */
export function liveTotals(values: TotalsInput): HireTotals | null {
  if (!isPricingTerm(values.pricing_term)) return null;
  const price = accepted(fields.price, values.price);
  const delivery = accepted(fields.delivery_charge, values.delivery_charge);
  const operator = accepted(fields.operator_cost, values.operator_cost);
  const start = accepted(fields.hire_start_date, values.hire_start_date);
  const end = accepted(fields.hire_end_date, values.hire_end_date);
  if (price === undefined || delivery === undefined || operator === undefined || !start || !end) return null;
  try {
    return computeHireTotals({
      price,
      pricing_term: values.pricing_term,
      hire_start_date: start,
      hire_end_date: end,
      delivery_charge: delivery,
      operator_cost: operator,
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
  const price = accepted(fields.price, values.price);
  if (!totals || price === undefined || !isPricingTerm(values.pricing_term)) return null;
  const thisPerDay = pricePerDay(price, values.pricing_term, totals.hire_duration_days);
  return { thisPerDay, latestPerDay, difference: Math.round((thisPerDay - latestPerDay) * 100) / 100 };
}

/** Today's calendar date in the browser's time zone, as 'YYYY-MM-DD' (a new hire starts today). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
