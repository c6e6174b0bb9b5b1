import { ACCOUNTING_MESSAGES, HIRES_MESSAGES, siteFieldsSchema } from '@planted/contracts';
import { registerValidationTexts } from '../../lib/validation-text';

registerValidationTexts(HIRES_MESSAGES, 'forms:hires');
registerValidationTexts(ACCOUNTING_MESSAGES, 'forms:accounting');

/** Spec §5 Site: the contract's rules (name, address line 1, city, postcode, country required). */
export const siteFormSchema = siteFieldsSchema;
