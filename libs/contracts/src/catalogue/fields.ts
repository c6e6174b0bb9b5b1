import { z } from 'zod';
import {
  AVAILABILITY_CHECK_METHODS,
  EQUIPMENT_CATEGORIES,
  LIMITS,
  POWER_TYPES,
  PREFERRED_ORDER_METHODS,
  VALIDATION_MESSAGES as V,
} from '@planted/domain';
import { PAGINATION_MESSAGES } from '../pagination';
import { textField } from '../text';

/** Catalogue messages the spec leaves unworded (the worded ones come from @planted/domain). */
export const CATALOGUE_MESSAGES = {
  EQUIPMENT_NOT_FOUND: 'Equipment not found',
  SUPPLIER_NOT_FOUND: 'Supplier not found',
  ONLY_ADMINS_ADD_EQUIPMENT: 'Only administrators can add equipment',
  ONLY_OWNER_EDITS_EQUIPMENT:
    'Only administrators of the company that added this equipment can change or delete it',
  ONLY_ADMINS_MANAGE_SUPPLIERS: 'Only administrators can add, edit or delete suppliers',
  /** Spec §2 Suppliers: basic information of another customer's supplier. */
  SUPPLIER_READ_ONLY: 'Read-only (created by another customer)',
  ONLY_CREATOR_DELETES_SUPPLIER: 'Only the customer that created this supplier can delete it',
  CONTACT_EMAIL_INVALID: 'Please enter a valid email address',
  ADDRESS_TOO_LONG: 'Address must be 500 characters or less',
  NOTE_REQUIRED: 'Note is required',
  NOTE_TOO_LONG: 'Note must be 2000 characters or less',
  PREFERRED_ORDER_METHOD_INVALID:
    'Preferred order method must be one of phone, email, purchase_order or zahara',
  AVAILABILITY_CHECK_METHOD_INVALID: 'Availability check method must be one of phone, email or website',
  IS_ACTIVE_INVALID: 'is_active must be true or false',
  FAVORITES_FLAG_INVALID: 'favorites must be true or false',
  IMAGE_URL_INVALID: 'Image must be one uploaded with this form',
  SIMILAR_NAME_REQUIRED: 'Name is required',
  EQUIPMENT_CREATED: 'Equipment created successfully',
  EQUIPMENT_UPDATED: 'Equipment updated successfully',
  EQUIPMENT_DELETED: 'Equipment deleted successfully',
  SUPPLIER_CREATED: 'Supplier created successfully',
  SUPPLIER_UPDATED: 'Supplier updated successfully',
  SUPPLIER_DELETED: 'Supplier deleted successfully',
  DETAILS_SAVED: 'Your communication details were saved',
  NOTE_ADDED: 'Note added',
  FAVORITE_ADDED: 'Added to favorites',
  FAVORITE_REMOVED: 'Removed from favorites',
  ...PAGINATION_MESSAGES,
} as const;

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional text: blank, missing or null become null ("empty optional values are not sent"). */
export const optionalText = (label: string, max: number, tooLong: string, multiline = false) =>
  textField({ label, multiline })
    .max(max, { error: tooLong })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * A telephone number as people write them: digits with spaces, dots, dashes, slashes or
 * brackets, an optional leading +, and an optional extension ('ext 12', 'x12'); 7 to 15 digits
 * before the extension (E.164's maximum is 15). '01632 960 001', '+44 (0)20 7946 0958' and
 * '0161-496-0000 ext. 4' pass; 'call Dave' and '12' do not.
 */
const PHONE = /^(\+?[\d\s().\-/]+?)(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;
export function isPhoneNumber(value: string): boolean {
  const number = PHONE.exec(value.trim())?.[1];
  const digits = number?.replace(/\D/g, '').length ?? 0;
  return digits >= 7 && digits <= 15;
}

/** An optional phone number: blank becomes null; anything else must look like a phone number. */
export const optionalPhone = (label: string, max: number, tooLong: string) =>
  textField({ label })
    .max(max, { error: tooLong })
    // One message per field: a value over the length limit is told about its length only.
    .refine((v) => v === '' || v.length > max || isPhoneNumber(v), { error: V.PHONE_INVALID })
    .meta({ example: '0113 496 0000' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const categoryField = z.enum(EQUIPMENT_CATEGORIES, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? V.CATEGORY_REQUIRED : V.CATEGORY_INVALID,
});

/** Search over names (and, for equipment, description and category): trimmed, blank means none. */
export const searchField = textField({ label: 'Search' })
  .max(LIMITS.searchMax, { error: PAGINATION_MESSAGES.SEARCH_TOO_LONG })
  .optional()
  .transform((v) => (v ? v : undefined));

/** A category filter: blank means all. */
export const categoryFilterField = z.preprocess((v) => (v === '' ? undefined : v), categoryField.optional());

export const equipmentNameField = textField({
  label: 'Equipment name',
  required: V.EQUIPMENT_NAME_REQUIRED,
}).max(LIMITS.equipmentNameMax, { error: V.EQUIPMENT_NAME_TOO_LONG });

/** Equipment fields of the add/edit form (spec §5 Equipment); the image travels apart. */
export const equipmentFieldsSchema = z.object({
  name: equipmentNameField,
  description: optionalText('Description', LIMITS.equipmentDescriptionMax, V.DESCRIPTION_TOO_LONG, true),
  category: categoryField,
  unit_of_measure: optionalText('Unit of measure', LIMITS.unitOfMeasureMax, V.UNIT_TOO_LONG),
  power: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .enum(POWER_TYPES, { error: V.POWER_INVALID })
      .optional()
      .transform((v) => v ?? null),
  ),
});
export type EquipmentFields = z.output<typeof equipmentFieldsSchema>;

/** `true`/`false` as JSON or as a multipart text field. */
export const booleanField = (message: string) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: message }));

