import { VALIDATION_MESSAGES as V, ERROR_MESSAGES as E } from '@planted/domain';
import {
  ACCOUNTING_MESSAGES,
  costCodeLookupSchema,
  divisionLookupSchema,
  nominalCodeLookupSchema,
  orderHireIdField,
  settingsFieldsSchema,
  supplierIdForExportField,
  supplierMatchFieldsSchema,
  taxCodeLookupSchema,
} from './fields';
import { AccountingProjectsSync } from './projects';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('accounting lookups (spec §5 Accounting lookups)', () => {
  it.each([
    [nominalCodeLookupSchema, { code: '  ' }, `code: ${V.NOMINAL_CODE_REQUIRED}`],
    [taxCodeLookupSchema, {}, `code: ${V.TAX_CODE_REQUIRED}`],
    [costCodeLookupSchema, { code: '' }, `code: ${V.COST_CODE_REQUIRED}`],
    [divisionLookupSchema, { name: ' ' }, `name: ${V.DIVISION_NAME_REQUIRED}`],
  ] as const)('refuses a blank code or name with the spec message', (schema, payload, message) => {
    expect(messages(schema.safeParse(payload))).toEqual([message]);
  });

  it('takes a typed key for a lookup before it is saved, and refuses a malformed one', () => {
    expect(nominalCodeLookupSchema.parse({ code: ' 7100 ', api_key: 'demo-zahara-key-0001' })).toEqual({
      code: '7100',
      api_key: 'demo-zahara-key-0001',
    });
    expect(messages(nominalCodeLookupSchema.safeParse({ code: '7100', api_key: 'a b' }))).toEqual([
      `api_key: ${ACCOUNTING_MESSAGES.API_KEY_INVALID}`,
    ]);
  });
});

describe('supplier matching (spec §5 Matching)', () => {
  const supplier_id = '00000000-0000-4000-8000-000000000002';

  it('needs both suppliers', () => {
    expect(messages(supplierMatchFieldsSchema.safeParse({ supplier_id }))).toEqual([
      `zahara_supplier_id: ${V.SELECT_BOTH_SUPPLIERS}`,
    ]);
    expect(
      messages(supplierMatchFieldsSchema.safeParse({ supplier_id: '', zahara_supplier_id: 12 })),
    ).toEqual([`supplier_id: ${V.SELECT_BOTH_SUPPLIERS}`]);
  });

  it("reads Zahara ids from a form's text, and blank optional codes as none", () => {
    expect(
      supplierMatchFieldsSchema.parse({ supplier_id, zahara_supplier_id: '1000001', zahara_nominal_id: '' }),
    ).toEqual({
      supplier_id,
      zahara_supplier_id: 1000001,
      zahara_nominal_id: null,
      zahara_default_tax_code_id: null,
      zahara_cost_code_id: null,
      zahara_division_id: null,
    });
    expect(
      messages(supplierMatchFieldsSchema.safeParse({ supplier_id: 'x', zahara_supplier_id: 1 })),
    ).toEqual([`supplier_id: ${E.SELECTED_SUPPLIERS_NOT_FOUND}`]);
  });
});

describe('the ids a purchase order and an export name (AX-3)', () => {
  it('says a missing one is required, and anything else is not found, as an unknown id is', () => {
    expect(orderHireIdField.safeParse(undefined).error!.issues[0].message).toBe('Hire is required');
    expect(orderHireIdField.safeParse('x').error!.issues[0].message).toBe('Hire not found');
    expect(supplierIdForExportField.safeParse(undefined).error!.issues[0].message).toBe(V.SUPPLIER_REQUIRED);
    expect(supplierIdForExportField.safeParse('zz').error!.issues[0].message).toBe('Supplier not found');
  });
});

describe('settings (spec §3 Integration settings)', () => {
  it('needs the key field (the screen sends every field), reads a blank one as removal, and numbers from text', () => {
    expect(messages(settingsFieldsSchema.safeParse({}))).toEqual([
      `api_key: ${ACCOUNTING_MESSAGES.API_KEY_REQUIRED}`,
    ]);
    expect(settingsFieldsSchema.parse({ api_key: '' }).api_key).toBeNull();
    expect(
      settingsFieldsSchema.parse({ api_key: null, tax_code_id: '202', tax_percentage: '20' }),
    ).toMatchObject({
      tax_code_id: 202,
      tax_percentage: 20,
      nominal_code: null,
    });
    expect(messages(settingsFieldsSchema.safeParse({ api_key: null, tax_percentage: 120 }))).toEqual([
      `tax_percentage: ${ACCOUNTING_MESSAGES.TAX_PERCENTAGE_INVALID}`,
    ]);
  });
});

describe('project sync (spec §7)', () => {
  it('is incremental by default and only incremental', () => {
    expect(AccountingProjectsSync.request.shape.syncType.parse(undefined)).toBe('incremental');
    expect(AccountingProjectsSync.request.shape.syncType.safeParse('full').success).toBe(false);
  });
});
