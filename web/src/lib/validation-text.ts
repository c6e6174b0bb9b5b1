import { VALIDATION_MESSAGES, type ValidationMessageKey } from '@planted/domain';
import { IDEMPOTENCY, MESSAGES, WORDED_MESSAGE_PATTERNS } from '@planted/contracts/messages';
import type { i18n as I18n } from 'i18next';

/*
 * Schemas carry the English text of a message. The browser shows it in the user's language by
 * finding the text's key: the texts of the signed-out and profile screens live in
 * common:validation (common loads with /login, which has a JavaScript budget), the rest in
 * forms:validation, loaded by the screens that have those forms; the few texts only the
 * contracts word live in common:validationExtra.
 */
const IN_COMMON: ReadonlySet<ValidationMessageKey> = new Set<ValidationMessageKey>([
  'EMAIL_REQUIRED',
  'EMAIL_INVALID',
  'PASSWORD_REQUIRED',
  'PASSWORD_MIN',
  'COMPANY_NAME_REQUIRED',
  'COMPANY_NAME_MIN',
  'ADDRESS_REQUIRED',
  'ADDRESS_MIN',
  'NAME_REQUIRED',
  'NAME_MIN',
  'CONFIRM_PASSWORD_REQUIRED',
  'PASSWORDS_DO_NOT_MATCH',
  'INVALID_INVITATION_LINK',
  'ROLE_INVALID',
  'IMAGE_NOT_IMAGE',
  'IMAGE_TOO_LARGE',
  'CURRENT_PASSWORD_REQUIRED',
  'NEW_PASSWORD_REQUIRED',
  'NEW_PASSWORDS_DO_NOT_MATCH',
  'NEW_PASSWORD_MIN',
  'NEW_PASSWORD_SAME',
]);

const KEY_BY_TEXT = new Map<string, string>();
for (const [key, text] of Object.entries(MESSAGES)) KEY_BY_TEXT.set(text, `common:validationExtra.${key}`);
// Worded for API clients ('the same Idempotency-Key'); the app says what it means for the user.
KEY_BY_TEXT.set(IDEMPOTENCY.OUTCOME_UNKNOWN, 'common:idempotency.OUTCOME_UNKNOWN');
KEY_BY_TEXT.set(IDEMPOTENCY.IN_FLIGHT, 'common:idempotency.IN_FLIGHT');
for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
  const namespace = IN_COMMON.has(key as ValidationMessageKey) ? 'common' : 'forms';
  KEY_BY_TEXT.set(text, `${namespace}:validation.${key}`);
}

/**
 * Adds the texts a feature's contract schemas carry beyond the shared tables (the catalogue's
 * CATALOGUE_MESSAGES), shown through `${prefix}.${KEY}`; a text already mapped keeps its key.
 * Called from the feature's schemas.ts, which is where the contracts' values may be imported.
 */
export function registerValidationTexts(texts: Readonly<Record<string, string>>, prefix: string): void {
  for (const [key, text] of Object.entries(texts)) {
    if (!KEY_BY_TEXT.has(text)) KEY_BY_TEXT.set(text, `${prefix}.${key}`);
  }
}

/** The i18next key of a schema message, or null for a text no table holds (shown as sent). */
export function validationKey(message: string): string | null {
  return KEY_BY_TEXT.get(message) ?? null;
}

/**
 * A server's text in the user's language when a table words it (and its namespace is loaded),
 * else as the server sent it: what every form, field and message shows of an answer's text.
 */
export function serverText(i18n: Pick<I18n, 'exists' | 't'>, text: string): string {
  const key = validationKey(text);
  if (key) return i18n.exists(key) ? i18n.t(key) : text;
  // A text worded with values (the plan's user limit, a field's label): its key, and the values
  // by name, a number as a number.
  for (const { key: worded, pattern, names } of WORDED_MESSAGE_PATTERNS) {
    const match = pattern.exec(text);
    const wordedKey = `common:validationExtra.${worded}`;
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, n) => {
        const value = match[n + 1] ?? '';
        return [name, /^\d+$/.test(value) ? Number(value) : value];
      }),
    );
    // With a `count`, the key itself may exist only in its plural forms.
    if (!i18n.exists(wordedKey, values)) continue;
    return i18n.t(wordedKey, values);
  }
  return text;
}
