import { z } from 'zod';
import {
  changePasswordSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  IdentityInvitationValidate,
  languageUpdateSchema,
  loginRequestSchema,
  oauthCompleteSignupRequestSchema,
  profileUpdateSchema,
  registerRequestSchema,
} from './identity';
import { optionalText, searchField, textField, toFieldErrors } from '.';

const VALID: Record<string, Record<string, string>> = {
  login: { email: 'ann@example.test', password: 'secret-1' },
  register: {
    customerName: 'Acme Plant',
    customerAddress: '1 Long Street, Leeds',
    userName: 'Ann Smith',
    email: 'ann@example.test',
    password: 'secret-1',
  },
  profile: { name: 'Ann Smith', email: 'ann@example.test' },
  password: { currentPassword: 'secret-1', newPassword: 'secret-2' },
  language: { language: 'en' },
  inviteCreate: { email: 'bob@example.test', name: 'Bob', role: 'user' },
  inviteValidate: { token: 'abc' },
  inviteAccept: { token: 'abc', name: 'Bob Jones', password: 'secret-1' },
  oauthComplete: {
    customerName: 'Acme Plant',
    customerAddress: '1 Long Street, Leeds',
    userName: 'Ann Smith',
    email: 'ann@example.test',
    googleId: 'g-1',
  },
};

const SCHEMAS: Record<string, z.ZodObject> = {
  login: loginRequestSchema,
  register: registerRequestSchema,
  profile: profileUpdateSchema,
  password: changePasswordSchema,
  language: languageUpdateSchema,
  inviteCreate: invitationCreateSchema,
  inviteValidate: IdentityInvitationValidate.request as z.ZodObject,
  inviteAccept: invitationAcceptSchema,
  oauthComplete: oauthCompleteSignupRequestSchema,
};

describe('text fields refuse control characters (NUL broke PostgreSQL with a 500)', () => {
  it.each(Object.keys(SCHEMAS))('%s accepts its valid example', (name) => {
    expect(SCHEMAS[name].safeParse(VALID[name]).success).toBe(true);
  });

  const cases = Object.entries(VALID).flatMap(([name, valid]) =>
    Object.keys(valid)
      .filter((field) => !['language', 'role', 'googleId'].includes(field))
      .flatMap((field) =>
        ['\u0000', '\u0007', '\u001b', '\u007f'].map(
          (c) => [name, field, c.charCodeAt(0).toString(16).padStart(4, '0')] as const,
        ),
      ),
  );

  it.each(cases)('%s.%s refuses U+%s with a message on that field', (name, field, code) => {
    const c = String.fromCharCode(parseInt(code, 16));
    const input = {
      ...VALID[name],
      [field]: `${VALID[name][field].slice(0, 2)}${c}${VALID[name][field].slice(2)}`,
    };
    const result = SCHEMAS[name].safeParse(input);
    expect(result.success).toBe(false);
    const details = toFieldErrors(result.error!);
    expect(details).toEqual([{ param: field, msg: expect.any(String) }]);
  });

  it('names the field in its message, or says what the field would', () => {
    const name = registerRequestSchema.safeParse({ ...VALID.register, customerName: 'Acme\u0000Plant' });
    expect(toFieldErrors(name.error!)[0].msg).toBe('Company name must not contain control characters');
    const email = loginRequestSchema.safeParse({ ...VALID.login, email: 'ann\u0000@example.test' });
    expect(toFieldErrors(email.error!)[0].msg).toBe('Please enter a valid email address');
  });

  it('answers a value that is not text (sent, so not missing) apart from a missing one', () => {
    const messageOf = (input: unknown) => toFieldErrors(registerRequestSchema.safeParse(input).error!)[0];
    expect(messageOf({ ...VALID.register, customerName: 123 })).toEqual({
      param: 'customerName',
      msg: 'Company name must be text',
    });
    for (const customerName of [undefined, null, '  '])
      expect(messageOf({ ...VALID.register, customerName })).toEqual({
        param: 'customerName',
        msg: 'Company name is required',
      });
    // No label: the required message stands for both.
    expect(textField({ required: 'X is required' }).safeParse(5).error!.issues[0].message).toBe(
      'X is required',
    );
  });

  it('names an optional field too when its value is not text (audit AC-3)', () => {
    const address = optionalText('Address', 500, 'Address must be 500 characters or less');
    expect(address.safeParse(5).error!.issues[0].message).toBe('Address must be text');
    expect(address.safeParse(true).error!.issues[0].message).toBe('Address must be text');
    expect(address.safeParse(null)).toEqual({ success: true, data: null });
    expect(address.safeParse(undefined)).toEqual({ success: true, data: null });
    expect(searchField.safeParse(['a', 'b']).error!.issues[0].message).toBe('Search must be text');
  });

  it('composes trimmed text (NFC), so a decomposed accent is the letter the search folds (AX-1)', () => {
    const decomposed = 'Ka\u0308rcher';
    expect(textField().parse(decomposed)).toBe('K\u00e4rcher');
    expect(searchField.parse(` ${decomposed} `)).toBe('K\u00e4rcher');
    // A password is taken as typed.
    expect(textField({ trim: false }).parse(decomposed)).toBe(decomposed);
  });

  it('keeps tab and new lines in a multi-line text only', () => {
    const address = registerRequestSchema.safeParse({
      ...VALID.register,
      customerAddress: '1 Long Street\r\nLeeds\tLS1',
    });
    expect(address.success).toBe(true);
    expect(textField({ label: 'Name' }).safeParse('Ann\tSmith').success).toBe(false);
    expect(textField({ label: 'Name' }).safeParse('Ann\nSmith').success).toBe(false);
    expect(textField({ label: 'Notes', multiline: true }).safeParse('a\u000bb').success).toBe(false);
  });

  it('refuses the bidirectional overrides, embeddings and isolates that reorder the text around them', () => {
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      const city = textField({ label: 'City', required: 'City is required' }).safeParse(`Lee${c}ds`);
      expect(city.error?.issues[0].message).toBe('City must not contain control characters');
      expect(textField({ label: 'Notes', multiline: true }).safeParse(`a${c}b`).success).toBe(false);
    }
    // Right-to-left text itself, and the plain direction marks, are fine.
    expect(textField({ label: 'Name' }).safeParse('\u05E9\u05DC\u05D5\u05DD \u200F').success).toBe(true);
  });

  it('trims invisible format characters at either end, so a name of nothing but them is blank', () => {
    const name = textField({ label: 'Name', required: 'Name is required' });
    for (const blank of ['\u200B', '\u200B\u200C\u200D', ' \u2060\uFEFF ', '\u00AD'])
      expect(name.safeParse(blank).error?.issues[0].message).toBe('Name is required');
    expect(name.safeParse('\u200BSpeedy Hire\u200D ').data).toBe('Speedy Hire');
    // Inside a text they stay: a joiner holds an emoji sequence together.
    expect(name.safeParse('Crew \u{1F468}\u200D\u{1F527}').data).toBe('Crew \u{1F468}\u200D\u{1F527}');
  });
});
