import { z } from 'zod';
import { ERROR_MESSAGES as E, VALIDATION_MESSAGES as V } from '@planted/domain';
import { textField } from '../text';
import { decimalText } from '../validation';
import { CATALOGUE_MESSAGES } from '../catalogue/fields';
import { HIRES_MESSAGES, hireIdField, hireIdsField } from '../hires/fields';

/**
 * Accounting messages. The worded ones are spec §5 and §8 (from @planted/domain); the rest
 * the spec leaves unworded.
 */
export const ACCOUNTING_MESSAGES = {
  HIRE_REQUIRED: 'Hire is required',
  NOMINAL_CODE_REQUIRED: V.NOMINAL_CODE_REQUIRED,
  TAX_CODE_REQUIRED: V.TAX_CODE_REQUIRED,
  COST_CODE_REQUIRED: V.COST_CODE_REQUIRED,
  DIVISION_NAME_REQUIRED: V.DIVISION_NAME_REQUIRED,
  SELECT_BOTH_SUPPLIERS: V.SELECT_BOTH_SUPPLIERS,
  SAME_SUPPLIER: V.SAME_SUPPLIER,
  NOMINAL_CODE_NOT_FOUND: E.NOMINAL_CODE_NOT_FOUND,
  TAX_CODE_NOT_FOUND: E.TAX_CODE_NOT_FOUND,
  COST_CODE_NOT_FOUND: E.COST_CODE_NOT_FOUND,
  DIVISION_NOT_FOUND: E.DIVISION_NOT_FOUND,
  SELECTED_SUPPLIERS_NOT_FOUND: E.SELECTED_SUPPLIERS_NOT_FOUND,
  CONNECTION_FAILED: E.CONNECTION_FAILED,
  CONNECTION_OK: 'Connection successful',
  SETTINGS_SAVED: 'Settings saved successfully',
  ONLY_ADMINS_MANAGE_SETTINGS: 'Only administrators can view or change the Zahara settings',
  API_KEY_REQUIRED: 'Please enter your Zahara API key',
  API_KEY_INVALID: 'The API key must be 8 to 128 letters, digits, - or _',
  API_KEY_REFUSED: 'Zahara does not know this API key. Check it in Zahara and try again.',
  CODE_TOO_LONG: 'Code must be 50 characters or less',
  DESCRIPTION_TOO_LONG: 'Description must be 255 characters or less',
  ZAHARA_ID_INVALID: 'Zahara ids are whole numbers, at least 1',
  TAX_PERCENTAGE_INVALID: 'Tax percentage must be a number from 0 to 100',
  AUTO_CREATE_INVALID: 'auto_create_purchase_orders must be true or false',
  IS_ACTIVE_INVALID: 'is_active must be true or false',
  SYNC_TYPE_INVALID: "syncType must be 'incremental'",
  SUPPLIER_TYPE_INVALID: 'Type must be 100 characters or less',
  NOT_CONFIGURED:
    'Zahara is not configured. An administrator can add the API key on the Zahara settings page.',
  ZAHARA_AUTH_FAILED:
    'Zahara refused the saved API key. An administrator can enter a new one on the Zahara settings page.',
  ZAHARA_UNAVAILABLE: 'Zahara is not answering. Please try again in a few minutes.',
  ZAHARA_RATE_LIMITED: 'Too many calls to Zahara. Please try again in a minute.',
  SUPPLIER_NOT_MATCHED:
    "This hire's supplier is not matched with a Zahara supplier. An administrator can match or export it on the Zahara settings page.",
  HIRE_ALREADY_ON_ORDER: 'A selected hire is already on another purchase order',
  HIRE_ORDER_WAITING:
    'A selected hire has its own purchase order waiting for Zahara; it will be created as soon as Zahara answers. Select the other hires without it.',
  CODES_MISSING:
    'Purchase orders need a nominal code and a tax code: an administrator can set them on the Zahara settings page (or on the supplier match).',
  PURCHASE_ORDER_QUEUED:
    'Zahara is not answering. The purchase order will be created as soon as it is back; it will show on the hire.',
  /** Zahara took the order but did not answer in time: it may be there already; the connector looks it up before any other try. */
  PURCHASE_ORDER_UNCONFIRMED:
    'Zahara has not confirmed this purchase order yet, and it may already be there: it is being checked and will show on the hire. Please do not raise it in Zahara by hand.',
  TOO_MANY_LINES: 'A purchase order holds at most 200 lines. Please select fewer hires.',
  /** An edit moved one hire of a bulk order to another supplier: the order in Zahara cannot follow. */
  ORDER_SUPPLIERS_DIFFER:
    'The purchase order in Zahara was not updated: its hires, deleted ones included (their lines stay on it), no longer share one supplier. Change it in Zahara by hand.',
  /** An edit's update waits for Zahara: the connector sends it by itself, the user need do nothing. */
  PURCHASE_ORDER_UPDATE_QUEUED:
    'Zahara is not answering. The change will be sent to the purchase order as soon as it is back.',
  PURCHASE_ORDER_IN_PROGRESS:
    'This purchase order is being created. Please check the hire again in a moment.',
  SUPPLIER_MATCHED: 'Suppliers matched successfully',
  SUPPLIER_UNMATCHED: 'Supplier match removed',
  SUPPLIER_MATCH_NOT_FOUND: 'This supplier is not matched',
  SYNC_ALREADY_RUNNING: 'A project sync is already running',
} as const;

