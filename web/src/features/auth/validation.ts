import { isValidEmail, LIMITS, type FieldErrors } from '../../lib/rules';

export type LoginField = 'email' | 'password';

/** Spec §5 Login. */
export function validateLogin(values: { email: string; password: string }): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  const email = values.email.trim();
  if (!email) errors.email = 'EMAIL_REQUIRED';
  else if (!isValidEmail(email)) errors.email = 'EMAIL_INVALID';
  if (!values.password) errors.password = 'PASSWORD_REQUIRED';
  return errors;
}

export type SignupField =
  'customerName' | 'customerAddress' | 'userName' | 'email' | 'password' | 'confirmPassword';

export interface SignupValues {
  customerName: string;
  customerAddress: string;
  userName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Spec §5 Signup; in social completion mode there are no password fields to check. */
export function validateSignup(
  values: SignupValues,
  options: { social?: boolean } = {},
): FieldErrors<SignupField> {
  const errors: FieldErrors<SignupField> = {};
  const customerName = values.customerName.trim();
  const customerAddress = values.customerAddress.trim();
  const userName = values.userName.trim();
  const email = values.email.trim();

  if (!customerName) errors.customerName = 'COMPANY_NAME_REQUIRED';
  else if (customerName.length < LIMITS.companyNameMin) errors.customerName = 'COMPANY_NAME_MIN';

  if (!customerAddress) errors.customerAddress = 'ADDRESS_REQUIRED';
  else if (customerAddress.length < LIMITS.addressMin) errors.customerAddress = 'ADDRESS_MIN';

  if (!userName) errors.userName = 'NAME_REQUIRED';
  else if (userName.length < LIMITS.userNameMin) errors.userName = 'NAME_MIN';

  if (!email) errors.email = 'EMAIL_REQUIRED';
  else if (!isValidEmail(email)) errors.email = 'EMAIL_INVALID';

  if (!options.social) {
    if (!values.password) errors.password = 'PASSWORD_REQUIRED';
    else if (values.password.length < LIMITS.passwordMin) errors.password = 'PASSWORD_MIN';

    if (!values.confirmPassword) errors.confirmPassword = 'CONFIRM_PASSWORD_REQUIRED';
    else if (values.confirmPassword !== values.password) errors.confirmPassword = 'PASSWORDS_DO_NOT_MATCH';
  }
  return errors;
}

export type InviteAcceptField = 'name' | 'password' | 'confirmPassword';

/** Spec §5 Invitation: name and password required (and the confirmation must match). */
export function validateInviteAcceptance(values: {
  name: string;
  password: string;
  confirmPassword: string;
}): FieldErrors<InviteAcceptField> {
  const errors: FieldErrors<InviteAcceptField> = {};
  if (!values.name.trim()) errors.name = 'NAME_REQUIRED';
  if (!values.password) errors.password = 'PASSWORD_REQUIRED';
  if (!values.confirmPassword) errors.confirmPassword = 'CONFIRM_PASSWORD_REQUIRED';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'PASSWORDS_DO_NOT_MATCH';
  return errors;
}
