/**
 * Message texts shown by both server and browser. Spec §5 and §8 give most of them word
 * for word; the rest cover rules the spec states without a text, in the same voice.
 */
export const VALIDATION_MESSAGES = {
  // Login and signup (§5)
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_MIN: 'Password must be at least 6 characters',
  COMPANY_NAME_REQUIRED: 'Company name is required',
  COMPANY_NAME_MIN: 'Company name must be at least 2 characters',
  ADDRESS_REQUIRED: 'Address is required',
  ADDRESS_MIN: 'Address must be at least 10 characters',
  NAME_REQUIRED: 'Name is required',
  NAME_MIN: 'Name must be at least 2 characters',
  CONFIRM_PASSWORD_REQUIRED: 'Please confirm your password',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',

  // Invitation (§5, §8)
  INVALID_INVITATION_LINK: 'Invalid invitation link',
  ROLE_INVALID: 'Role must be one of admin, user or viewer',

  // Equipment (§5)
  EQUIPMENT_NAME_REQUIRED: 'Equipment name is required',
  EQUIPMENT_NAME_TOO_LONG: 'Equipment name must be 255 characters or less',
  DESCRIPTION_REQUIRED: 'Description is required',
  DESCRIPTION_TOO_LONG: 'Description must be 2000 characters or less',
  CATEGORY_REQUIRED: 'Category is required',
  CATEGORY_INVALID: 'Please select a valid category',
  UNIT_REQUIRED: 'Unit of measure is required',
  UNIT_TOO_LONG: 'Unit of measure must be 50 characters or less',
  POWER_REQUIRED: 'Power type is required',
  POWER_INVALID: 'Please select a valid power type',
  EQUIPMENT_IMAGE_TOO_LARGE: 'Image must be less than 5MB',

  // Supplier (§5)
  SUPPLIER_NAME_REQUIRED: 'Supplier name is required',
  SUPPLIER_NAME_TOO_LONG: 'Supplier name must be 255 characters or less',
  OFFICE_PHONE_TOO_LONG: 'Office phone must be 50 characters or less',
  CONTACT_NAME_TOO_LONG: 'Contact name must be 255 characters or less',
  CONTACT_EMAIL_TOO_LONG: 'Contact email must be 255 characters or less',
  CONTACT_PHONE_TOO_LONG: 'Contact phone must be 20 characters or less',

  // Site (§5)
  SITE_NAME_REQUIRED: 'Site name is required',
  ADDRESS_LINE_1_REQUIRED: 'Address line 1 is required',
  CITY_REQUIRED: 'City is required',
  POSTCODE_REQUIRED: 'Postcode is required',
  COUNTRY_REQUIRED: 'Country is required',
  COUNTRY_INVALID: 'Please select a valid country',

  // Hire form (§5, §9)
  EQUIPMENT_REQUIRED: 'Equipment is required',
  SUPPLIER_REQUIRED: 'Supplier is required',
  SITE_REQUIRED: 'Site is required',
  PRICE_REQUIRED: 'Price is required',
  PRICING_TERM_REQUIRED: 'Pricing term is required',
  PRICING_TERM_INVALID: 'Pricing term must be one of fixed, day, week, month or year',
  START_DATE_REQUIRED: 'Start date is required',
  END_DATE_REQUIRED: 'End date is required',
  DATE_INVALID: 'Please enter a valid date (YYYY-MM-DD)',
  END_BEFORE_START: 'End date must be on or after the start date',
  HIRE_DURATION_INVALID: 'Hire duration must be a whole number of days, at least 1',
  AMOUNT_INVALID: 'Please enter a valid number',
  AMOUNT_NEGATIVE: 'Amount cannot be negative',
  AMOUNT_TOO_LARGE: 'Amount is too large',
  SAME_SUPPLIER: 'Selected hires must be from the same supplier. Please select hires from one supplier only.',

  // Profile and password change (§5)
  IMAGE_NOT_IMAGE: 'Please select an image file',
  IMAGE_TOO_LARGE: 'Image must be less than 10MB',
  CURRENT_PASSWORD_REQUIRED: 'Current password is required',
  NEW_PASSWORD_REQUIRED: 'New password is required',
  NEW_PASSWORDS_DO_NOT_MATCH: 'New passwords do not match',
  NEW_PASSWORD_MIN: 'New password must be at least 6 characters',
  NEW_PASSWORD_SAME: 'New password must be different from the current password',

  // Accounting lookups and matching (§5)
  NOMINAL_CODE_REQUIRED: 'Please enter a nominal code',
  TAX_CODE_REQUIRED: 'Please enter a tax code',
  COST_CODE_REQUIRED: 'Please enter a cost code',
  DIVISION_NAME_REQUIRED: 'Please enter a division name',
  SELECT_BOTH_SUPPLIERS: 'Please select both suppliers to match',

  // Checkout (§5)
  PRICE_ID_NOT_AVAILABLE: 'Price ID not available for this plan',

  // Generic (§5 "Generic messages")
  FIELD_REQUIRED: 'This field is required',
  PHONE_INVALID: 'Please enter a valid phone number',
  URL_INVALID: 'Please enter a valid URL',
  NUMBER_INVALID: 'Please enter a valid number',
  NUMBER_NOT_POSITIVE: 'Please enter a positive number',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Texts of spec §8 that the server itself answers with in `error`. */
export const ERROR_MESSAGES = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  INVALID_OR_EXPIRED_INVITATION: 'Invalid or expired invitation',
  NOMINAL_CODE_NOT_FOUND: 'Nominal code not found',
  TAX_CODE_NOT_FOUND: 'Tax code not found',
  COST_CODE_NOT_FOUND: 'Cost code not found',
  DIVISION_NOT_FOUND: 'Division not found',
  SELECTED_SUPPLIERS_NOT_FOUND: 'Selected suppliers not found',
  CONNECTION_FAILED: 'Connection failed, please check your settings',
  OAUTH_SIGNUP_FAILED: 'Failed to complete OAuth signup',
} as const;

export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;

/** Generic "at least N characters" text of §5; `label` is the field's display name. */
export function minLengthMessage(label: string, min: number): string {
  return `${label} must be at least ${min} characters`;
}

/** Generic "no more than N characters" text of §5; `label` is the field's display name. */
export function maxLengthMessage(label: string, max: number): string {
  return `${label} must be no more than ${max} characters`;
}

// Deliberately loose: the spec asks for "a simple valid pattern", and stricter patterns
// reject real addresses; the mail server is the final judge.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}