const supplierEmail = (max: number, tooLong: string) =>
  textField({ label: 'Email', invalid: CATALOGUE_MESSAGES.CONTACT_EMAIL_INVALID })
    .max(max, { error: tooLong })
    .refine((v) => v === '' || SIMPLE_EMAIL.test(v), { error: CATALOGUE_MESSAGES.CONTACT_EMAIL_INVALID })
    .optional()
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : null));

/** Basic supplier information (spec §5 Supplier): only the creating company may change it. */
export const supplierBasicSchema = z.object({
  name: textField({ label: 'Supplier name', required: V.SUPPLIER_NAME_REQUIRED }).max(
    LIMITS.supplierNameMax,
    {
      error: V.SUPPLIER_NAME_TOO_LONG,
    },
  ),
  contact_email: supplierEmail(LIMITS.contactEmailMax, V.CONTACT_EMAIL_TOO_LONG),
  /** The office phone. */
  contact_phone: optionalPhone('Office phone', LIMITS.officePhoneMax, V.OFFICE_PHONE_TOO_LONG),
  address: optionalText('Address', 500, CATALOGUE_MESSAGES.ADDRESS_TOO_LONG, true),
});
export type SupplierBasic = z.output<typeof supplierBasicSchema>;

/** 'Your Communication Details': private to the caller's company (spec §3 per-customer details). */
export const supplierDetailsSchema = z.object({
  contact_name: optionalText('Contact name', LIMITS.contactNameMax, V.CONTACT_NAME_TOO_LONG),
  contact_email: supplierEmail(LIMITS.contactEmailMax, V.CONTACT_EMAIL_TOO_LONG),
  phone: optionalPhone('Contact phone', LIMITS.contactPhoneMax, V.CONTACT_PHONE_TOO_LONG),
  preferred_order_method: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .enum(PREFERRED_ORDER_METHODS, { error: CATALOGUE_MESSAGES.PREFERRED_ORDER_METHOD_INVALID })
      .optional()
      .transform((v) => v ?? null),
  ),
  availability_check_method: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .enum(AVAILABILITY_CHECK_METHODS, { error: CATALOGUE_MESSAGES.AVAILABILITY_CHECK_METHOD_INVALID })
      .optional()
      .transform((v) => v ?? null),
  ),
});
export type SupplierDetails = z.output<typeof supplierDetailsSchema>;

export const noteField = textField({
  label: 'Note',
  required: CATALOGUE_MESSAGES.NOTE_REQUIRED,
  multiline: true,
}).max(2000, { error: CATALOGUE_MESSAGES.NOTE_TOO_LONG });

export const equipmentIdField = z
  .string({ error: CATALOGUE_MESSAGES.EQUIPMENT_NOT_FOUND })
  .uuid({ error: CATALOGUE_MESSAGES.EQUIPMENT_NOT_FOUND });
export const supplierIdField = z
  .string({ error: CATALOGUE_MESSAGES.SUPPLIER_NOT_FOUND })
  .uuid({ error: CATALOGUE_MESSAGES.SUPPLIER_NOT_FOUND });

/**
 * Where an equipment image lives: only paths the gateway's upload path wrote (it stores the
 * re-encoded image and its card-sized copy, then sends these), never a URL a caller made up.
 */
export const EQUIPMENT_IMAGE_PATH = /^\/files\/equipment\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+\.(jpg|png|gif|webp)$/;
export const equipmentImageSchema = z.object({
  url: z.string().regex(EQUIPMENT_IMAGE_PATH, { error: CATALOGUE_MESSAGES.IMAGE_URL_INVALID }),
  card_url: z.string().regex(EQUIPMENT_IMAGE_PATH, { error: CATALOGUE_MESSAGES.IMAGE_URL_INVALID }),
});
