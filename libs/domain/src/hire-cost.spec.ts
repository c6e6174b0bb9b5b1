import { InvalidInputError } from './errors';
import {
  PRICING_TERMS,
  PRICING_TERM_DAYS,
  VAT_RATE,
  chargeablePeriods,
  computeHireTotals,
  exVatFromTotal,
  hireCost,
  hireDurationDays,
  isPricingTerm,
  pricePerDay,
  totalWithVat,
  vatOnNet,
} from './hire-cost';

function thrown(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error('expected an InvalidInputError');
}

describe('spec §9 constants: VAT and pricing terms', () => {
  it('VAT is 20%', () => {
    expect(VAT_RATE).toBe(0.2);
  });

  it('pricing terms are fixed, day, week, month, year', () => {
    expect(PRICING_TERMS).toEqual(['fixed', 'day', 'week', 'month', 'year']);
    expect(PRICING_TERM_DAYS).toEqual({ day: 1, week: 7, month: 30, year: 365 });
  });

  it('recognises pricing terms', () => {
    for (const term of ['fixed', 'day', 'week', 'month', 'year']) expect(isPricingTerm(term)).toBe(true);
    for (const other of ['Week', 'hour', '', null, 7]) expect(isPricingTerm(other)).toBe(false);
  });
});

describe('spec §9 day count is inclusive: end minus start plus one', () => {
  it.each([
    ['2024-05-10', '2024-05-10', 1],
    ['2024-05-10', '2024-05-11', 2],
    ['2024-05-01', '2024-05-07', 7],
    ['2024-05-01', '2024-05-08', 8],
    ['2024-01-31', '2024-02-01', 2],
    ['2024-04-30', '2024-05-01', 2],
    ['2023-12-31', '2024-01-01', 2],
    ['2023-12-25', '2024-01-05', 12],
    ['2024-01-01', '2024-01-30', 30],
    ['2024-01-01', '2024-01-31', 31],
    ['2023-01-01', '2023-12-31', 365],
    ['2024-01-01', '2024-12-31', 366],
    ['2023-06-01', '2024-05-31', 366],
  ])('%s to %s is %p days', (start, end, days) => {
    expect(hireDurationDays(start, end)).toBe(days);
  });

  it('counts the leap day', () => {
    expect(hireDurationDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(hireDurationDays('2023-02-28', '2023-03-01')).toBe(2);
    expect(hireDurationDays('2024-02-29', '2024-02-29')).toBe(1);
    expect(hireDurationDays('2000-02-01', '2000-03-01')).toBe(30);
    expect(hireDurationDays('2100-02-01', '2100-03-01')).toBe(29);
  });

  it('is not shifted by the UK clock changes (31 March and 27 October 2024)', () => {
    expect(hireDurationDays('2024-03-30', '2024-04-01')).toBe(3);
    expect(hireDurationDays('2024-03-31', '2024-03-31')).toBe(1);
    expect(hireDurationDays('2024-03-01', '2024-04-30')).toBe(61);
    expect(hireDurationDays('2024-10-26', '2024-10-28')).toBe(3);
    expect(hireDurationDays('2024-10-27', '2024-10-27')).toBe(1);
    expect(hireDurationDays('2024-03-31', '2024-10-27')).toBe(211);
  });

  it('accepts Dates, read by their UTC calendar date', () => {
    expect(hireDurationDays(new Date('2024-05-10'), new Date('2024-05-10'))).toBe(1);
    expect(hireDurationDays(new Date('2024-05-10T23:59:00Z'), new Date('2024-05-11T00:01:00Z'))).toBe(2);
    expect(hireDurationDays(new Date(Date.UTC(2024, 1, 28)), '2024-03-01')).toBe(3);
  });

  it('rejects an end before the start, naming hire_end_date', () => {
    const error = thrown(() => hireDurationDays('2024-05-10', '2024-05-09'));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe('End date must be on or after the start date');
    expect(error.field).toBe('hire_end_date');
    expect(() => hireDurationDays('2025-01-01', '2024-12-31')).toThrow(RangeError);
  });

  it('rejects invalid dates, naming the field', () => {
    expect(thrown(() => hireDurationDays('2024-02-30', '2024-03-01')).field).toBe('hire_start_date');
    expect(thrown(() => hireDurationDays('2024-03-01', '2024-13-01')).field).toBe('hire_end_date');
    expect(thrown(() => hireDurationDays('', '2024-03-01')).message).toBe(
      'Please enter a valid date (YYYY-MM-DD)',
    );
  });
});

describe('spec §9 hire cost by pricing term', () => {
  it('fixed is the price whatever the duration', () => {
    expect(hireCost(250, 'fixed', 1)).toBe(250);
    expect(hireCost(250, 'fixed', 10)).toBe(250);
    expect(hireCost(250, 'fixed', 400)).toBe(250);
  });

  it('day is price × days', () => {
    expect(hireCost(45.5, 'day', 1)).toBe(45.5);
    expect(hireCost(45.5, 'day', 3)).toBe(136.5);
    expect(hireCost(19.99, 'day', 3)).toBe(59.97);
    expect(hireCost(0.1, 'day', 3)).toBe(0.3);
    expect(hireCost(1.15, 'day', 3)).toBe(3.45);
  });

  it.each([
    [1, 100],
    [6, 100],
    [7, 100],
    [8, 200],
    [14, 200],
    [15, 300],
  ])('week is price × ceil(days/7): %p days of £100/week cost £%p', (days, cost) => {
    expect(hireCost(100, 'week', days)).toBe(cost);
  });

  it.each([
    [1, 450],
    [29, 450],
    [30, 450],
    [31, 900],
    [60, 900],
    [61, 1350],
  ])('month is price × ceil(days/30): %p days of £450/month cost £%p', (days, cost) => {
    expect(hireCost(450, 'month', days)).toBe(cost);
  });

  it.each([
    [1, 5000],
    [364, 5000],
    [365, 5000],
    [366, 10000],
    [730, 10000],
    [731, 15000],
  ])('year is price × ceil(days/365): %p days of £5000/year cost £%p', (days, cost) => {
    expect(hireCost(5000, 'year', days)).toBe(cost);
  });

  it('counts chargeable periods', () => {
    expect(chargeablePeriods('fixed', 99)).toBe(1);
    expect(chargeablePeriods('day', 9)).toBe(9);
    expect(chargeablePeriods('week', 7)).toBe(1);
    expect(chargeablePeriods('week', 8)).toBe(2);
    expect(chargeablePeriods('month', 30)).toBe(1);
    expect(chargeablePeriods('month', 31)).toBe(2);
    expect(chargeablePeriods('year', 365)).toBe(1);
    expect(chargeablePeriods('year', 366)).toBe(2);
  });

  it('accepts the price as a decimal string and rounds it half-up to the penny first', () => {
    expect(hireCost('12.50', 'day', 2)).toBe(25);
    expect(hireCost(1234.565, 'day', 2)).toBe(2469.14);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects a duration of %p days', (days) => {
    const error = thrown(() => hireCost(10, 'day', days));
    expect(error.message).toBe('Hire duration must be a whole number of days, at least 1');
    expect(error.field).toBe('hire_duration_days');
  });

  it('rejects an unknown pricing term and a negative price', () => {
    expect(thrown(() => hireCost(10, 'hour' as never, 1)).field).toBe('pricing_term');
    expect(thrown(() => hireCost(-10, 'day', 1)).field).toBe('price');
  });
});

describe('spec §9 per-day comparison', () => {
  it('divides by 1, 7, 30 and 365, rounding half-up to the penny', () => {
    expect(pricePerDay(45, 'day')).toBe(45);
    expect(pricePerDay(100, 'week')).toBe(14.29);
    expect(pricePerDay(70, 'week')).toBe(10);
    expect(pricePerDay(1200, 'month')).toBe(40);
    expect(pricePerDay(1000, 'month')).toBe(33.33);
    expect(pricePerDay(3650, 'year')).toBe(10);
    expect(pricePerDay(5000, 'year')).toBe(13.7);
  });

  it('divides a fixed price by the duration', () => {
    expect(pricePerDay(500, 'fixed', 3)).toBe(166.67);
    expect(pricePerDay(500, 'fixed', 1)).toBe(500);
    expect(pricePerDay(0.07, 'fixed', 2)).toBe(0.04);
    expect(pricePerDay(0.05, 'fixed', 2)).toBe(0.03);
  });

  it('needs a valid duration for fixed only', () => {
    expect(thrown(() => pricePerDay(500, 'fixed')).field).toBe('hire_duration_days');
    expect(thrown(() => pricePerDay(500, 'fixed', 0)).field).toBe('hire_duration_days');
    expect(pricePerDay(70, 'week', 0)).toBe(10);
  });

  it('rejects an unknown term', () => {
    expect(thrown(() => pricePerDay(10, 'fortnight' as never)).field).toBe('pricing_term');
  });
});

describe('spec §9 VAT 20%: total = net × 1.2, ex-VAT = total / 1.2', () => {
  it.each([
    // net, VAT, total
    [100, 20, 120],
    [33.33, 6.67, 40],
    [0.01, 0, 0.01],
    [0.02, 0, 0.02],
    [0.03, 0.01, 0.04],
    [59.97, 11.99, 71.96],
    [1234.57, 246.91, 1481.48],
    [0.1, 0.02, 0.12],
  ])('net £%p has VAT £%p and total £%p', (net, vat, total) => {
    expect(vatOnNet(net)).toBe(vat);
    expect(totalWithVat(net)).toBe(total);
  });

  it.each([
    [120, 100],
    [40, 33.33],
    [0.01, 0.01],
    [0.03, 0.03],
    [0.09, 0.08],
    [71.96, 59.97],
    [100, 83.33],
  ])('ex-VAT of a £%p total is £%p', (total, exVat) => {
    expect(exVatFromTotal(total)).toBe(exVat);
  });

  it('ex-VAT of a computed total gives the net back for every penny amount up to £20', () => {
    for (let pence = 0; pence <= 2000; pence += 1) {
      const net = pence / 100;
      expect(exVatFromTotal(totalWithVat(net))).toBe(net);
    }
  });

  it('accepts string amounts and rejects negative ones', () => {
    expect(vatOnNet('100.00')).toBe(20);
    expect(thrown(() => vatOnNet(-1)).field).toBe('net_cost');
    expect(thrown(() => exVatFromTotal('x')).field).toBe('total_cost');
  });
});

describe('spec §5 hire form and §9: computed totals', () => {
  it('weekly hire with delivery and operator', () => {
    expect(
      computeHireTotals({
        price: 100,
        pricing_term: 'week',
        hire_start_date: '2024-03-01',
        hire_end_date: '2024-03-10',
        delivery_charge: 45,
        operator_cost: 150,
      }),
    ).toEqual({
      hire_duration_days: 10,
      hire_cost: 200,
      net_cost: 395,
      vat_amount: 79,
      total_cost: 474,
      ex_vat: 395,
      price_per_day: 14.29,
    });
  });

  it('£33.33 for one day', () => {
    expect(
      computeHireTotals({
        price: 33.33,
        pricing_term: 'day',
        hire_start_date: '2024-06-03',
        hire_end_date: '2024-06-03',
      }),
    ).toEqual({
      hire_duration_days: 1,
      hire_cost: 33.33,
      net_cost: 33.33,
      vat_amount: 6.67,
      total_cost: 40,
      ex_vat: 33.33,
      price_per_day: 33.33,
    });
  });

  it('£0.01 for one day', () => {
    expect(
      computeHireTotals({
        price: 0.01,
        pricing_term: 'day',
        hire_start_date: '2024-06-03',
        hire_end_date: '2024-06-03',
      }),
    ).toEqual({
      hire_duration_days: 1,
      hire_cost: 0.01,
      net_cost: 0.01,
      vat_amount: 0,
      total_cost: 0.01,
      ex_vat: 0.01,
      price_per_day: 0.01,
    });
  });

  it('£19.99 a day for 3 days', () => {
    expect(
      computeHireTotals({
        price: 19.99,
        pricing_term: 'day',
        hire_start_date: '2024-12-30',
        hire_end_date: '2025-01-01',
      }),
    ).toEqual({
      hire_duration_days: 3,
      hire_cost: 59.97,
      net_cost: 59.97,
      vat_amount: 11.99,
      total_cost: 71.96,
      ex_vat: 59.97,
      price_per_day: 19.99,
    });
  });

  it('a price of 1234.565 is taken as £1234.57', () => {
    expect(
      computeHireTotals({
        price: 1234.565,
        pricing_term: 'day',
        hire_start_date: '2024-06-03',
        hire_end_date: '2024-06-03',
      }),
    ).toEqual({
      hire_duration_days: 1,
      hire_cost: 1234.57,
      net_cost: 1234.57,
      vat_amount: 246.91,
      total_cost: 1481.48,
      ex_vat: 1234.57,
      price_per_day: 1234.57,
    });
  });

  it('monthly hire of 31 days is two months, plus delivery as a string', () => {
    expect(
      computeHireTotals({
        price: '1200.00',
        pricing_term: 'month',
        hire_start_date: '2024-01-01',
        hire_end_date: '2024-01-31',
        delivery_charge: '60.00',
        operator_cost: null,
      }),
    ).toEqual({
      hire_duration_days: 31,
      hire_cost: 2400,
      net_cost: 2460,
      vat_amount: 492,
      total_cost: 2952,
      ex_vat: 2460,
      price_per_day: 40,
    });
  });

  it('yearly hire over the leap year 2024 is 366 days, so two years', () => {
    const totals = computeHireTotals({
      price: 3650,
      pricing_term: 'year',
      hire_start_date: '2024-01-01',
      hire_end_date: '2024-12-31',
    });
    expect(totals).toEqual({
      hire_duration_days: 366,
      hire_cost: 7300,
      net_cost: 7300,
      vat_amount: 1460,
      total_cost: 8760,
      ex_vat: 7300,
      price_per_day: 10,
    });
    expect(
      computeHireTotals({
        price: 3650,
        pricing_term: 'year',
        hire_start_date: '2023-01-01',
        hire_end_date: '2023-12-31',
      }).hire_cost,
    ).toBe(3650);
  });

  it('fixed price over 3 days with a part-pound delivery charge', () => {
    expect(
      computeHireTotals({
        price: 500,
        pricing_term: 'fixed',
        hire_start_date: '2024-06-01',
        hire_end_date: '2024-06-03',
        delivery_charge: 25.5,
        operator_cost: 0,
      }),
    ).toEqual({
      hire_duration_days: 3,
      hire_cost: 500,
      net_cost: 525.5,
      vat_amount: 105.1,
      total_cost: 630.6,
      ex_vat: 525.5,
      price_per_day: 166.67,
    });
  });

  it('adds small charges without float drift', () => {
    const totals = computeHireTotals({
      price: 0.1,
      pricing_term: 'day',
      hire_start_date: '2024-06-01',
      hire_end_date: '2024-06-01',
      delivery_charge: 0.2,
      operator_cost: 0.7,
    });
    expect(totals.net_cost).toBe(1);
    expect(totals.vat_amount).toBe(0.2);
    expect(totals.total_cost).toBe(1.2);
  });

  it('treats missing, null and blank optional charges as zero', () => {
    const base = {
      price: 10,
      pricing_term: 'day',
      hire_start_date: '2024-06-01',
      hire_end_date: '2024-06-02',
    } as const;
    for (const blank of [undefined, null, '', '  ']) {
      expect(computeHireTotals({ ...base, delivery_charge: blank, operator_cost: blank }).net_cost).toBe(20);
    }
  });

  it('works out across a clock change with Date inputs', () => {
    const totals = computeHireTotals({
      price: 10,
      pricing_term: 'day',
      hire_start_date: new Date('2024-10-26'),
      hire_end_date: new Date('2024-10-28'),
    });
    expect(totals.hire_duration_days).toBe(3);
    expect(totals.total_cost).toBe(36);
  });

  it('rejects bad input with the field the server should report', () => {
    const base = {
      price: 10,
      pricing_term: 'day',
      hire_start_date: '2024-06-01',
      hire_end_date: '2024-06-02',
    } as const;
    expect(thrown(() => computeHireTotals({ ...base, hire_end_date: '2024-05-31' })).field).toBe(
      'hire_end_date',
    );
    expect(thrown(() => computeHireTotals({ ...base, hire_start_date: 'soon' })).field).toBe(
      'hire_start_date',
    );
    expect(thrown(() => computeHireTotals({ ...base, price: 'ten' })).field).toBe('price');
    expect(thrown(() => computeHireTotals({ ...base, delivery_charge: -5 })).field).toBe('delivery_charge');
    expect(thrown(() => computeHireTotals({ ...base, operator_cost: 'NaN' })).field).toBe('operator_cost');
    expect(thrown(() => computeHireTotals({ ...base, pricing_term: 'hourly' as never })).field).toBe(
      'pricing_term',
    );
    expect(
      thrown(() => computeHireTotals({ ...base, price: 90_000_000_000_000, hire_end_date: '2024-06-30' }))
        .message,
    ).toBe('Amount is too large');
    expect(
      thrown(() =>
        computeHireTotals({
          ...base,
          price: 50_000_000_000_000,
          delivery_charge: 50_000_000_000_000,
          hire_end_date: '2024-06-01',
        }),
      ).field,
    ).toBe('net_cost');
  });
});
