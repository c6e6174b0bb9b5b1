import { z } from 'zod';
import { invalidRequest, notFound } from '../api-error';
import type { IdKind } from '../clock';
import type { CostCode, Division, NominalCode, TaxCode } from '../models';
import { intParam, matchesTerm, textParam, type Route } from '../router';
import type { Tenant } from '../tenant';
import { field, parseBody } from '../validation';

interface LookupRecord {
  IsActive: boolean;
  Void: boolean;
  LastUpdated: string;
}

/**
 * One of the code lists a purchase order line refers to. Zahara documents no list call for
 * them, so they follow its resources' style: GetAll, Get/{id}, a lookup by the value people
 * type (GetByCode/{code}, for divisions GetByName/{name}), Search/{term} and Add.
 */
interface LookupKind<T extends LookupRecord, S extends z.ZodType> {
  resource: string;
  /** "Nominal code", as messages name it. */
  label: string;
  idKind: IdKind;
  /** The field people look a record up by; unique within a business unit, case-insensitively. */
  keyField: keyof T & string;
  keyAction: 'GetByCode' | 'GetByName';
  searchFields: readonly (keyof T)[];
  records(tenant: Tenant): Map<number, T>;
  addSchema: S;
  build(tenant: Tenant, input: z.output<S>, id: number): T;
}

export function findLookupByKey<T extends LookupRecord, S extends z.ZodType>(
  kind: LookupKind<T, S>,
  tenant: Tenant,
  value: string,
): T | undefined {
  const wanted = value.trim().toLowerCase();
  return [...kind.records(tenant).values()].find(
    (record) => String(record[kind.keyField]).toLowerCase() === wanted,
  );
}

/** Adds a record as `Add` does once the request is checked (also how tenants are seeded). */
export function addLookup<T extends LookupRecord, S extends z.ZodType>(
  kind: LookupKind<T, S>,
  tenant: Tenant,
  input: z.output<S>,
): T {
  const id = tenant.ids.take(kind.idKind);
  const record = kind.build(tenant, input, id);
  kind.records(tenant).set(id, record);
  return record;
}

function lookupRoutes<T extends LookupRecord, S extends z.ZodType>(kind: LookupKind<T, S>): Route[] {
  const all = (tenant: Tenant) =>
    [...kind.records(tenant).values()].sort((a, b) =>
      String(a[kind.keyField]).localeCompare(String(b[kind.keyField]), 'en', { numeric: true }),
    );
  const keyName = kind.keyField === 'Name' ? 'name' : 'code';
  return [
    { method: 'GET', template: `${kind.resource}/GetAll`, handle: ({ tenant }) => all(tenant) },
    {
      method: 'GET',
      template: `${kind.resource}/Get/{id}`,
      handle: (ctx) => {
        const id = intParam(ctx, 'id');
        const record = kind.records(ctx.tenant).get(id);
        if (!record) throw notFound(`${kind.label} ${id} was not found.`);
        return record;
      },
    },
    {
      method: 'GET',
      template: `${kind.resource}/${kind.keyAction}/{${keyName}}`,
      handle: (ctx) => {
        const value = textParam(ctx, keyName);
        const record = findLookupByKey(kind, ctx.tenant, value);
        if (!record) throw notFound(`${kind.label} '${value}' was not found.`);
        return record;
      },
    },
    {
      method: 'GET',
      template: `${kind.resource}/Search/{term}`,
      handle: (ctx) => {
        const term = textParam(ctx, 'term');
        return all(ctx.tenant).filter((record) => matchesTerm(record, term, kind.searchFields));
      },
    },
    {
      method: 'POST',
      template: `${kind.resource}/Add`,
      handle: ({ tenant, body }) => {
        const input = parseBody(kind.addSchema, body);
        const key = String((input as Record<string, unknown>)[kind.keyField]);
        if (findLookupByKey(kind, tenant, key))
          throw invalidRequest([`${kind.keyField} '${key}' is already in use.`]);
        return addLookup(kind, tenant, input);
      },
    },
  ];
}

const active = (tenant: Tenant) => ({ IsActive: true, Void: false, LastUpdated: tenant.clock.iso() });

const nominalCodeSchema = z.object({ Code: field.text(10), Description: field.text(100) });
export const nominalCodes: LookupKind<NominalCode, typeof nominalCodeSchema> = {
  resource: 'NominalCode',
  label: 'Nominal code',
  idKind: 'nominalCode',
  keyField: 'Code',
  keyAction: 'GetByCode',
  searchFields: ['Code', 'Description'],
  records: (tenant) => tenant.nominalCodes,
  addSchema: nominalCodeSchema,
  build: (tenant, input, id) => ({ NominalCodeId: id, ...input, ...active(tenant) }),
};

const taxCodeSchema = z.object({
  Code: field.text(10),
  CodeName: field.text(50),
  Description: field.optionalText(100),
  TaxPercentage: field.number().min(0, 'must be between 0 and 100.').max(100, 'must be between 0 and 100.'),
});
export const taxCodes: LookupKind<TaxCode, typeof taxCodeSchema> = {
  resource: 'TaxCode',
  label: 'Tax code',
  idKind: 'taxCode',
  keyField: 'Code',
  keyAction: 'GetByCode',
  searchFields: ['Code', 'CodeName', 'Description'],
  records: (tenant) => tenant.taxCodes,
  addSchema: taxCodeSchema,
  build: (tenant, input, id) => ({
    TaxCodeId: id,
    Code: input.Code,
    CodeName: input.CodeName,
    Description: input.Description ?? `${input.CodeName} ${input.TaxPercentage}%`,
    TaxPercentage: input.TaxPercentage,
    ...active(tenant),
  }),
};

const costCodeSchema = z.object({ Code: field.text(10), Description: field.text(100) });
export const costCodes: LookupKind<CostCode, typeof costCodeSchema> = {
  resource: 'CostCode',
  label: 'Cost code',
  idKind: 'costCode',
  keyField: 'Code',
  keyAction: 'GetByCode',
  searchFields: ['Code', 'Description'],
  records: (tenant) => tenant.costCodes,
  addSchema: costCodeSchema,
  build: (tenant, input, id) => ({ CostCodeId: id, ...input, ...active(tenant) }),
};

const divisionSchema = z.object({
  Name: field.text(50),
  Code: field.optionalText(10),
  Description: field.optionalText(200),
});
export const divisions: LookupKind<Division, typeof divisionSchema> = {
  resource: 'Division',
  label: 'Division',
  idKind: 'division',
  keyField: 'Name',
  keyAction: 'GetByName',
  searchFields: ['Name', 'Code', 'Description'],
  records: (tenant) => tenant.divisions,
  addSchema: divisionSchema,
  build: (tenant, input, id) => ({
    DivisionId: id,
    Name: input.Name,
    Code: input.Code ?? input.Name.slice(0, 3).toUpperCase(),
    Description: input.Description ?? '',
    ...active(tenant),
  }),
};

export const lookupRoutesAll: Route[] = [
  ...lookupRoutes(nominalCodes),
  ...lookupRoutes(taxCodes),
  ...lookupRoutes(costCodes),
  ...lookupRoutes(divisions),
];
