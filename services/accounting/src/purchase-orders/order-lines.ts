import { chargeablePeriods, hireCost, type PricingTerm } from '@planted/domain';
import type { ZaharaLineItem } from '../zahara/zahara.models';

/** A hire as its purchase order needs it (amounts as stored, in pounds). */
export interface OrderHire {
  id: string;
  equipmentName: string | null;
  hireStartDate: string;
  hireEndDate: string;
  hireDurationDays: number;
  pricingTerm: PricingTerm;
  price: string;
  deliveryCharge: string;
  operatorCost: string;
  /** The Zahara project of the hire's site, when the site is synced. */
  projectId: number | null;
}

export interface LineCodes {
  nominalCodeId: number;
  taxCodeId: number;
  /** Must be the tax code's own rate: Zahara refuses any other. */
  taxPercentage: number;
  costCodeId: number | null;
  divisionId: number | null;
}

const TERM_WORDS: Record<PricingTerm, [string, string]> = {
  fixed: ['fixed price', 'fixed price'],
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  year: ['year', 'years'],
};

const pounds = (amount: string) => Math.round(Number(amount) * 100) / 100;

/**
 * The lines of one hire (spec §9): the hire itself at its price per term times the periods
 * begun, and delivery and the operator, when charged, as lines of their own. Each line's
 * NetValue is Price x Quantity to the penny, as Zahara checks; together they are the
 * hire's net cost.
 */
export function hireLines(hire: OrderHire, codes: LineCodes): ZaharaLineItem[] {
  const name = hire.equipmentName ?? 'Equipment';
  const periods = chargeablePeriods(hire.pricingTerm, hire.hireDurationDays);
  const [one, many] = TERM_WORDS[hire.pricingTerm];
  const term = hire.pricingTerm === 'fixed' ? one : `${periods} ${periods === 1 ? one : many}`;
  const common = {
    ProjectId: hire.projectId,
    CostCodeId: codes.costCodeId,
    NominalCodeId: codes.nominalCodeId,
    TaxCodeId: codes.taxCodeId,
    TaxPercentage: codes.taxPercentage,
    DivisionId: codes.divisionId,
    RequiredDate: hire.hireStartDate,
  };
  const lines: ZaharaLineItem[] = [
    {
      ...common,
      Description: `${name} hire, ${hire.hireStartDate} to ${hire.hireEndDate} (${term})`.slice(0, 255),
      Price: pounds(hire.price),
      Quantity: periods,
      NetValue: hireCost(hire.price, hire.pricingTerm, hire.hireDurationDays),
    },
  ];
  for (const [amount, label] of [
    [hire.deliveryCharge, 'Delivery'],
    [hire.operatorCost, 'Operator'],
  ] as const) {
    if (Number(amount) > 0)
      lines.push({
        ...common,
        Description: `${label}: ${name}, ${hire.hireStartDate}`.slice(0, 255),
        Price: pounds(amount),
        Quantity: 1,
        NetValue: pounds(amount),
      });
  }
  return lines;
}
