/** Enumerations and limits of spec §3, §4, §5 and §9. */

export const ROLES = ['admin', 'user', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
/** The invite form's default role (spec §5 Invite). */
export const DEFAULT_INVITE_ROLE: Role = 'user';
/** The roles the invite form offers, in its order: the default first (spec §5 Invite). */
export const INVITE_ROLES: readonly Role[] = [DEFAULT_INVITE_ROLE, 'viewer', 'admin'];

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const EQUIPMENT_CATEGORIES = [
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
] as const;
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

/** Unit of measure values of the main equipment form. */
export const UNITS_OF_MEASURE = ['each', 'per_day', 'per_week', 'per_month', 'per_hour'] as const;
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];

/** Unit labels of the hire form's quick-add equipment form. */
export const QUICK_ADD_UNITS = [
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
] as const;

export const POWER_TYPES = ['Petrol', 'Diesel', '110V', '240V', 'Battery', 'Manual', 'Hydraulic'] as const;
export type PowerType = (typeof POWER_TYPES)[number];

/** The quick-add form offers every power type except Hydraulic (spec §3). */
export const QUICK_ADD_POWER_TYPES = ['Petrol', 'Diesel', '110V', '240V', 'Battery', 'Manual'] as const;

export const SITE_COUNTRY_CODES = ['GB', 'US', 'AU', 'CA', 'IE'] as const;
export type SiteCountry = (typeof SITE_COUNTRY_CODES)[number];
export const DEFAULT_SITE_COUNTRY: SiteCountry = 'GB';
export const SITE_COUNTRY_NAMES: Readonly<Record<SiteCountry, string>> = {
  GB: 'United Kingdom',
  US: 'United States',
  AU: 'Australia',
  CA: 'Canada',
  IE: 'Ireland',
};
/** Countries in display order with their names, for dropdowns. */
export const SITE_COUNTRIES: readonly { code: SiteCountry; name: string }[] = SITE_COUNTRY_CODES.map(
  (code) => ({
    code,
    name: SITE_COUNTRY_NAMES[code],
  }),
);

export const SITE_STATUSES = ['active', 'inactive', 'completed'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const HIRE_STATUSES = ['active', 'completed', 'collection_booked'] as const;
export type HireStatus = (typeof HIRE_STATUSES)[number];
export const DEFAULT_HIRE_STATUS: HireStatus = 'active';
/** Statuses the hire list shows unless Show Completed is on (spec §4, §7). */
export const DEFAULT_HIRE_LIST_STATUSES: readonly HireStatus[] = ['active', 'collection_booked'];
/** Statuses the bulk status action can set (spec §4). */
export const BULK_HIRE_STATUSES: readonly HireStatus[] = ['completed', 'collection_booked'];

export const PREFERRED_ORDER_METHODS = ['phone', 'email', 'purchase_order', 'zahara'] as const;
export type PreferredOrderMethod = (typeof PREFERRED_ORDER_METHODS)[number];

export const AVAILABILITY_CHECK_METHODS = ['phone', 'email', 'website'] as const;
export type AvailabilityCheckMethod = (typeof AVAILABILITY_CHECK_METHODS)[number];

/** Page size of the equipment, supplier and hire lists. */
export const PAGE_SIZE = 12;
/** Rows loaded for dropdowns and the hires map. */
export const DROPDOWN_LIMIT = 1000;
/** Items the hire form's equipment dropdown shows at most. */
export const EQUIPMENT_DROPDOWN_MAX = 10;
export const SEARCH_DEBOUNCE_MS = 300;
/** Hires ending within this many days appear under Plant Reminders. */
export const ENDING_SOON_DAYS = 7;
/** Overdue hires listed before '... and N more'. */
export const OVERDUE_PREVIEW = 3;
export const MESSAGE_DISMISS_MS = 5000;

export const LIMITS = {
  companyNameMin: 2,
  addressMin: 10,
  userNameMin: 2,
  passwordMin: 6,
  /** A list's search text (equipment, suppliers, sites, hires). */
  searchMax: 200,
  equipmentNameMax: 255,
  equipmentDescriptionMax: 2000,
  unitOfMeasureMax: 50,
  supplierNameMax: 255,
  officePhoneMax: 50,
  contactPhoneMax: 20,
  contactNameMax: 255,
  contactEmailMax: 255,
  /** 5 MB */
  equipmentImageMaxBytes: 5_242_880,
  /** 10 MB */
  profilePictureMaxBytes: 10_485_760,
  /** The cropped profile picture is a square of this many pixels. */
  profilePictureSizePx: 400,
  profilePictureJpegQuality: 0.9,
} as const;

export const PROFILE_PICTURE_FILE_NAME = 'profile-picture.jpg';
