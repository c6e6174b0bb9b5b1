import { z } from 'zod';
import { invalidRequest, notFound } from '../api-error';
import type { Supplier } from '../models';
import { changedAfter, dateParam, intParam, matchesTerm, textParam, type Route } from '../router';
import type { Tenant } from '../tenant';
import { bodyObject, COUNTRY_CODE_IDS, field, parseBody } from '../validation';
import { addressAsInput, addressSchema, buildAddress } from './address';
import { costCodes, findLookupByKey, nominalCodes, taxCodes } from './lookups';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Zahara keeps pounds only here: the one currency a UK business unit is set up with. */
export const GBP_CURRENCY_ID = 1;

const optionalCount = (max: number) =>
  field.int().min(0, `must be between 0 and ${max}.`).max(max, `must be between 0 and ${max}.`).nullish();

export const supplierSchema = z.object({
  SupplierId: field.optionalRef(),
  SupplierName: field.text(100),
  ReferenceNumber: field.optionalText(20),
  ContactName: field.optionalText(100),
  Email: field
    .optionalText(254)
    .refine((value) => value === null || EMAIL.test(value), 'must be an email address.'),
  Address: addressSchema,
  CountryCode: field.countryCode(),
  DefaultNominalCode: field.optionalText(10),
  DefaultNominalCodeId: field.optionalRef(),
  DefaultTaxCode: field.optionalText(10),
  DefaultTaxCodeId: field.optionalRef(),
  DefaultCostCode: field.optionalText(10),
  DefaultCostCodeId: field.optionalRef(),
  DefaultDivisionId: field.optionalRef(),
  DefaultCurrencyId: field.optionalRef(),
  DefaultPaymentTerms: optionalCount(365),
  PaymentTermDaysNumber: optionalCount(365),
  PaymentTermStartType: optionalCount(3),
  PaymentTermType: optionalCount(3),
  BankAccountNumber: field
    .optionalText(8)
    .refine((value) => value === null || /^\d{8}$/.test(value), 'must be 8 digits.'),
  BankSortCode: field
    .optionalText(8)
    .refine(
      (value) => value === null || /^\d{2}-?\d{2}-?\d{2}$/.test(value),
      'must be six digits (12-34-56).',
    ),
  IsActive: field.bool(),
  TrustedStatus: field.bool(),
  Void: field.bool(),
});

export type SupplierInput = z.output<typeof supplierSchema>;

interface CodeRef {
  id: number | null;
  code: string | null;
}

/**
 * A default code given by id, by code or both (Zahara's supplier carries both), checked
 * against this business unit's list.
 */
function resolveCode<T extends { Code: string }>(
  errors: string[],
  label: string,
  ids: { idField: string; codeField: string },
  byId: Map<number, T>,
  byCode: (code: string) => T | undefined,
  idOf: (record: T) => number,
  given: CodeRef,
): CodeRef {
  if (given.id !== null) {
    const record = byId.get(given.id);
    if (!record) {
      errors.push(`${ids.idField} ${given.id} is not a ${label} of this business unit.`);
      return { id: null, code: null };
    }
    if (given.code !== null && given.code.toLowerCase() !== record.Code.toLowerCase())
      errors.push(
        `${ids.codeField} '${given.code}' does not match ${ids.idField} ${given.id} (${record.Code}).`,
      );
    return { id: given.id, code: record.Code };
  }
  if (given.code !== null) {
    const record = byCode(given.code);
    if (!record) {
      errors.push(`${ids.codeField} '${given.code}' is not a ${label} of this business unit.`);
      return { id: null, code: null };
    }
    return { id: idOf(record), code: record.Code };
  }
  return { id: null, code: null };
}

