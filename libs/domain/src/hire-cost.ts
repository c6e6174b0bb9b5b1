import { toEpochDay, type DateInput } from './calendar-date';
import { InvalidInputError } from './errors';
import { divideRoundHalfUp, fromPence, multiplyPence, toPence, type MoneyInput } from './money';
import { VALIDATION_MESSAGES } from './validation-messages';

/** VAT rate of spec §9, for display. The arithmetic below uses the exact fraction 1/5. */
export const VAT_RATE = 0.2;

export const PRICING_TERMS = ['fixed', 'day', 'week', 'month', 'year'] as const;
export type PricingTerm = (typeof PRICING_TERMS)[number];

/** Days one unit of a periodic term covers (spec §9). */
export const PRICING_TERM_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const satisfies Record<
  Exclude<PricingTerm, 'fixed'>,
  number
>;

export function isPricingTerm(value: unknown): value is PricingTerm {
  return typeof value === 'string' && (PRICING_TERMS as readonly string[]).includes(value);
}

function assertPricingTerm(term: unknown): asserts term is PricingTerm {
  if (!isPricingTerm(term)) {
    throw new InvalidInputError(VALIDATION_MESSAGES.PRICING_TERM_INVALID, 'pricing_term');
  }
}

function assertDays(days: number | undefined): asserts days is number {
  if (days === undefined || !Number.isSafeInteger(days) || days < 1) {
    throw new InvalidInputError(VALIDATION_MESSAGES.HIRE_DURATION_INVALID, 'hire_duration_days');
  }
}

/**
 * Inclusive day count of spec §9: end minus start plus one, so a same-day hire is 1 day.
 * Dates are 'YYYY-MM-DD' strings or Dates (read by UTC calendar date, so daylight saving
 * never changes the count). An end before the start, or an invalid date, throws
 * InvalidInputError (a RangeError) whose `field` names hire_start_date or hire_end_date.
 */
export function hireDurationDays(start: DateInput, end: DateInput): number {
  const startDay = toEpochDay(start, 'hire_start_date');
  const endDay = toEpochDay(end, 'hire_end_date');
  if (endDay < startDay) throw new InvalidInputError(VALIDATION_MESSAGES.END_BEFORE_START, 'hire_end_date');
  return endDay - startDay + 1;
}

/**
 * How many times the price is charged for `days` (a whole number, at least 1):
 * fixed 1, day `days`, week ceil(days/7), month ceil(days/30), year ceil(days/365).
 */
export function chargeablePeriods(term: PricingTerm, days: number): number {
  assertPricingTerm(term);
  assertDays(days);
  if (term === 'fixed') return 1;
  return Math.ceil(days / PRICING_TERM_DAYS[term]);
}

function hireCostPence(price: MoneyInput, term: PricingTerm, days: number): number {
  return multiplyPence(toPence(price, 'price'), chargeablePeriods(term, days), 'price');
}

/** Hire cost in pounds for the term and inclusive day count (spec §9), exact to the penny. */
export function hireCost(price: MoneyInput, term: PricingTerm, days: number): number {
  return fromPence(hireCostPence(price, term, days));
}

function pricePerDayPence(price: MoneyInput, term: PricingTerm, days?: number): number {
  assertPricingTerm(term);
  const pence = toPence(price, 'price');
  if (term === 'fixed') {
    assertDays(days);
    return divideRoundHalfUp(pence, days);
  }
  return divideRoundHalfUp(pence, PRICING_TERM_DAYS[term]);
}

/**
 * The per-day comparison of spec §9, in pounds rounded half-up to the penny: price for
 * day, price/7 week, /30 month, /365 year, and price/days for fixed (days required then).
 */
export function pricePerDay(price: MoneyInput, term: PricingTerm, days?: number): number {
  return fromPence(pricePerDayPence(price, term, days));
}

function vatPence(netPence: number): number {
  return divideRoundHalfUp(netPence, 5);
}

/** VAT at 20% of a net amount, rounded half-up to the penny. */
export function vatOnNet(net: MoneyInput): number {
  return fromPence(vatPence(toPence(net, 'net_cost')));
}

/** Net × 1.2, rounded half-up to the penny; always equals net + vatOnNet(net). */
export function totalWithVat(net: MoneyInput): number {
  const netPence = toPence(net, 'net_cost');
  return fromPence(netPence + vatPence(netPence));
}

function exVatPence(totalPence: number): number {
  return divideRoundHalfUp(multiplyPence(totalPence, 5, 'total_cost'), 6);
}

/** The ex-VAT figure shown for a total: total / 1.2, rounded half-up to the penny. */
export function exVatFromTotal(total: MoneyInput): number {
  return fromPence(exVatPence(toPence(total, 'total_cost')));
}

export interface HireTotalsInput {
  price: MoneyInput;
  pricing_term: PricingTerm;
  hire_start_date: DateInput;
  hire_end_date: DateInput;
  /** Missing, null or a blank string counts as no charge. */
  delivery_charge?: MoneyInput | null;
  /** Cost of an equipment operator; missing, null or blank counts as none. */
  operator_cost?: MoneyInput | null;
}

/** All amounts in pounds with at most two decimals. */
export interface HireTotals {
  hire_duration_days: number;
  hire_cost: number;
  net_cost: number;
  vat_amount: number;
  total_cost: number;
  ex_vat: number;
  price_per_day: number;
}

// Form fields that were never filled arrive as '' from the browser.
function optionalPence(value: MoneyInput | null | undefined, field: string): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string' && value.trim() === '') return 0;
  return toPence(value, field);
}

/**
 * Everything the hire form and the hires service derive (spec §5 hire form, §9): duration,
 * hire cost, net (hire cost + delivery + operator), VAT 20%, total (net × 1.2), ex-VAT
 * (total / 1.2) and the per-day comparison. Computed in integer pence, so exact to the
 * penny. Invalid input throws InvalidInputError (a RangeError) naming the field.
 */
export function computeHireTotals(input: HireTotalsInput): HireTotals {
  assertPricingTerm(input.pricing_term);
  const days = hireDurationDays(input.hire_start_date, input.hire_end_date);
  const hire = hireCostPence(input.price, input.pricing_term, days);
  const net =
    hire +
    optionalPence(input.delivery_charge, 'delivery_charge') +
    optionalPence(input.operator_cost, 'operator_cost');
  if (!Number.isSafeInteger(net)) {
    throw new InvalidInputError(VALIDATION_MESSAGES.AMOUNT_TOO_LARGE, 'net_cost');
  }
  const vat = vatPence(net);
  const total = net + vat;
  return {
    hire_duration_days: days,
    hire_cost: fromPence(hire),
    net_cost: fromPence(net),
    vat_amount: fromPence(vat),
    total_cost: fromPence(total),
    ex_vat: fromPence(exVatPence(total)),
    price_per_day: fromPence(pricePerDayPence(input.price, input.pricing_term, days)),
  };
}
