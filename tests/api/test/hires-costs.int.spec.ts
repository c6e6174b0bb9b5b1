import { twoCompanies, type Companies } from './catalogue-support';
import { catalogueItems, createSite, hireFields, postHire, type Catalogue } from './hires-support';
import { client, startSystem, type Json, type System } from './system';

/**
 * Spec §9 cost rules through POST and PUT /api/hires, against figures worked out by hand:
 * day count inclusive (end − start + 1); hire cost fixed = price, day = price × days,
 * week = price × ⌈days/7⌉, month = price × ⌈days/30⌉, year = price × ⌈days/365⌉;
 * net = hire cost + delivery + operator; VAT 20%; total = net × 1.2; per-day comparison
 * price/7, /30, /365, or price/duration for fixed. Completed hires, so the free plan's
 * limit of 5 active hires never gets in the way.
 */
interface Case {
  rule: string;
  input: Record<string, unknown>;
  expected: {
    hire_duration_days: number;
    price_per_day: number;
    net_cost: number;
    vat_amount: number;
    total_cost: number;
  };
}

const CASES: Case[] = [
  {
    rule: 'fixed: the price whatever the days; per day = price / 10 days; + delivery',
    input: {
      price: 250,
      pricing_term: 'fixed',
      hire_start_date: '2026-03-02',
      hire_end_date: '2026-03-11',
      delivery_charge: 25,
    },
    // 250 + 25 = 275; VAT 55; total 330; 250 / 10 = 25 a day
    expected: { hire_duration_days: 10, price_per_day: 25, net_cost: 275, vat_amount: 55, total_cost: 330 },
  },
  {
    rule: 'day: price × 5 inclusive days + delivery + operator',
    input: {
      price: 45.5,
      pricing_term: 'day',
      hire_start_date: '2026-03-02',
      hire_end_date: '2026-03-06',
      delivery_charge: 30,
      operator_cost: 100,
    },
    // 45.50 × 5 = 227.50; + 30 + 100 = 357.50; VAT 71.50; total 429.00
    expected: {
      hire_duration_days: 5,
      price_per_day: 45.5,
      net_cost: 357.5,
      vat_amount: 71.5,
      total_cost: 429,
    },
  },
  {
    rule: 'day: a hire starting and ending on one day is 1 day',
    input: { price: 80, pricing_term: 'day', hire_start_date: '2026-03-02', hire_end_date: '2026-03-02' },
    expected: { hire_duration_days: 1, price_per_day: 80, net_cost: 80, vat_amount: 16, total_cost: 96 },
  },
  {
    rule: 'day: the inclusive count runs across 29 February',
    input: { price: 10, pricing_term: 'day', hire_start_date: '2028-02-27', hire_end_date: '2028-03-01' },
    // 27, 28, 29 Feb and 1 Mar: 4 days
    expected: { hire_duration_days: 4, price_per_day: 10, net_cost: 40, vat_amount: 8, total_cost: 48 },
  },
  {
    rule: 'week: 7 days are one week; per day = price / 7',
    input: { price: 300, pricing_term: 'week', hire_start_date: '2026-03-02', hire_end_date: '2026-03-08' },
    // 300 / 7 = 42.857… → 42.86
    expected: { hire_duration_days: 7, price_per_day: 42.86, net_cost: 300, vat_amount: 60, total_cost: 360 },
  },
  {
    rule: 'week: 8 days are two weeks',
    input: { price: 300, pricing_term: 'week', hire_start_date: '2026-03-02', hire_end_date: '2026-03-09' },
    expected: {
      hire_duration_days: 8,
      price_per_day: 42.86,
      net_cost: 600,
      vat_amount: 120,
      total_cost: 720,
    },
  },
  {
    rule: 'week: 15 days are three weeks',
    input: { price: 120, pricing_term: 'week', hire_start_date: '2026-03-01', hire_end_date: '2026-03-15' },
    // 120 × 3 = 360; 120 / 7 = 17.142… → 17.14
    expected: {
      hire_duration_days: 15,
      price_per_day: 17.14,
      net_cost: 360,
      vat_amount: 72,
      total_cost: 432,
    },
  },
  {
    rule: 'month: 30 days are one month; per day = price / 30',
    input: { price: 800, pricing_term: 'month', hire_start_date: '2026-04-01', hire_end_date: '2026-04-30' },
    // 800 / 30 = 26.666… → 26.67
    expected: {
      hire_duration_days: 30,
      price_per_day: 26.67,
      net_cost: 800,
      vat_amount: 160,
      total_cost: 960,
    },
  },
  {
    rule: 'month: 46 days are two months, + operator',
    input: {
      price: 800,
      pricing_term: 'month',
      hire_start_date: '2026-01-01',
      hire_end_date: '2026-02-15',
      operator_cost: 250,
    },
    // 31 + 15 = 46 days; 800 × 2 = 1600; + 250 = 1850; VAT 370; total 2220
    expected: {
      hire_duration_days: 46,
      price_per_day: 26.67,
      net_cost: 1850,
      vat_amount: 370,
      total_cost: 2220,
    },
  },
  {
    rule: 'year: 365 days are one year; per day = price / 365',
    input: { price: 5000, pricing_term: 'year', hire_start_date: '2026-01-01', hire_end_date: '2026-12-31' },
    // 5000 / 365 = 13.698… → 13.70
    expected: {
      hire_duration_days: 365,
      price_per_day: 13.7,
      net_cost: 5000,
      vat_amount: 1000,
      total_cost: 6000,
    },
  },
  {
    rule: 'year: 366 days are two years',
    input: { price: 5000, pricing_term: 'year', hire_start_date: '2026-01-01', hire_end_date: '2027-01-01' },
    expected: {
      hire_duration_days: 366,
      price_per_day: 13.7,
      net_cost: 10000,
      vat_amount: 2000,
      total_cost: 12000,
    },
  },
  {
    rule: 'pennies: 33.33 × 3 + 0.01 delivery is exactly 100.00, no float drift',
    input: {
      price: '33.33',
      pricing_term: 'day',
      hire_start_date: '2026-03-02',
      hire_end_date: '2026-03-04',
      delivery_charge: '0.01',
    },
    expected: { hire_duration_days: 3, price_per_day: 33.33, net_cost: 100, vat_amount: 20, total_cost: 120 },
  },
  {
    rule: 'VAT rounds to the penny: 20% of 10.03 is 2.006 → 2.01',
    input: {
      price: 10.03,
      pricing_term: 'fixed',
      hire_start_date: '2026-03-02',
      hire_end_date: '2026-03-02',
    },
    expected: {
      hire_duration_days: 1,
      price_per_day: 10.03,
      net_cost: 10.03,
      vat_amount: 2.01,
      total_cost: 12.04,
    },
  },
];

