import {
  ACCOUNTING_MESSAGES,
  ALWAYS_CHECK_FIELDS,
  HIRES_MESSAGES,
  postcodeAgainst,
  siteFieldsObject,
  siteFieldsSchema,
  type Site,
} from '@planted/contracts';
import { registerValidationTexts } from '../../lib/validation-text';

registerValidationTexts(HIRES_MESSAGES, 'forms:hires');
registerValidationTexts(ACCOUNTING_MESSAGES, 'forms:accounting');

/** Spec §5 Site: the contract's rules (name, address line 1, city, postcode, country required). */
export const siteFormSchema = siteFieldsSchema;

/**
 * Editing a site: its postcode, unchanged in the same country, stands as stored (the server
 * takes it as it is), though saved before postcodes were checked or read from Zahara.
 */
export function siteEditFormSchema(site: Pick<Site, 'postcode' | 'country'>): typeof siteFieldsSchema {
  return siteFieldsObject.superRefine(
    postcodeAgainst(site),
    ALWAYS_CHECK_FIELDS,
  ) as unknown as typeof siteFieldsSchema;
}