function uniqueReference(tenant: Tenant, name: string): string {
  const stem = (name.replace(/[^A-Za-z0-9]/g, '').slice(0, 3) || 'SUP').toUpperCase();
  const taken = new Set([...tenant.suppliers.values()].map((s) => s.ReferenceNumber.toUpperCase()));
  for (let n = 1; ; n++) {
    const candidate = `${stem}${String(n).padStart(3, '0')}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Checks a supplier request against the business unit and builds the record (new or updated). */
export function buildSupplier(tenant: Tenant, input: SupplierInput, existing?: Supplier): Supplier {
  const errors: string[] = [];
  const nominal = resolveCode(
    errors,
    'nominal code',
    { idField: 'DefaultNominalCodeId', codeField: 'DefaultNominalCode' },
    tenant.nominalCodes,
    (code) => findLookupByKey(nominalCodes, tenant, code),
    (record) => record.NominalCodeId,
    { id: input.DefaultNominalCodeId, code: input.DefaultNominalCode },
  );
  const tax = resolveCode(
    errors,
    'tax code',
    { idField: 'DefaultTaxCodeId', codeField: 'DefaultTaxCode' },
    tenant.taxCodes,
    (code) => findLookupByKey(taxCodes, tenant, code),
    (record) => record.TaxCodeId,
    { id: input.DefaultTaxCodeId, code: input.DefaultTaxCode },
  );
  const cost = resolveCode(
    errors,
    'cost code',
    { idField: 'DefaultCostCodeId', codeField: 'DefaultCostCode' },
    tenant.costCodes,
    (code) => findLookupByKey(costCodes, tenant, code),
    (record) => record.CostCodeId,
    { id: input.DefaultCostCodeId, code: input.DefaultCostCode },
  );
  if (input.DefaultDivisionId !== null && !tenant.divisions.has(input.DefaultDivisionId))
    errors.push(`DefaultDivisionId ${input.DefaultDivisionId} is not a division of this business unit.`);
  if (input.DefaultCurrencyId !== null && input.DefaultCurrencyId !== GBP_CURRENCY_ID)
    errors.push(`DefaultCurrencyId ${input.DefaultCurrencyId} is not a currency of this business unit.`);
  const reference =
    input.ReferenceNumber ?? existing?.ReferenceNumber ?? uniqueReference(tenant, input.SupplierName);
  const clash = [...tenant.suppliers.values()].find(
    (s) =>
      s.SupplierId !== existing?.SupplierId && s.ReferenceNumber.toLowerCase() === reference.toLowerCase(),
  );
  if (clash) errors.push(`ReferenceNumber '${reference}' is already used by supplier ${clash.SupplierId}.`);
  if (errors.length) throw invalidRequest(errors);

  const now = tenant.clock.iso();
  const country = input.CountryCode ?? input.Address?.CountryCode ?? 'GB';
  const email = input.Email ?? '';
  const keptEmail = existing?.SupplierEmails.find((e) => e.Email === email);
  return {
    SupplierId: existing?.SupplierId ?? tenant.ids.take('supplier'),
    BusinessUnitId: tenant.businessUnitId,
    SupplierName: input.SupplierName,
    ReferenceNumber: reference,
    ContactName: input.ContactName ?? '',
    Email: email,
    SupplierEmails: email
      ? [
          keptEmail ?? {
            SupplierEmailId: tenant.ids.take('supplierEmail'),
            Email: email,
            SupplierEmailType: 1,
            SupplierEmailTypeDescription: 'Accounts',
            AddedOn: now,
          },
        ]
      : [],
    Address: buildAddress(tenant, input.Address, country, existing?.Address ?? null),
    CountryCode: country,
    CountryCodeId: COUNTRY_CODE_IDS[country],
    DefaultNominalCode: nominal.code,
    DefaultNominalCodeId: nominal.id,
    DefaultTaxCode: tax.code,
    DefaultTaxCodeId: tax.id,
    DefaultCostCode: cost.code,
    DefaultCostCodeId: cost.id,
    DefaultDivisionId: input.DefaultDivisionId,
    DefaultCurrencyId: GBP_CURRENCY_ID,
    DefaultPaymentTerms: input.DefaultPaymentTerms ?? input.PaymentTermDaysNumber ?? 30,
    PaymentTermDaysNumber: input.PaymentTermDaysNumber ?? input.DefaultPaymentTerms ?? 30,
    PaymentTermStartType: input.PaymentTermStartType ?? 1,
    PaymentTermType: input.PaymentTermType ?? 1,
    BankAccountNumber: input.BankAccountNumber,
    BankSortCode: input.BankSortCode
      ? input.BankSortCode.replace(/^(\d{2})-?(\d{2})-?(\d{2})$/, '$1-$2-$3')
      : null,
    IsActive: input.IsActive ?? true,
    TrustedStatus: input.TrustedStatus ?? false,
    Void: input.Void ?? false,
    DateCreated: existing?.DateCreated ?? now,
    LastUpdated: now,
  };
}

export function addSupplier(tenant: Tenant, input: SupplierInput): Supplier {
  const supplier = buildSupplier(tenant, input);
  tenant.suppliers.set(supplier.SupplierId, supplier);
  return supplier;
}

function getSupplier(tenant: Tenant, id: number): Supplier {
  const supplier = tenant.suppliers.get(id);
  if (!supplier) throw notFound(`Supplier ${id} was not found.`);
  return supplier;
}

const CODE_PAIRS = [
  ['DefaultNominalCodeId', 'DefaultNominalCode'],
  ['DefaultTaxCodeId', 'DefaultTaxCode'],
  ['DefaultCostCodeId', 'DefaultCostCode'],
] as const;

/**
 * The update's fields over the stored supplier, so an update may send only what changes.
 * A default code sent by id alone (or code alone) replaces both halves of the stored pair.
 */
function mergeUpdate(supplier: Supplier, patch: Record<string, unknown>): Record<string, unknown> {
  const base: Record<string, unknown> = { ...supplier, Address: addressAsInput(supplier.Address) };
  for (const [idField, codeField] of CODE_PAIRS) {
    if (idField in patch || codeField in patch) {
      delete base[idField];
      delete base[codeField];
    }
  }
  return { ...base, ...patch };
}

const byName = (a: Supplier, b: Supplier) => a.SupplierName.localeCompare(b.SupplierName);

export const supplierRoutes: Route[] = [
  {
    method: 'POST',
    template: 'Supplier/Add',
    creates: 'Supplier',
    handle: ({ tenant, body }) => addSupplier(tenant, parseBody(supplierSchema, body)),
  },
  {
    method: 'PUT',
    template: 'Supplier/Update/{id}',
    handle: (ctx) => {
      const id = intParam(ctx, 'id');
      const existing = getSupplier(ctx.tenant, id);
      const input = parseBody(supplierSchema, mergeUpdate(existing, bodyObject(ctx.body)));
      if (input.SupplierId && input.SupplierId !== id)
        throw invalidRequest([
          `SupplierId ${input.SupplierId} does not match the supplier being updated (${id}).`,
        ]);
      const updated = buildSupplier(ctx.tenant, input, existing);
      ctx.tenant.suppliers.set(id, updated);
      return updated;
    },
  },
  {
    method: 'GET',
    template: 'Supplier/Get/{id}',
    handle: (ctx) => getSupplier(ctx.tenant, intParam(ctx, 'id')),
  },
  {
    method: 'GET',
    template: 'Supplier/Search/{term}',
    handle: (ctx) => {
      const term = textParam(ctx, 'term');
      return [...ctx.tenant.suppliers.values()]
        .filter((s) => matchesTerm(s, term, ['SupplierName', 'ReferenceNumber', 'ContactName', 'Email']))
        .sort(byName);
    },
  },
  {
    method: 'GET',
    template: 'Supplier/After/{date}',
    handle: (ctx) => changedAfter(ctx.tenant.suppliers.values(), dateParam(ctx, 'date')),
  },
];