describe('hire costs over HTTP (spec §9), against hand-computed figures', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let co: Companies;
  let items: Catalogue;
  let site: Json;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    co = await twoCompanies(sys, 'Costs');
    items = await catalogueItems(api, co.a.token, 'Costs');
    site = await createSite(api, co.a.token, 'Costs yard');
  }, 60_000);
  afterAll(() => sys?.close());

  const completed = (input: Record<string, unknown>) =>
    hireFields(items, site, { hire_status: 'completed', ...input });

  it.each(CASES.map((c) => [c.rule, c] as const))('%s', async (_rule, c) => {
    const res = await postHire(api, co.a.token, completed(c.input));
    expect(res.status).toBe(201);
    expect(res.body.hire).toMatchObject({
      ...c.expected,
      price: Number(c.input.price),
      pricing_term: c.input.pricing_term,
      delivery_charge: Number(c.input.delivery_charge ?? 0),
      operator_cost: Number(c.input.operator_cost ?? 0),
    });
    // The figures are stored, not only answered.
    const got = await api.get(`/api/hires/${res.body.hire.id}`, co.a.token);
    expect(got.body.hire).toMatchObject(c.expected);
  });

  it('ignores duration, price per day, net, VAT and total sent by the browser', async () => {
    const res = await postHire(
      api,
      co.a.token,
      completed({
        price: 45.5,
        pricing_term: 'day',
        hire_start_date: '2026-03-02',
        hire_end_date: '2026-03-06',
        hire_duration_days: 99,
        price_per_day: 1,
        net_cost: 1,
        vat_amount: 1,
        total_cost: 1,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.hire).toMatchObject({
      hire_duration_days: 5,
      price_per_day: 45.5,
      net_cost: 227.5,
      vat_amount: 45.5,
      total_cost: 273,
    });
  });

  it('computes again on an edit, from the edited fields only', async () => {
    const created = await postHire(api, co.a.token, completed({ price: 45.5, pricing_term: 'day' }));
    const res = await api.put(
      `/api/hires/${created.body.hire.id}`,
      completed({
        price: 120,
        pricing_term: 'week',
        hire_start_date: '2026-03-01',
        hire_end_date: '2026-03-15',
        delivery_charge: 40,
        total_cost: 5,
      }),
      co.a.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Hire updated successfully');
    // 120 × 3 weeks = 360; + 40 = 400; VAT 80; total 480
    expect(res.body.hire).toMatchObject({
      hire_duration_days: 15,
      price_per_day: 17.14,
      net_cost: 400,
      vat_amount: 80,
      total_cost: 480,
    });
  });

  it('takes delivery and operator cost left empty in the form as not given (0), on adding and editing', async () => {
    const res = await postHire(
      api,
      co.a.token,
      completed({ price: '45.50', pricing_term: 'day', delivery_charge: '', operator_cost: '' }),
    );
    expect(res.status).toBe(201);
    // 45.50 × 5 days = 227.50, nothing added; VAT 45.50; total 273.00
    expect(res.body.hire).toMatchObject({
      delivery_charge: 0,
      operator_cost: 0,
      net_cost: 227.5,
      total_cost: 273,
    });
    const edit = await api.put(
      `/api/hires/${res.body.hire.id}`,
      completed({ price: '45.50', pricing_term: 'day', delivery_charge: '25', operator_cost: ' ' }),
      co.a.token,
    );
    expect(edit.status).toBe(200);
    // 227.50 + 25 delivery = 252.50; VAT 50.50; total 303.00
    expect(edit.body.hire).toMatchObject({
      delivery_charge: 25,
      operator_cost: 0,
      net_cost: 252.5,
      total_cost: 303,
    });
    // The price itself stays required: empty is its spec message.
    const noPrice = await api.post('/api/hires', completed({ price: '' }), co.a.token);
    expect(noPrice).toMatchObject({
      status: 400,
      body: { details: [{ param: 'price', msg: 'Price is required' }] },
    });
  });

  it('refuses an end date before the start, on adding and on editing, changing nothing', async () => {
    const END_BEFORE_START = 'End date must be on or after the start date';
    const before = completed({ hire_start_date: '2026-03-06', hire_end_date: '2026-03-05' });
    const add = await api.post('/api/hires', before, co.a.token);
    expect(add).toMatchObject({
      status: 400,
      body: { error: END_BEFORE_START, details: [{ param: 'hire_end_date', msg: END_BEFORE_START }] },
    });
    const created = await postHire(api, co.a.token, completed({}));
    const edit = await api.put(`/api/hires/${created.body.hire.id}`, before, co.a.token);
    expect(edit).toMatchObject({ status: 400, body: { error: END_BEFORE_START } });
    const got = await api.get(`/api/hires/${created.body.hire.id}`, co.a.token);
    expect(got.body.hire).toMatchObject({ hire_start_date: '2026-03-02', hire_end_date: '2026-03-06' });
  });

  it('requires the hire form’s fields (spec §5 Hire form), with their messages', async () => {
    const res = await api.post('/api/hires', {}, co.a.token);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { param: 'equipment_id', msg: 'Equipment is required' },
      { param: 'supplier_id', msg: 'Supplier is required' },
      { param: 'site_id', msg: 'Site is required' },
      { param: 'price', msg: 'Price is required' },
      { param: 'pricing_term', msg: 'Pricing term is required' },
      { param: 'hire_start_date', msg: 'Start date is required' },
      { param: 'hire_end_date', msg: 'End date is required' },
    ]);
  });

  it.each([
    [
      { pricing_term: 'fortnight' },
      'pricing_term',
      'Pricing term must be one of fixed, day, week, month or year',
    ],
    [{ price: -1 }, 'price', 'Amount cannot be negative'],
    [{ price: 'lots' }, 'price', 'Please enter a valid number'],
    [{ price: 10.005 }, 'price', 'Amount must have at most 2 decimal places'],
    [{ delivery_charge: -5 }, 'delivery_charge', 'Amount cannot be negative'],
    [{ operator_cost: 0.001 }, 'operator_cost', 'Amount must have at most 2 decimal places'],
    [{ hire_start_date: '02/03/2026' }, 'hire_start_date', 'Please enter a valid date (YYYY-MM-DD)'],
    [{ hire_end_date: '2026-02-30' }, 'hire_end_date', 'Please enter a valid date (YYYY-MM-DD)'],
    [
      { hire_end_date: '9999-12-31' },
      'hire_end_date',
      'Please enter a date between 01/01/2000 and 31/12/2099',
    ],
    [{ hire_status: 'lost' }, 'hire_status', 'Status must be one of active, completed or collection_booked'],
    [{ price: 10_000_000.01 }, 'price', 'Amount is too large'],
    [
      { additional_details: 'x'.repeat(2001) },
      'additional_details',
      'Additional details must be 2000 characters or less',
    ],
    [{ equipment_id: 'drill' }, 'equipment_id', 'Equipment not found'],
    [{ site_id: 42 }, 'site_id', 'Site not found'],
    [{ hire_start_date: 20260301 }, 'hire_start_date', 'Please enter a valid date (YYYY-MM-DD)'],
  ])('refuses %j: %s “%s”', async (change, param, msg) => {
    const res = await api.post('/api/hires', completed(change), co.a.token);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ param, msg }]);
  });
});
