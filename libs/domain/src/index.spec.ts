import * as domain from './index';

describe('@planted/domain public surface', () => {
  it('re-exports the rules of every module', () => {
    for (const name of [
      'toPence',
      'fromPence',
      'roundHalfUp',
      'divideRoundHalfUp',
      'multiplyPence',
      'toEpochDay',
      'toIsoDate',
      'isIsoDate',
      'hireDurationDays',
      'hireCost',
      'chargeablePeriods',
      'pricePerDay',
      'vatOnNet',
      'totalWithVat',
      'exVatFromTotal',
      'computeHireTotals',
      'isPricingTerm',
      'getPlan',
      'isPlanId',
      'comparePlans',
      'planAction',
      'canAddUser',
      'canCreateHire',
      'hireLimitUsage',
      'customerStatusKind',
      'customerStatusLabel',
      'isValidEmail',
      'minLengthMessage',
      'maxLengthMessage',
      'InvalidInputError',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
    }
    expect(domain.VAT_RATE).toBe(0.2);
    expect(domain.PLAN_ORDER).toHaveLength(4);
    expect(domain.PAGE_SIZE).toBe(12);
    expect(domain.VALIDATION_MESSAGES.EMAIL_REQUIRED).toBe('Email is required');
  });
});
