import { VALIDATION_MESSAGES } from '@planted/domain';
import { isPhoneNumber, supplierBasicSchema, supplierDetailsSchema } from './fields';

describe('phone numbers (spec §5 generic message: valid phone)', () => {
  it.each([
    '01632 960001',
    '01632 960 001',
    '+44 (0)20 7946 0958',
    '+44 20 7946 0958',
    '0161-496-0000',
    '0161.496.0000',
    '0161-496-0000 ext. 4',
    '020 7946 0958 x123',
    '07700900123',
  ])('accepts %s', (phone) => expect(isPhoneNumber(phone)).toBe(true));

  it.each([
    'call Dave',
    '12',
    '123456',
    'ext 1234567',
    '+44 20 7946 0958 0000 0000',
    '0161 496 0000 or 0161 496 0001',
    '44+ 20 7946 0958',
    '0161 496 0000 ext',
  ])('refuses %s', (phone) => expect(isPhoneNumber(phone)).toBe(false));

  it('answers the generic message for the office phone and the contact phone; blank stays allowed', () => {
    const office = supplierBasicSchema.safeParse({ name: 'Hire Co', contact_phone: 'ring the office' });
    expect(office.error?.issues).toEqual([
      expect.objectContaining({ path: ['contact_phone'], message: VALIDATION_MESSAGES.PHONE_INVALID }),
    ]);
    const contact = supplierDetailsSchema.safeParse({ phone: 'mobile' });
    expect(contact.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: VALIDATION_MESSAGES.PHONE_INVALID }),
    ]);
    expect(supplierBasicSchema.parse({ name: 'Hire Co', contact_phone: '  ' }).contact_phone).toBeNull();
    expect(supplierDetailsSchema.parse({ phone: ' 01632 960001 ' }).phone).toBe('01632 960001');
  });

  it('answers only the length message for a phone over the limit', () => {
    const long = supplierDetailsSchema.safeParse({ phone: '0'.repeat(21) });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      VALIDATION_MESSAGES.CONTACT_PHONE_TOO_LONG,
    ]);
  });
});
