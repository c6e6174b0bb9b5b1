import { CUSTOMER_STATUS_LABELS, customerStatusKind, customerStatusLabel } from './customer';

describe('spec §1/§4 customer status', () => {
  it.each([
    ['free', 'free', 'Free Edition'],
    ['active', 'active', 'Active'],
    ['inactive', 'inactive', 'Inactive'],
    ['canceled', 'inactive', 'Inactive'],
    ['past_due', 'inactive', 'Inactive'],
    ['Active', 'inactive', 'Inactive'],
    ['', 'inactive', 'Inactive'],
  ])('%p is %s, shown as %p', (status, kind, label) => {
    expect(customerStatusKind(status)).toBe(kind);
    expect(customerStatusLabel(status)).toBe(label);
  });

  it('treats a missing status as inactive', () => {
    expect(customerStatusKind(null)).toBe('inactive');
    expect(customerStatusKind(undefined)).toBe('inactive');
    expect(customerStatusLabel(null)).toBe('Inactive');
  });

  it('has exactly the three labels', () => {
    expect(CUSTOMER_STATUS_LABELS).toEqual({ free: 'Free Edition', active: 'Active', inactive: 'Inactive' });
  });
});
