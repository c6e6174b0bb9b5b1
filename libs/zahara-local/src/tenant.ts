import type { IdSequences, MonotonicClock } from './clock';
import type { CostCode, Division, NominalCode, Project, PurchaseOrder, Supplier, TaxCode } from './models';

/** A purchase order as kept; answers add its supplier's summary as it is at the time. */
export type StoredPurchaseOrder = Omit<PurchaseOrder, 'Supplier'>;

/** One business unit: what one API key reaches and nothing else. */
export class Tenant {
  readonly businessUnitId: number;
  readonly suppliers = new Map<number, Supplier>();
  readonly projects = new Map<number, Project>();
  readonly purchaseOrders = new Map<number, StoredPurchaseOrder>();
  readonly nominalCodes = new Map<number, NominalCode>();
  readonly taxCodes = new Map<number, TaxCode>();
  readonly costCodes = new Map<number, CostCode>();
  readonly divisions = new Map<number, Division>();
  private purchaseOrderSequence = 0;

  constructor(
    readonly key: string,
    readonly ids: IdSequences,
    readonly clock: MonotonicClock,
  ) {
    this.businessUnitId = ids.take('businessUnit');
  }

  /** Purchase order numbers run per business unit, as on paper. */
  nextPurchaseOrderNumber(): string {
    this.purchaseOrderSequence += 1;
    return `PO-${String(this.purchaseOrderSequence).padStart(5, '0')}`;
  }
}

/** Everything a tenant holds, copied, for tests and the control API to look at. */
export interface TenantSnapshot {
  key: string;
  businessUnitId: number;
  suppliers: Supplier[];
  projects: Project[];
  purchaseOrders: StoredPurchaseOrder[];
  nominalCodes: NominalCode[];
  taxCodes: TaxCode[];
  costCodes: CostCode[];
  divisions: Division[];
}

export function snapshotOf(tenant: Tenant): TenantSnapshot {
  const list = <T>(map: Map<number, T>): T[] => structuredClone([...map.values()]);
  return {
    key: tenant.key,
    businessUnitId: tenant.businessUnitId,
    suppliers: list(tenant.suppliers),
    projects: list(tenant.projects),
    purchaseOrders: list(tenant.purchaseOrders),
    nominalCodes: list(tenant.nominalCodes),
    taxCodes: list(tenant.taxCodes),
    costCodes: list(tenant.costCodes),
    divisions: list(tenant.divisions),
  };
}
