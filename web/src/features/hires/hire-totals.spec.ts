import { comparePrice, liveTotals } from './hire-totals';

const base = {
  price: '100',
  pricing_term: 'day',
  hire_start_date: '2026-03-01',
  hire_end_date: '2026-03-02',
  delivery_charge: '',
  operator_cost: '',
};

describe('the hire form summary reads its fields as Create Hire does (spec §5, §9)', () => {
  it('shows figures for amounts typed with no digit before the point, as saving takes them', () => {
    expect(liveTotals({ ...base, price: '.5' })).toMatchObject({
      hire_duration_days: 2,
      net_cost: 1,
      total_cost: 1.2,
    });
    expect(liveTotals({ ...base, delivery_charge: '.75', operator_cost: ' 2.5 ' })).toMatchObject({
      net_cost: 203.25,
    });
    expect(comparePrice({ ...base, price: '.5' }, 1)).toEqual({
      thisPerDay: 0.5,
      latestPerDay: 1,
      difference: -0.5,
    });
  });

  it('shows none for what saving would refuse', () => {
    for (const price of ['0.005', '10000000.01', '-1', '1e3', '0x10', 'ten', ''])
      expect(liveTotals({ ...base, price })).toBeNull();
    expect(liveTotals({ ...base, delivery_charge: '0.005' })).toBeNull();
    expect(liveTotals({ ...base, hire_end_date: '9999-01-01' })).toBeNull();
    expect(liveTotals({ ...base, pricing_term: 'fortnight' })).toBeNull();
    expect(comparePrice({ ...base, price: '0.005' }, 1)).toBeNull();
  });

  it('takes empty delivery and operator costs as none', () => {
    expect(liveTotals(base)).toMatchObject({ net_cost: 200, vat_amount: 40, total_cost: 240 });
    expect(
      liveTotals({ ...base, price: 100, delivery_charge: undefined, operator_cost: null }),
    ).toMatchObject({
      net_cost: 200,
    });
  });
});
