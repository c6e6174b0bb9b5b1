import { actorFromClaims } from './models';
import { loginRequestSchema } from './login';
import { registerRequestSchema } from './register';
import { changePasswordSchema } from './profile';
import { invitationAcceptSchema, invitationCreateSchema } from './invitations';
import { toFieldErrors } from '../validation';

function messages(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  input: unknown,
) {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(toFieldErrors(r.error as never).map((d) => [d.param, d.msg]));
}

describe('spec §5 Login validation', () => {
  it('requires email and password with the spec messages', () => {
    expect(messages(loginRequestSchema, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(messages(loginRequestSchema, { email: '   ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('rejects an address of the wrong shape', () => {
    expect(messages(loginRequestSchema, { email: 'bob@', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
    // A number where the address belongs was sent: not 'required', but not an address either.
    expect(messages(loginRequestSchema, { email: 42, password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
  it('normalises the email to lower case', () => {
    expect(loginRequestSchema.parse({ email: ' Bob@Example.COM ', password: 'x' }).email).toBe(
      'bob@example.com',
    );
  });
});

const valid = () => ({
  customerName: 'Acme',
  customerAddress: '1 Long Street, Leeds',
  userName: 'Al',
  email: 'a@b.co',
  password: 'secret',
});

describe('spec §5 Signup validation', () => {
  it('accepts the minimum lengths', () => {
    expect(registerRequestSchema.safeParse(valid()).success).toBe(true);
  });
  it('applies each rule with its message', () => {
    expect(
      messages(registerRequestSchema, {
        customerName: 'A',
        customerAddress: 'short',
        userName: 'B',
        email: 'x',
        password: '12345',
      }),
    ).toEqual({
      customerName: 'Company name must be at least 2 characters',
      customerAddress: 'Address must be at least 10 characters',
      userName: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(messages(registerRequestSchema, {})).toEqual({
      customerName: 'Company name is required',
      customerAddress: 'Address is required',
      userName: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });
});

describe('spec §5 Password change and Invitation validation', () => {
  it('takes a password of spaces alone as no password, and one with spaces in it as typed', () => {
    expect(messages(registerRequestSchema, { ...valid(), password: '      ' })).toEqual({
      password: 'Password is required',
    });
    expect(messages(changePasswordSchema, { currentPassword: 'x', newPassword: '        ' })).toEqual({
      newPassword: 'New password is required',
    });
    const parsed = registerRequestSchema.safeParse({ ...valid(), password: ' two words ' });
    expect(parsed.success && parsed.data.password).toBe(' two words ');
  });
  it('requires a new password of at least 6 characters', () => {
    expect(messages(changePasswordSchema, { currentPassword: 'x', newPassword: '123' })).toEqual({
      newPassword: 'New password must be at least 6 characters',
    });
  });
  it('gives "Invalid invitation link" without a token and requires name and password', () => {
    expect(messages(invitationAcceptSchema, {})).toEqual({
      token: 'Invalid invitation link',
      name: 'Name is required',
      password: 'Password is required',
    });
  });
  it('defaults the invited role to user and refuses unknown roles', () => {
    expect(invitationCreateSchema.parse({ email: 'a@b.co' })).toEqual({
      email: 'a@b.co',
      name: null,
      role: 'user',
    });
    expect(messages(invitationCreateSchema, { email: 'a@b.co', role: 'owner' })).toEqual({
      role: 'Role must be one of admin, user or viewer',
    });
  });
});

describe('actorFromClaims (one mapping for the gateway and every service)', () => {
  const claims = {
    userId: '0b5c5a2e-2f0c-4a55-9d7a-6a0a3d8b9f10',
    customer_id: '6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c',
    role: 'admin',
    email: 'a@b.co',
    name: 'Al',
  };

  it('carries the session id, which logout ends', () => {
    expect(actorFromClaims({ ...claims, sid: 's-1' })).toEqual({
      userId: claims.userId,
      customerId: claims.customer_id,
      role: 'admin',
      email: 'a@b.co',
      name: 'Al',
      sessionId: 's-1',
    });
    expect(actorFromClaims(claims)).not.toHaveProperty('sessionId');
  });

  it('refuses claims that are not ours', () => {
    expect(actorFromClaims({ ...claims, role: 'owner' })).toBeUndefined();
    expect(actorFromClaims({ email: 'a@b.co' })).toBeUndefined();
  });
});
