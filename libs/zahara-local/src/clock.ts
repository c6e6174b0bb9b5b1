/**
 * Timestamps that never repeat or go back: two writes in one millisecond still get
 * different `LastUpdated` values, so a client paging with `After/{date}` from the last
 * timestamp it saw never skips a record.
 */
export class MonotonicClock {
  private last = 0;

  now(): Date {
    const t = Math.max(Date.now(), this.last + 1);
    this.last = t;
    return new Date(t);
  }

  iso(): string {
    return this.now().toISOString();
  }
}

/** Ids unique across the whole simulator, as in one shared database, so no two tenants share an id. */
export type IdKind =
  | 'businessUnit'
  | 'supplier'
  | 'supplierEmail'
  | 'address'
  | 'project'
  | 'document'
  | 'lineItem'
  | 'nominalCode'
  | 'taxCode'
  | 'costCode'
  | 'division';

// Starting points far apart and of realistic sizes, so an id of one kind sent as another
// (a supplier id as a project id) is not found instead of silently meaning something else.
const FIRST_ID: Record<IdKind, number> = {
  businessUnit: 101,
  taxCode: 201,
  division: 801,
  costCode: 5_001,
  nominalCode: 10_001,
  project: 300_001,
  address: 600_001,
  supplier: 1_000_001,
  supplierEmail: 2_000_001,
  document: 14_085_001,
  lineItem: 52_000_001,
};

/** Ids unique across the whole simulator, as in one shared database, so no two tenants share an id. */
export class IdSequences {
  private readonly next = new Map<IdKind, number>();

  take(kind: IdKind): number {
    const value = this.next.get(kind) ?? FIRST_ID[kind];
    this.next.set(kind, value + 1);
    return value;
  }
}
