import { z } from 'zod';
import {
  ACCOUNTING_MESSAGES,
  CATALOGUE_MESSAGES,
  noteField,
  supplierBasicSchema,
  supplierDetailsSchema,
} from '@planted/contracts';
import { registerValidationTexts } from '../../lib/validation-text';

registerValidationTexts(CATALOGUE_MESSAGES, 'forms:catalogue');
registerValidationTexts(ACCOUNTING_MESSAGES, 'forms:accounting');

/**
 * Spec §5 Supplier: the shared basic information and the company's own communication details
 * in one form; the screen sends each part to its own call (and only the details for a supplier
 * another customer created).
 */
export const supplierFormSchema = supplierBasicSchema.extend({ details: supplierDetailsSchema });

/**
 * The same form when the basic information is read-only (another customer's supplier, or a
 * member who is not an administrator): only the details are checked and sent, so a stored
 * value today's rules refuse (an office phone saved before they checked it) cannot block them.
 */
export const supplierDetailsFormSchema = z
  .object({ details: supplierDetailsSchema })
  .loose() as unknown as typeof supplierFormSchema;

export const supplierNoteSchema = z.object({ note: noteField });
