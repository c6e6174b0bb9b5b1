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

export const supplierNoteSchema = z.object({ note: noteField });
