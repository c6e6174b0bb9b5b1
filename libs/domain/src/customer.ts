export type CustomerStatusKind = 'free' | 'active' | 'inactive';

export const CUSTOMER_STATUS_LABELS: Readonly<Record<CustomerStatusKind, string>> = {
  free: 'Free Edition',
  active: 'Active',
  inactive: 'Inactive',
};

/** Spec §1/§4: 'free' and 'active' are themselves; any other value (or none) is inactive. */
export function customerStatusKind(status: string | null | undefined): CustomerStatusKind {
  if (status === 'free' || status === 'active') return status;
  return 'inactive';
}

export function customerStatusLabel(status: string | null | undefined): string {
  return CUSTOMER_STATUS_LABELS[customerStatusKind(status)];
}
