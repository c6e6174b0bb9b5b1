import { VALIDATION_MESSAGES as V } from '@planted/domain';
import {
  addDays,
  costToDate,
  daysBetween,
  hireTotals,
  numericText,
  todayIn,
  type PricedHire,
} from './hire-costs';

const hire = (overrides: Partial<PricedHire>): PricedHire => ({
  price: 100,
  pricing_term: 'day',
  hire_start_date: '2026-03-02',
  hire_end_date: '2026-03-02',
  delivery_charge: 0,
  operator_cost: 0,
  ...overrides,
});

/** Every figure below is worked out by hand from the rules of spec §9. */
describe('the server’s hire figures (spec §9)', () => {
  it('counts days inclusively: a same-day hire is one day, and daylight saving changes nothing', () => {
    expect(hireTotals(hire({})).hire_duration_days).toBe(1);
    expect(hireTotals(hire({ hire_end_date: '2026-03-04' })).hire_duration_days).toBe(3);
    // The clocks go forward on 29 March 2026 in the UK.
    expect(
      hireTotals(hire({ hire_start_date: '2026-03-28', hire_end_date: '2026-03-30' })).hire_duration_days,
    ).toBe(3);
  });

  it('day: price x days', () => {
    // 12.50 x 3 = 37.50; VAT 7.50; total 45.00; 12.50 a day.
    expect(hireTotals(hire({ price: 12.5, hire_end_date: '2026-03-04' }))).toMatchObject({
      hire_cost: 37.5,
      net_cost: 37.5,
      vat_amount: 7.5,
      total_cost: 45,
      price_per_day: 12.5,
    });
  });

  it('week: price x every week begun', () => {
    // 7 days: one week; 8 days: two. 100 / 7 = 14.2857 → 14.29 a day.
    expect(hireTotals(hire({ pricing_term: 'week', hire_end_date: '2026-03-08' }))).toMatchObject({
      hire_duration_days: 7,
      net_cost: 100,
      price_per_day: 14.29,
    });
    expect(hireTotals(hire({ pricing_term: 'week', hire_end_date: '2026-03-09' }))).toMatchObject({
      hire_duration_days: 8,
      net_cost: 200,
      vat_amount: 40,
      total_cost: 240,
    });
  });

  it('month: price x every 30 days begun', () => {
    // 30 days: one month; 1–31 January is 31 days: two. 450 / 30 = 15.00 a day.
    expect(
      hireTotals(
        hire({
          price: 450,
          pricing_term: 'month',
          hire_start_date: '2026-01-01',
          hire_end_date: '2026-01-30',
        }),
      ),
    ).toMatchObject({ hire_duration_days: 30, net_cost: 450, price_per_day: 15 });
    expect(
      hireTotals(
        hire({
          price: 450,
          pricing_term: 'month',
          hire_start_date: '2026-01-01',
          hire_end_date: '2026-01-31',
        }),
      ),
    ).toMatchObject({ hire_duration_days: 31, net_cost: 900, vat_amount: 180, total_cost: 1080 });
  });

  it('year: price x every 365 days begun', () => {
    // 2028 is a leap year: 366 days are two years begun. 3650 / 365 = 10.00 a day.
    expect(
      hireTotals(
        hire({
          price: 3650,
          pricing_term: 'year',
          hire_start_date: '2028-01-01',
          hire_end_date: '2028-12-31',
        }),
      ),
    ).toMatchObject({ hire_duration_days: 366, net_cost: 7300, total_cost: 8760, price_per_day: 10 });
  });

  it('fixed: the price whatever the days, compared per day over the duration', () => {
    // 100 over 3 days = 33.33 a day.
    expect(hireTotals(hire({ pricing_term: 'fixed', hire_end_date: '2026-03-04' }))).toMatchObject({
      net_cost: 100,
      total_cost: 120,
      price_per_day: 33.33,
    });
  });

  it('net adds delivery and operator once; VAT is 20% of net, rounded half-up to the penny', () => {
    // 10 x 2 days = 20, + 20.00 delivery + 150.00 operator = 190.00; VAT 38.00; total 228.00.
    expect(
      hireTotals(
        hire({ price: 10, hire_end_date: '2026-03-03', delivery_charge: '20.00', operator_cost: 150 }),
      ),
    ).toMatchObject({ hire_cost: 20, net_cost: 190, vat_amount: 38, total_cost: 228 });
    // 0.03 net: VAT 0.006 → 0.01, total 0.04 (net x 1.2 = 0.036 would round to 0.04 too, never 0.03).
    expect(hireTotals(hire({ price: 0.03 }))).toMatchObject({ vat_amount: 0.01, total_cost: 0.04 });
    // 10.05 net: VAT 2.01, total 12.06 (float 10.05 * 1.2 = 12.059999...).
    expect(hireTotals(hire({ price: 10.05 }))).toMatchObject({ vat_amount: 2.01, total_cost: 12.06 });
  });

  it('answers an end before the start as a field error on hire_end_date', () => {
    expect(() => hireTotals(hire({ hire_end_date: '2026-03-01' }))).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        details: [{ param: 'hire_end_date', msg: V.END_BEFORE_START }],
      }),
    );
  });

  it('stores amounts as numeric text from exact pence', () => {
    expect([
      numericText(12.5),
      numericText(0),
      numericText('0.1'),
      numericText(1234567.89),
      numericText(0.07),
    ]).toEqual(['12.50', '0.00', '0.10', '1234567.89', '0.07']);
  });
});

describe('cost to date of an overdue hire', () => {
  it('charges the days from the start to today at its term, plus delivery and operator, with VAT', () => {
    // Day hire at 10 + 5 delivery, 1–8 January, today the 11th: 11 days, 110 + 5 = 115 net, 138.00 total.
    expect(
      costToDate(
        hire({ price: 10, delivery_charge: 5, hire_start_date: '2026-01-01', hire_end_date: '2026-01-08' }),
        '2026-01-11',
      ),
    ).toBe(138);
    // Week hire at 70 from 1 January, today the 10th: 10 days, two weeks begun, 140 net, 168.00 total.
    expect(
      costToDate(
        hire({ price: 70, pricing_term: 'week', hire_start_date: '2026-01-01', hire_end_date: '2026-01-09' }),
        '2026-01-10',
      ),
    ).toBe(168);
    // Fixed stays the price: 300 + 50 operator = 350 net, 420.00 total.
    expect(
      costToDate(
        hire({
          price: 300,
          pricing_term: 'fixed',
          operator_cost: 50,
          hire_start_date: '2025-12-01',
          hire_end_date: '2025-12-10',
        }),
        '2026-01-10',
      ),
    ).toBe(420);
  });
});

describe('calendar days', () => {
  it("reads today in the service's time zone, not UTC", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST); in winter London is UTC.
    expect(todayIn('Europe/London', new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIn('UTC', new Date('2026-06-30T23:30:00Z'))).toBe('2026-06-30');
    expect(todayIn('Europe/London', new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
  });

  it('adds days across months and years, and counts between dates', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-01-08', '2026-01-11')).toBe(3);
  });
});