/** A completed order in Zahara refuses any change: said with its number (WORDED_MESSAGE_PATTERNS). */
export const purchaseOrderCompletedMessage = (poNumber: string) =>
  `Purchase order ${poNumber} is completed in Zahara, so this change was not sent to it. Change it there if it needs to.`;

/** Zahara's own refusal of a call, in Zahara's words (WORDED_MESSAGE_PATTERNS). */
export const zaharaRefusedMessage = (detail: string) => `Zahara refused the request: ${detail}`;

/** A Zahara record id: a whole number, from JSON (802) or a form's text ('802'). */
export const zaharaIdField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID })
    .int({ error: ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID })
    .min(1, { error: ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID })
    .max(Number.MAX_SAFE_INTEGER, { error: ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID }),
);

/** An optional Zahara id: blank, null, 0 or missing mean none (Zahara's own convention). */
export const optionalZaharaIdField = z
  .preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), zaharaIdField.nullable().optional())
  .transform((v) => v ?? null);

/** A business unit's API key as typed on /zahara (a GUID fits). */
export const apiKeyField = textField({ label: 'API key', required: ACCOUNTING_MESSAGES.API_KEY_REQUIRED })
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { error: ACCOUNTING_MESSAGES.API_KEY_INVALID })
  .meta({ description: 'A Zahara business unit API key', example: 'demo-zahara-key-0001' });

const optionalCode = (label: string) =>
  textField({ label })
    .max(50, { error: ACCOUNTING_MESSAGES.CODE_TOO_LONG })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const optionalDescription = (label: string) =>
  textField({ label })
    .max(255, { error: ACCOUNTING_MESSAGES.DESCRIPTION_TOO_LONG })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const optionalBoolean = (message: string) => z.boolean({ error: message }).optional();

/**
 * PUT /zahara/settings (spec §3 Integration settings, §7: the screen sends every field).
 * `api_key`: the masked value GET answered keeps the saved key; null or '' removes it;
 * anything else replaces it. `is_active` follows the key: it can only be true while a key is saved.
 */
export const settingsFieldsSchema = z.object({
  api_key: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.union([z.null(), z.string()], { error: ACCOUNTING_MESSAGES.API_KEY_REQUIRED }),
    )
    .describe(
      'The business unit API key: the masked value GET answered keeps the saved one; null or empty removes it',
    ),
  nominal_code: optionalCode('Nominal code'),
  nominal_code_id: optionalZaharaIdField,
  nominal_description: optionalDescription('Nominal description'),
  tax_code: optionalCode('Tax code'),
  tax_code_id: optionalZaharaIdField,
  tax_description: optionalDescription('Tax description'),
  tax_percentage: z
    .preprocess(
      (v) => (v === '' ? null : decimalText(v)),
      z
        .number({ error: ACCOUNTING_MESSAGES.TAX_PERCENTAGE_INVALID })
        .min(0, { error: ACCOUNTING_MESSAGES.TAX_PERCENTAGE_INVALID })
        .max(100, { error: ACCOUNTING_MESSAGES.TAX_PERCENTAGE_INVALID })
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  cost_code: optionalCode('Cost code'),
  cost_code_id: optionalZaharaIdField,
  cost_description: optionalDescription('Cost description'),
  division_code: optionalCode('Division code'),
  division_code_id: optionalZaharaIdField,
  division_description: optionalDescription('Division description'),
  is_active: optionalBoolean(ACCOUNTING_MESSAGES.IS_ACTIVE_INVALID),
  /** Create the purchase order of every new hire without asking (issue 12). */
  auto_create_purchase_orders: optionalBoolean(ACCOUNTING_MESSAGES.AUTO_CREATE_INVALID),
});
export type SettingsFields = z.output<typeof settingsFieldsSchema>;

