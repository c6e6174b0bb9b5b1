import { hireLines, type OrderHire } from './order-lines';

const codes = { nominalCodeId: 10005, taxCodeId: 202, taxPercentage: 20, costCodeId: 5004, divisionId: 802 };
const hire: OrderHire = {
  id: '00000000-0000-4000-8000-000000000001',
  equipmentName: '8t tracked excavator',
  hireStartDate: '2026-11-02',
  hireEndDate: '2026-11-10',
  hireDurationDays: 9,
  pricingTerm: 'week',
  price: '450.00',
  deliveryCharge: '0.00',
  operatorCost: '0.00',
  projectId: 300001,
};

const net = (lines: { NetValue: number }[]) =>
  Math.round(lines.reduce((s, l) => s + l.NetValue * 100, 0)) / 100;

describe('purchase order lines from a hire (spec §9 hire cost)', () => {
  it('charges every week begun: 9 days at £450 a week is 2 x 450', () => {
    const lines = hireLines(hire, codes);
    expect(lines).toEqual([
      expect.objectContaining({
        Description: '8t tracked excavator hire, 2026-11-02 to 2026-11-10 (2 weeks)',
        Price: 450,
        Quantity: 2,
        NetValue: 900,
        ProjectId: 300001,
        NominalCodeId: 10005,
        TaxCodeId: 202,
        TaxPercentage: 20,
        CostCodeId: 5004,
        DivisionId: 802,
      }),
    ]);
  });

  it('adds delivery and operator as lines of their own, so the lines total the net cost', () => {
    const lines = hireLines(
      { ...hire, pricingTerm: 'day', price: '33.33', deliveryCharge: '25.50', operatorCost: '10.00' },
      codes,
    );
    expect(lines.map((l) => [l.Price, l.Quantity, l.NetValue])).toEqual([
      [33.33, 9, 299.97],
      [25.5, 1, 25.5],
      [10, 1, 10],
    ]);
    expect(net(lines)).toBe(335.47);
  });

  it('charges a fixed price once, and names an unknown item plainly', () => {
    const [line] = hireLines({ ...hire, pricingTerm: 'fixed', equipmentName: null, projectId: null }, codes);
    expect(line).toMatchObject({
      Description: 'Equipment hire, 2026-11-02 to 2026-11-10 (fixed price)',
      Quantity: 1,
      NetValue: 450,
      ProjectId: null,
    });
  });
});
