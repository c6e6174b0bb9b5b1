import { toFieldErrors } from '../validation';
import { IdentityOAuthCompleteSignup, oauthCompleteSignupRequestSchema } from './oauth';

function messages(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  input: unknown,
) {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(toFieldErrors(r.error as never).map((d) => [d.param, d.msg]));
}

describe('spec §5 Signup in social completion mode: the signup rules without the password', () => {
  it('applies the company, address, name and email rules with their messages', () => {
    expect(
      messages(oauthCompleteSignupRequestSchema, {
        customerName: 'A',
        customerAddress: 'short',
        userName: 'B',
        email: 'x',
      }),
    ).toEqual({
      customerName: 'Company name must be at least 2 characters',
      customerAddress: 'Address must be at least 10 characters',
      userName: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
  });

  it('needs no password, and keeps the provider id sent under googleId, microsoftId or appleId', () => {
    const parsed = oauthCompleteSignupRequestSchema.parse({
      customerName: 'Acme Plant',
      customerAddress: '1 Long Street, Leeds',
      userName: 'Al Smith',
      email: 'Al@Acme.test',
      appleId: ' 001234.abcd ',
      googleId: 42,
    });
    expect(parsed).toMatchObject({ email: 'al@acme.test', appleId: '001234.abcd', googleId: undefined });
  });

  it('gives identity a provider and a non-empty provider id', () => {
    const base = {
      customerName: 'Acme Plant',
      customerAddress: '1 Long Street, Leeds',
      userName: 'Al Smith',
      email: 'al@acme.test',
    };
    expect(
      IdentityOAuthCompleteSignup.request.safeParse({ ...base, provider: 'apple', providerId: 'a-1' })
        .success,
    ).toBe(true);
    expect(
      IdentityOAuthCompleteSignup.request.safeParse({ ...base, provider: 'apple', providerId: ' ' }).success,
    ).toBe(false);
    expect(
      IdentityOAuthCompleteSignup.request.safeParse({ ...base, provider: 'github', providerId: 'a-1' })
        .success,
    ).toBe(false);
  });
});
