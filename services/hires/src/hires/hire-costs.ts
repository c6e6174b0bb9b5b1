import {
  computeHireTotals,
  InvalidInputError,
  toEpochDay,
  toPence,
  type HireTotals,
  type MoneyInput,
  type PricingTerm,
} from '@planted/domain';
import { ServiceError } from '@planted/contracts';

/** What the server's figures are computed from: never the browser's totals. */
export interface PricedHire {
  price: MoneyInput;
  pricing_term: PricingTerm;
  hire_start_date: string;
  hire_end_date: string;
  delivery_charge: MoneyInput;
  operator_cost: MoneyInput;
}

/**
 * Duration, net, VAT, total and the per-day comparison of spec §9, by @planted/domain. A
 * rule the payload schema could not see (a total past what can be counted in pence)
 * answers 400 on the field it names.
 */
export function hireTotals(hire: PricedHire): HireTotals {
  try {
    return computeHireTotals(hire);
  } catch (err) {
    if (err instanceof InvalidInputError) {
      const param = err.field ?? 'price';
      throw new ServiceError('VALIDATION_FAILED', err.message, [{ param, msg: err.message }]);
    }
    throw err;
  }
}

/** Pounds as PostgreSQL numeric text, from exact pence: 12.5 → '12.50'. */
export function numericText(value: MoneyInput): string {
  const pence = toPence(value);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

const MS_PER_DAY = 86_400_000;

export function addDays(isoDate: string, days: number): string {
  return new Date((toEpochDay(isoDate) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Today's calendar date ('YYYY-MM-DD') in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * What an overdue hire has cost up to `today`, VAT included: the spec §9 total of the same
 * hire as if it ended today. The hire still runs, so its inclusive day count runs from its
 * start to today; a periodic term charges every period begun (a week hire 9 days in is two
 * weeks), a fixed price stays the price, and delivery and operator are charged once.
 * Net plus VAT at 20%, exact to the penny.
 */
export function costToDate(hire: PricedHire, today: string): number {
  const end = toEpochDay(today) < toEpochDay(hire.hire_start_date) ? hire.hire_start_date : today;
  return computeHireTotals({ ...hire, hire_end_date: end }).total_cost;
}
