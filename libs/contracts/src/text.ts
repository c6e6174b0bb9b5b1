import { z } from 'zod';
import { controlCharactersMessage } from './messages';

/**
 * C0 control characters and DEL. No name, address, email or password holds one, and
 * PostgreSQL refuses a NUL in text outright (which used to surface as a 500). Multi-line
 * texts keep tab, line feed and carriage return (browsers send CR LF from a textarea).
 * Nor the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069):
 * one in a site's city showed its postcode LS1 4DL as LD4 1SL on the card, and supplier
 * names are seen by every company.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]*$/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]*$/;

/**
 * Invisible format characters (zero-width space and joiners, word joiner, byte order mark,
 * soft hyphen: Unicode's Cf) at either end, trimmed with the white space, so a required name
 * made only of them is blank. Inside a text they stay (a joiner inside an emoji).
 */
const EDGE_INVISIBLE = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

export interface TextFieldOptions {
  /** Names the field in the control-character message ('Company name'). */
  label?: string;
  /** Answer for a missing or blank value (a value that is not a string: invalid, or '<label> must be text'). Without it the field may be empty. */
  required?: string;
  /** Answer for a control character (and, on an optional field, a value that is not a string) when the field has a better word for it than the default. */
  invalid?: string;
  /** Allows tab, line feed and carriage return. */
  multiline?: boolean;
  /** Passwords are taken as typed; everything else is trimmed first. */
  trim?: boolean;
}

/**
 * Every string a client sends goes through this builder, so the gateway and the service
 * that parse the same contract refuse control characters alike, with a field message.
 * Chain lengths and patterns after it (`textField({...}).max(255, ...)`).
 */
export function textField(options: TextFieldOptions = {}) {
  const { required, multiline = false, trim = true } = options;
  // Missing (or null) is the required answer; a number, a boolean or an object where text
  // belongs is not "required" (it was sent), but invalid, or '<label> must be text'.
  const missing = required ?? options.invalid;
  const notText = options.invalid ?? (options.label ? `${options.label} must be text` : required);
  // An optional field (neither required nor invalid) still names itself for a value that is
  // not text ('Address must be text', not the library's 'expected string': audit AC-3).
  let schema =
    missing || notText
      ? z.string({
          error: (issue) => (issue.input === undefined || issue.input === null ? missing : notText),
        })
      : z.string();
  // Trimmed text is also composed (NFC): 'a' typed with a combining diaeresis is 'ä', as the
  // search columns fold it ('karcher' finds a 'Kärcher' pasted decomposed; AX-1), and two
  // names that look alike are alike. Passwords (trim: false) are kept byte for byte.
  if (trim) schema = schema.overwrite((value) => value.replace(EDGE_INVISIBLE, '').normalize('NFC'));
  if (required) schema = schema.min(1, { error: required });
  return schema.regex(multiline ? MULTI_LINE : SINGLE_LINE, {
    error: options.invalid ?? controlCharactersMessage(options.label),
  });
}
