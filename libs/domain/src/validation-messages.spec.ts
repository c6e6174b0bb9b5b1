import {
  ERROR_MESSAGES,
  VALIDATION_MESSAGES,
  isValidEmail,
  maxLengthMessage,
  minLengthMessage,
} from './validation-messages';

describe('spec §5 validation messages, word for word', () => {
  it.each([
    ['EMAIL_REQUIRED', 'Email is required'],
    ['EMAIL_INVALID', 'Please enter a valid email address'],
    ['PASSWORD_REQUIRED', 'Password is required'],
    ['ADDRESS_MIN', 'Address must be at least 10 characters'],
    ['CONFIRM_PASSWORD_REQUIRED', 'Please confirm your password'],
    ['PASSWORDS_DO_NOT_MATCH', 'Passwords do not match'],
    ['INVALID_INVITATION_LINK', 'Invalid invitation link'],
    ['UNIT_TOO_LONG', 'Unit of measure must be 50 characters or less'],
    [
      'SAME_SUPPLIER',
      'Selected hires must be from the same supplier. Please select hires from one supplier only.',
    ],
    ['IMAGE_NOT_IMAGE', 'Please select an image file'],
    ['IMAGE_TOO_LARGE', 'Image must be less than 10MB'],
    ['NEW_PASSWORDS_DO_NOT_MATCH', 'New passwords do not match'],
    ['NEW_PASSWORD_MIN', 'New password must be at least 6 characters'],
    ['NOMINAL_CODE_REQUIRED', 'Please enter a nominal code'],
    ['TAX_CODE_REQUIRED', 'Please enter a tax code'],
    ['COST_CODE_REQUIRED', 'Please enter a cost code'],
    ['DIVISION_NAME_REQUIRED', 'Please enter a division name'],
    ['SELECT_BOTH_SUPPLIERS', 'Please select both suppliers to match'],
    ['PRICE_ID_NOT_AVAILABLE', 'Price ID not available for this plan'],
  ] as const)('%s is %p', (key, text) => {
    expect(VALIDATION_MESSAGES[key]).toBe(text);
  });
});

describe('spec §5 rules stated without a text', () => {
  it.each([
    ['COMPANY_NAME_REQUIRED', 'Company name is required'],
    ['COMPANY_NAME_MIN', 'Company name must be at least 2 characters'],
    ['ADDRESS_REQUIRED', 'Address is required'],
    ['NAME_REQUIRED', 'Name is required'],
    ['NAME_MIN', 'Name must be at least 2 characters'],
    ['PASSWORD_MIN', 'Password must be at least 6 characters'],
    ['EQUIPMENT_NAME_TOO_LONG', 'Equipment name must be 255 characters or less'],
    ['DESCRIPTION_TOO_LONG', 'Description must be 2000 characters or less'],
    ['EQUIPMENT_IMAGE_TOO_LARGE', 'Image must be less than 5MB'],
    ['SUPPLIER_NAME_TOO_LONG', 'Supplier name must be 255 characters or less'],
    ['OFFICE_PHONE_TOO_LONG', 'Office phone must be 50 characters or less'],
    ['CONTACT_PHONE_TOO_LONG', 'Contact phone must be 20 characters or less'],
    ['END_BEFORE_START', 'End date must be on or after the start date'],
  ] as const)('%s is %p', (key, text) => {
    expect(VALIDATION_MESSAGES[key]).toBe(text);
  });

  it('every message is a non-empty sentence without surrounding spaces', () => {
    for (const text of [...Object.values(VALIDATION_MESSAGES), ...Object.values(ERROR_MESSAGES)]) {
      expect(text).toMatch(/^\S.*\S$/);
    }
  });
});

describe('spec §8 messages the server answers with', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'],
    ['INVALID_OR_EXPIRED_INVITATION', 'Invalid or expired invitation'],
    ['NOMINAL_CODE_NOT_FOUND', 'Nominal code not found'],
    ['TAX_CODE_NOT_FOUND', 'Tax code not found'],
    ['COST_CODE_NOT_FOUND', 'Cost code not found'],
    ['DIVISION_NOT_FOUND', 'Division not found'],
    ['SELECTED_SUPPLIERS_NOT_FOUND', 'Selected suppliers not found'],
    ['CONNECTION_FAILED', 'Connection failed, please check your settings'],
    ['OAUTH_SIGNUP_FAILED', 'Failed to complete OAuth signup'],
  ] as const)('%s is %p', (key, text) => {
    expect(ERROR_MESSAGES[key]).toBe(text);
  });
});

describe('spec §5 generic messages', () => {
  it('has the generic texts', () => {
    expect(VALIDATION_MESSAGES.FIELD_REQUIRED).toBe('This field is required');
    expect(VALIDATION_MESSAGES.PHONE_INVALID).toBe('Please enter a valid phone number');
    expect(VALIDATION_MESSAGES.URL_INVALID).toBe('Please enter a valid URL');
    expect(VALIDATION_MESSAGES.NUMBER_INVALID).toBe('Please enter a valid number');
    expect(VALIDATION_MESSAGES.NUMBER_NOT_POSITIVE).toBe('Please enter a positive number');
  });

  it('builds at-least and no-more-than texts', () => {
    expect(minLengthMessage('Job number', 3)).toBe('Job number must be at least 3 characters');
    expect(maxLengthMessage('Notes', 500)).toBe('Notes must be no more than 500 characters');
  });
});

describe('spec §5 login: email of a simple valid pattern', () => {
  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk', 'a@b.c', "o'brien@site.ie"])(
    'accepts %p',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    '',
    'user',
    'user@',
    '@example.com',
    'user@example',
    'user@@example.com',
    'user @example.com',
    ' user@example.com',
    'user@example.com ',
    'user@exa mple.com',
    'a@b.',
  ])('rejects %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(42)).toBe(false);
  });
});
