import {
  AVAILABILITY_CHECK_METHODS,
  BULK_HIRE_STATUSES,
  DEFAULT_HIRE_LIST_STATUSES,
  DEFAULT_HIRE_STATUS,
  DEFAULT_INVITE_ROLE,
  INVITE_ROLES,
  DEFAULT_LANGUAGE,
  DEFAULT_SITE_COUNTRY,
  DROPDOWN_LIMIT,
  ENDING_SOON_DAYS,
  EQUIPMENT_CATEGORIES,
  EQUIPMENT_DROPDOWN_MAX,
  HIRE_STATUSES,
  LANGUAGES,
  LIMITS,
  MESSAGE_DISMISS_MS,
  OVERDUE_PREVIEW,
  PAGE_SIZE,
  POWER_TYPES,
  PREFERRED_ORDER_METHODS,
  PROFILE_PICTURE_FILE_NAME,
  QUICK_ADD_POWER_TYPES,
  QUICK_ADD_UNITS,
  ROLES,
  SEARCH_DEBOUNCE_MS,
  SITE_COUNTRIES,
  SITE_COUNTRY_CODES,
  SITE_COUNTRY_NAMES,
  SITE_STATUSES,
  UNITS_OF_MEASURE,
} from './constants';

describe('spec §3 and §6 roles and languages', () => {
  it('roles are admin, user, viewer; invites default to user', () => {
    expect(ROLES).toEqual(['admin', 'user', 'viewer']);
    expect(DEFAULT_INVITE_ROLE).toBe('user');
    expect(INVITE_ROLES).toEqual(['user', 'viewer', 'admin']);
  });

  it('languages are English and Spanish, English by default', () => {
    expect(LANGUAGES).toEqual(['en', 'es']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });
});

describe('spec §3 equipment enumerations', () => {
  it('has the 19 categories, spelt as the spec spells them', () => {
    expect(EQUIPMENT_CATEGORIES).toEqual([
      'Access Equipment',
      'Aircon & Cooling',
      'Breaking & Drilling',
      'Building & Sitework',
      'Cleaning',
      'Concreting & Compaction',
      'Decorating Tools & Equipment',
      'Heating',
      'Lift & Shift',
      'Lighting',
      'Outdoor & Gardening',
      'Painting & Decorating',
      'Plumbing & Pipework',
      'Power',
      'Power Access',
      'Pumping & Drying',
      'Sanding & Fixing',
      'Sawing & Cutting',
      'Welding',
    ]);
    expect(EQUIPMENT_CATEGORIES).toHaveLength(19);
  });

  it('main-form units are each, per_day, per_week, per_month, per_hour', () => {
    expect(UNITS_OF_MEASURE).toEqual(['each', 'per_day', 'per_week', 'per_month', 'per_hour']);
  });

  it('quick-add units are the ten labels', () => {
    expect(QUICK_ADD_UNITS).toEqual([
      'Each',
      'Per Day',
      'Per Week',
      'Per Month',
      'Per Hour',
      'Per Metre',
      'Per Square Metre',
      'Per Cubic Metre',
      'Per Tonne',
      'Per Litre',
    ]);
  });

  it('has seven power types, and quick-add omits only Hydraulic', () => {
    expect(POWER_TYPES).toEqual(['Petrol', 'Diesel', '110V', '240V', 'Battery', 'Manual', 'Hydraulic']);
    expect(QUICK_ADD_POWER_TYPES).toEqual(['Petrol', 'Diesel', '110V', '240V', 'Battery', 'Manual']);
  });
});

describe('spec §3 supplier enumerations', () => {
  it('order methods and availability checks', () => {
    expect(PREFERRED_ORDER_METHODS).toEqual(['phone', 'email', 'purchase_order', 'zahara']);
    expect(AVAILABILITY_CHECK_METHODS).toEqual(['phone', 'email', 'website']);
  });
});

describe('spec §3 and §4 sites and hires', () => {
  it('site countries with display names, GB by default', () => {
    expect(SITE_COUNTRY_CODES).toEqual(['GB', 'US', 'AU', 'CA', 'IE']);
    expect(SITE_COUNTRY_NAMES).toEqual({
      GB: 'United Kingdom',
      US: 'United States',
      AU: 'Australia',
      CA: 'Canada',
      IE: 'Ireland',
    });
    expect(SITE_COUNTRIES).toEqual([
      { code: 'GB', name: 'United Kingdom' },
      { code: 'US', name: 'United States' },
      { code: 'AU', name: 'Australia' },
      { code: 'CA', name: 'Canada' },
      { code: 'IE', name: 'Ireland' },
    ]);
    expect(DEFAULT_SITE_COUNTRY).toBe('GB');
  });

  it('site statuses are active, inactive, completed', () => {
    expect(SITE_STATUSES).toEqual(['active', 'inactive', 'completed']);
  });

  it('hire statuses, the default, the default list filter and the bulk targets', () => {
    expect(HIRE_STATUSES).toEqual(['active', 'completed', 'collection_booked']);
    expect(DEFAULT_HIRE_STATUS).toBe('active');
    expect(DEFAULT_HIRE_LIST_STATUSES).toEqual(['active', 'collection_booked']);
    expect(BULK_HIRE_STATUSES).toEqual(['completed', 'collection_booked']);
  });
});

describe('spec §9 business constants and limits', () => {
  it('paging, dropdowns, timings', () => {
    expect(PAGE_SIZE).toBe(12);
    expect(DROPDOWN_LIMIT).toBe(1000);
    expect(EQUIPMENT_DROPDOWN_MAX).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(ENDING_SOON_DAYS).toBe(7);
    expect(OVERDUE_PREVIEW).toBe(3);
    expect(MESSAGE_DISMISS_MS).toBe(5000);
  });

  it('field lengths, image sizes and crop output', () => {
    expect(LIMITS).toEqual({
      companyNameMin: 2,
      addressMin: 10,
      userNameMin: 2,
      passwordMin: 6,
      searchMax: 200,
      equipmentNameMax: 255,
      equipmentDescriptionMax: 2000,
      unitOfMeasureMax: 50,
      supplierNameMax: 255,
      officePhoneMax: 50,
      contactPhoneMax: 20,
      contactNameMax: 255,
      contactEmailMax: 255,
      equipmentImageMaxBytes: 5242880,
      profilePictureMaxBytes: 10485760,
      profilePictureSizePx: 400,
      profilePictureJpegQuality: 0.9,
    });
    expect(PROFILE_PICTURE_FILE_NAME).toBe('profile-picture.jpg');
  });
});