/** A lookup may try a key typed on the form before it is saved; without one the saved key is used. */
const lookupKeyField = apiKeyField.optional();

export const nominalCodeLookupSchema = z.object({
  code: textField({ label: 'Nominal code', required: V.NOMINAL_CODE_REQUIRED }).max(50, {
    error: ACCOUNTING_MESSAGES.CODE_TOO_LONG,
  }),
  api_key: lookupKeyField,
});
export const taxCodeLookupSchema = z.object({
  code: textField({ label: 'Tax code', required: V.TAX_CODE_REQUIRED }).max(50, {
    error: ACCOUNTING_MESSAGES.CODE_TOO_LONG,
  }),
  api_key: lookupKeyField,
});
export const costCodeLookupSchema = z.object({
  code: textField({ label: 'Cost code', required: V.COST_CODE_REQUIRED }).max(50, {
    error: ACCOUNTING_MESSAGES.CODE_TOO_LONG,
  }),
  api_key: lookupKeyField,
});
export const divisionLookupSchema = z.object({
  name: textField({ label: 'Division name', required: V.DIVISION_NAME_REQUIRED }).max(100, {
    error: ACCOUNTING_MESSAGES.DESCRIPTION_TOO_LONG,
  }),
  api_key: lookupKeyField,
});

export const testConnectionSchema = z.object({ api_key: lookupKeyField });

/** POST /zahara/supplier-matches: both suppliers required ('Please select both suppliers to match'). */
export const supplierMatchFieldsSchema = z.object({
  supplier_id: z
    .string({ error: V.SELECT_BOTH_SUPPLIERS })
    .trim()
    .min(1, { error: V.SELECT_BOTH_SUPPLIERS, abort: true })
    .uuid({ error: E.SELECTED_SUPPLIERS_NOT_FOUND }),
  zahara_supplier_id: z.preprocess(
    (v) =>
      v === '' || v === null || v === 0 || v === '0'
        ? undefined
        : typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v)
          ? Number(v)
          : v,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? V.SELECT_BOTH_SUPPLIERS : ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID,
      })
      .int({ error: ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID })
      .min(1, { error: ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID })
      .max(Number.MAX_SAFE_INTEGER, { error: ACCOUNTING_MESSAGES.ZAHARA_ID_INVALID }),
  ),
  zahara_nominal_id: optionalZaharaIdField,
  zahara_default_tax_code_id: optionalZaharaIdField,
  zahara_cost_code_id: optionalZaharaIdField,
  zahara_division_id: optionalZaharaIdField,
});

/** An id in a body: missing is `required`; anything that is no id is `notFound`, as an unknown one is. */
const bodyIdField = (required: string, notFound: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notFound) })
    .uuid({ error: notFound });

/** A supplier to export: missing says so (audit AC-4), anything else is 'Supplier not found' (AX-3). */
export const supplierIdForExportField = bodyIdField(
  V.SUPPLIER_REQUIRED,
  CATALOGUE_MESSAGES.SUPPLIER_NOT_FOUND,
);

/** The hire of a purchase order: missing says so, anything else is 'Hire not found' (AX-3). */
export const orderHireIdField = bodyIdField(ACCOUNTING_MESSAGES.HIRE_REQUIRED, HIRES_MESSAGES.HIRE_NOT_FOUND);

/** GET /zahara/suppliers?type=Hire */
export const zaharaSupplierTypeField = textField({ label: 'Type' })
  .max(100, { error: ACCOUNTING_MESSAGES.SUPPLIER_TYPE_INVALID })
  .optional();

export const syncTypeField = z
  .enum(['incremental'], { error: ACCOUNTING_MESSAGES.SYNC_TYPE_INVALID })
  .optional()
  .transform((v) => v ?? 'incremental');

export { hireIdField, hireIdsField };

/** Spec §8 success message of a purchase order. */
export const purchaseOrderCreatedMessage = (poNumber: string) =>
  `Purchase Order #${poNumber} successfully created in Zahara!`;
