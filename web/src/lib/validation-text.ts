import { VALIDATION_MESSAGES } from '@planted/domain';
import { MESSAGES } from '@planted/contracts/messages';

/*
 * Schemas (contracts, and the server's details[]) carry the English text of a message. The
 * browser shows it in the user's language by finding the text's key: spec texts live under
 * common:validation, the few texts only the contracts word under common:validationExtra.
 */
const KEY_BY_TEXT = new Map<string, string>();
for (const [key, text] of Object.entries(MESSAGES)) KEY_BY_TEXT.set(text, `common:validationExtra.${key}`);
for (const [key, text] of Object.entries(VALIDATION_MESSAGES))
  KEY_BY_TEXT.set(text, `common:validation.${key}`);

/** The i18next key of a schema message, or null for a text no table holds (shown as sent). */
export function validationKey(message: string): string | null {
  return KEY_BY_TEXT.get(message) ?? null;
}
