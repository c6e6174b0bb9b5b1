import { CATALOGUE_MESSAGES, equipmentFieldsSchema } from '@planted/contracts';
import { registerValidationTexts } from '../../lib/validation-text';

registerValidationTexts(CATALOGUE_MESSAGES, 'forms:catalogue');

/** Spec §5 Equipment: the contract's rules for the add/edit form (the image is checked apart). */
export const equipmentFormSchema = equipmentFieldsSchema;
