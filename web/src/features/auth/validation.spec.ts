import { validateInviteAcceptance, validateLogin, validateSignup, type SignupValues } from './validation';

const valid: SignupValues = {
  customerName: 'Acme Groundworks',
  customerAddress: '1 High Street, Leeds',
  userName: 'Alice',
  email: 'alice@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('spec §5 Login rules', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({
      email: 'EMAIL_REQUIRED',
      password: 'PASSWORD_REQUIRED',
    });
  });
  it('wants a simple valid email pattern', () => {
    expect(validateLogin({ email: 'alice@example', password: 'x' })).toEqual({ email: 'EMAIL_INVALID' });
    expect(validateLogin({ email: 'alice@example.com', password: 'x' })).toEqual({});
  });
});

describe('spec §5 Signup rules', () => {
  it('accepts a complete, valid form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it.each([
    ['customerName', '', 'COMPANY_NAME_REQUIRED'],
    ['customerName', 'A', 'COMPANY_NAME_MIN'],
    ['customerAddress', '', 'ADDRESS_REQUIRED'],
    ['customerAddress', '1 High St', 'ADDRESS_MIN'],
    ['userName', '  ', 'NAME_REQUIRED'],
    ['userName', 'A', 'NAME_MIN'],
    ['email', '', 'EMAIL_REQUIRED'],
    ['email', 'alice.example.com', 'EMAIL_INVALID'],
    ['password', '', 'PASSWORD_REQUIRED'],
  ] as const)('%s = %j gives %s', (field, value, message) => {
    expect(validateSignup({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('wants a password of at least 6 characters', () => {
    expect(validateSignup({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'PASSWORD_MIN',
    );
    expect(
      validateSignup({ ...valid, password: '123456', confirmPassword: '123456' }).password,
    ).toBeUndefined();
  });

  it('wants the password confirmed and matching', () => {
    expect(validateSignup({ ...valid, confirmPassword: '' }).confirmPassword).toBe(
      'CONFIRM_PASSWORD_REQUIRED',
    );
    expect(validateSignup({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe(
      'PASSWORDS_DO_NOT_MATCH',
    );
  });

  it('skips the password rules in social completion mode', () => {
    expect(validateSignup({ ...valid, password: '', confirmPassword: '' }, { social: true })).toEqual({});
  });
});

describe('spec §5 Invitation rules', () => {
  it('requires name and password, and a matching confirmation', () => {
    expect(validateInviteAcceptance({ name: '', password: '', confirmPassword: '' })).toEqual({
      name: 'NAME_REQUIRED',
      password: 'PASSWORD_REQUIRED',
      confirmPassword: 'CONFIRM_PASSWORD_REQUIRED',
    });
    expect(validateInviteAcceptance({ name: 'Bob', password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: 'PASSWORDS_DO_NOT_MATCH',
    });
  });
});
