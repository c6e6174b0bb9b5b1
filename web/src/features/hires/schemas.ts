import { z } from 'zod';
import {
  ACCOUNTING_MESSAGES,
  CATALOGUE_MESSAGES,
  HIRES_MESSAGES,
  categoryField,
  equipmentNameField,
  hireFieldsObject,
  hireFieldsSchema,
  siteFieldsSchema,
  supplierBasicSchema,
  textField,
} from '@planted/contracts';
import { LIMITS, QUICK_ADD_POWER_TYPES, QUICK_ADD_UNITS, VALIDATION_MESSAGES as V } from '@planted/domain';
import { registerValidationTexts } from '../../lib/validation-text';

registerValidationTexts(CATALOGUE_MESSAGES, 'forms:catalogue');
registerValidationTexts(HIRES_MESSAGES, 'forms:hires');
registerValidationTexts(ACCOUNTING_MESSAGES, 'forms:accounting');

/**
 * What the accounting connector says of an order it is still making (Zahara down or slow,
 * the order maybe already there, a run holding it): pending, not failed.
 */
const PENDING_ORDER_TEXTS: ReadonlySet<string> = new Set([
  ACCOUNTING_MESSAGES.PURCHASE_ORDER_QUEUED,
  ACCOUNTING_MESSAGES.PURCHASE_ORDER_UNCONFIRMED,
  ACCOUNTING_MESSAGES.PURCHASE_ORDER_IN_PROGRESS,
]);
export const isPendingOrderText = (text: string): boolean => PENDING_ORDER_TEXTS.has(text);

const OPTIONAL_AMOUNTS = ['delivery_charge', 'operator_cost'] as const;

/** The hire form's fields one by one (the live summary reads each as saving would). */
export const hireFieldSchemas = hireFieldsObject.shape;

/**
 * Spec §5 Hire form: the contract's rules, end before start refused on the end date. A delivery
 * charge or operator cost left blank is no charge: the contract takes it as absent, not as ''.
 */
export const hireFormSchema = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null) return value;
  const fields: Record<string, unknown> = { ...value };
  for (const name of OPTIONAL_AMOUNTS) {
    if (typeof fields[name] === 'string' && (fields[name] as string).trim() === '') delete fields[name];
  }
  return fields;
}, hireFieldsSchema) as unknown as typeof hireFieldsSchema; // the same fields in and out

/**
 * Spec §5: quick-add equipment requires name, category, unit and description; the unit comes
 * from the quick-add list and power from the quick-add list (no Hydraulic), both as the server
 * stores them (free-text unit, one of the power types).
 */
export const quickEquipmentSchema = z.object({
  name: equipmentNameField,
  category: categoryField,
  unit_of_measure: z.enum(QUICK_ADD_UNITS, { error: V.UNIT_REQUIRED }),
  power: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .enum(QUICK_ADD_POWER_TYPES, { error: V.POWER_INVALID })
      .optional()
      .transform((v) => v ?? null),
  ),
  description: textField({ label: 'Description', required: V.DESCRIPTION_REQUIRED, multiline: true }).max(
    LIMITS.equipmentDescriptionMax,
    { error: V.DESCRIPTION_TOO_LONG },
  ),
});

/** The shared basic information of a supplier (spec §5 Supplier). */
export const quickSupplierSchema = supplierBasicSchema;

/** Spec §5 Site. */
export const quickSiteSchema = siteFieldsSchema;

/** The server's words when a plan's active hire limit blocks a creation or reactivation. */
export const HIRE_LIMIT_MESSAGE = HIRES_MESSAGES.HIRE_LIMIT_REACHED;
