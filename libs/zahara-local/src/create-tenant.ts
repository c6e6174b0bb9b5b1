import type { IdSequences, MonotonicClock } from './clock';
import {
  addLookup,
  costCodes,
  divisions,
  findLookupByKey,
  nominalCodes,
  taxCodes,
} from './resources/lookups';
import { addProject } from './resources/projects';
import { addPurchaseOrder } from './resources/purchase-orders';
import { addSupplier } from './resources/suppliers';
import {
  SEED_COST_CODES,
  SEED_DIVISIONS,
  SEED_NOMINAL_CODES,
  SEED_PROJECTS,
  SEED_PURCHASE_ORDERS,
  SEED_SUPPLIERS,
  SEED_TAX_CODES,
} from './seed';
import { Tenant } from './tenant';
import { roundMoney } from './validation';

const DAY_MS = 86_400_000;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed data refers to a missing ${what}`);
  return value;
}

/** Seed records look as if made over the past months; anything the API does is newer. */
function backdate<T extends { LastUpdated: string; DateCreated?: string }>(record: T, daysAgo: number): T {
  const at = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  record.LastUpdated = at;
  if (record.DateCreated !== undefined) record.DateCreated = at;
  return record;
}

function divisionByCode(tenant: Tenant, code: string) {
  return required(
    [...tenant.divisions.values()].find((division) => division.Code === code),
    `division ${code}`,
  );
}

/** A business unit with the seed data, made through the same code paths as the API's Add calls. */
export function createTenant(key: string, ids: IdSequences, clock: MonotonicClock): Tenant {
  const tenant = new Tenant(key, ids, clock);
  for (const input of SEED_NOMINAL_CODES) backdate(addLookup(nominalCodes, tenant, input), 400);
  for (const input of SEED_TAX_CODES) backdate(addLookup(taxCodes, tenant, input), 400);
  for (const input of SEED_COST_CODES) backdate(addLookup(costCodes, tenant, input), 400);
  for (const input of SEED_DIVISIONS) backdate(addLookup(divisions, tenant, input), 400);

  for (const seed of SEED_PROJECTS) {
    const start = new Date(Date.now() - seed.startedDaysAgo * DAY_MS).toISOString().slice(0, 10);
    const end =
      seed.endedDaysAgo === undefined
        ? null
        : new Date(Date.now() - seed.endedDaysAgo * DAY_MS).toISOString().slice(0, 10);
    const project = addProject(tenant, {
      ProjectId: null,
      ProjectName: seed.ProjectName,
      ProjectCode: seed.ProjectCode,
      Description: seed.Description,
      BudgetedAmount: seed.BudgetedAmount,
      ProjectIncome: null,
      Start: `${start}T00:00:00.000Z`,
      End: end && `${end}T00:00:00.000Z`,
      Status: seed.Status,
      Address: { AddressLines: seed.AddressLines, Postcode: seed.Postcode, CountryCode: 'GB' },
      Void: false,
    });
    backdate(project, seed.endedDaysAgo ?? seed.startedDaysAgo);
    if (project.Address) project.Address.LastUpdated = project.LastUpdated;
  }

  for (const seed of SEED_SUPPLIERS) {
    const division = divisionByCode(tenant, seed.DefaultDivisionCode);
    const { AddressLines, Postcode, DefaultDivisionCode: _division, ...fields } = seed;
    const supplier = addSupplier(tenant, {
      ...fields,
      SupplierId: null,
      Address: { AddressLines, Postcode, CountryCode: 'GB' },
      CountryCode: 'GB',
      DefaultNominalCodeId: null,
      DefaultTaxCodeId: null,
      DefaultCostCodeId: null,
      DefaultDivisionId: division.DivisionId,
      DefaultCurrencyId: null,
      DefaultPaymentTerms: seed.PaymentTermDaysNumber,
      PaymentTermStartType: null,
      PaymentTermType: null,
      IsActive: true,
      Void: false,
    });
    backdate(supplier, 365);
    for (const email of supplier.SupplierEmails) email.AddedOn = supplier.DateCreated;
    if (supplier.Address) supplier.Address.LastUpdated = supplier.LastUpdated;
  }

  for (const seed of SEED_PURCHASE_ORDERS) {
    const supplier = required(
      [...tenant.suppliers.values()].find((s) => s.ReferenceNumber === seed.supplierReference),
      'supplier',
    );
    const project = required(
      [...tenant.projects.values()].find((p) => p.ProjectCode === seed.projectCode),
      'project',
    );
    const division = divisionByCode(tenant, seed.divisionCode);
    const standard = required(findLookupByKey(taxCodes, tenant, 'T1'), 'tax code');
    const order = addPurchaseOrder(
      tenant,
      {
        DocumentId: null,
        SupplierId: supplier.SupplierId,
        ExternalId: null,
        RequisitorId: null,
        BusinessDivisionId: division.DivisionId,
        CurrencyId: null,
        RequiredDate: null,
        TotalNetValue: null,
        TotalGrossValue: null,
        Void: false,
        LineItems: seed.lines.map((line) => ({
          Description: line.Description,
          ProjectId: project.ProjectId,
          CostCodeId: required(findLookupByKey(costCodes, tenant, line.CostCode), 'cost code').CostCodeId,
          NominalCodeId: required(findLookupByKey(nominalCodes, tenant, line.NominalCode), 'nominal code')
            .NominalCodeId,
          TaxCodeId: standard.TaxCodeId,
          TaxPercentage: standard.TaxPercentage,
          TaxValue: null,
          Price: line.Price,
          Quantity: line.Quantity,
          DiscountPercentage: null,
          NetValue: roundMoney(line.Price * line.Quantity),
          DivisionId: division.DivisionId,
          RequiredDate: null,
        })),
      },
      seed.status,
    );
    backdate(order, seed.daysAgo);
  }
  return tenant;
}
