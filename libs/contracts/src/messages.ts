// Reconciled with @planted/domain once its message table lands.
export const LIMITS = {
  PASSWORD_MIN: 6,
  PASSWORD_MAX: 1024,
  USER_NAME_MIN: 2,
  COMPANY_NAME_MIN: 2,
  ADDRESS_MIN: 10,
} as const;

export const MESSAGES = {
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_MIN: 'Password must be at least 6 characters',
  PASSWORD_TOO_LONG: 'Password must be no more than 1024 characters',
  NAME_REQUIRED: 'Name is required',
  NAME_MIN: 'Name must be at least 2 characters',
  NAME_MAX: 'Name must be no more than 255 characters',
  FULL_NAME_REQUIRED: 'Full name is required',
  COMPANY_NAME_REQUIRED: 'Company name is required',
  COMPANY_NAME_MIN: 'Company name must be at least 2 characters',
  COMPANY_NAME_MAX: 'Company name must be no more than 255 characters',
  ADDRESS_REQUIRED: 'Address is required',
  ADDRESS_MIN: 'Address must be at least 10 characters',
  ADDRESS_MAX: 'Address must be no more than 500 characters',
  CURRENT_PASSWORD_REQUIRED: 'Current password is required',
  NEW_PASSWORD_REQUIRED: 'New password is required',
  NEW_PASSWORD_MIN: 'New password must be at least 6 characters',
  INVALID_CREDENTIALS: 'Invalid email or password',
  INVALID_INVITATION_LINK: 'Invalid invitation link',
  INVALID_OR_EXPIRED_INVITATION: 'Invalid or expired invitation',
  ROLE_INVALID: 'Role must be one of user, viewer, admin',
  LANGUAGE_INVALID: 'Language must be en or es',
} as const;
