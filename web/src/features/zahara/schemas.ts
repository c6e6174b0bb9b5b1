import {
  ACCOUNTING_MESSAGES,
  costCodeLookupSchema,
  divisionLookupSchema,
  nominalCodeLookupSchema,
  settingsFieldsSchema,
  supplierMatchFieldsSchema,
  taxCodeLookupSchema,
} from '@planted/contracts';
import { registerValidationTexts } from '../../lib/validation-text';

registerValidationTexts(ACCOUNTING_MESSAGES, 'forms:accounting');

/** PUT /zahara/settings (spec §3 Integration settings): the form holds every field. */
export const settingsFormSchema = settingsFieldsSchema;

/** Spec §5 Accounting lookups: each code or name non-blank, with its own message. */
export const lookupValueSchemas = {
  nominal: nominalCodeLookupSchema.shape.code,
  tax: taxCodeLookupSchema.shape.code,
  cost: costCodeLookupSchema.shape.code,
  division: divisionLookupSchema.shape.name,
} as const;

/** Spec §5: matching needs both suppliers ('Please select both suppliers to match'). */
export const supplierMatchFormSchema = supplierMatchFieldsSchema;
