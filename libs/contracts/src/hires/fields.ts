import { z } from 'zod';
import {
  BULK_HIRE_STATUSES,
  DEFAULT_HIRE_LIST_STATUSES,
  DEFAULT_SITE_COUNTRY,
  HIRE_STATUSES,
  PRICING_TERMS,
  SITE_COUNTRY_CODES,
  SITE_STATUSES,
  VALIDATION_MESSAGES as V,
  isIsoDate,
  toEpochDay,
} from '@planted/domain';
import { optionalText } from '../catalogue/fields';
import { textField } from '../text';
import { decimalText } from '../validation';

/** Hires and sites messages the spec leaves unworded (the worded ones come from @planted/domain). */
export const HIRES_MESSAGES = {
  SITE_NOT_FOUND: 'Site not found',
  HIRE_NOT_FOUND: 'Hire not found',
  EQUIPMENT_NOT_FOUND: 'Equipment not found',
  SUPPLIER_NOT_FOUND: 'Supplier not found',
  /** A new hire, or a hire moved, onto equipment its owner has switched off. */
  EQUIPMENT_INACTIVE: 'This equipment is inactive. Switch it back on in Equipment to hire it.',
  SITE_NAME_TOO_LONG: 'Site name must be 255 characters or less',
  ADDRESS_TOO_LONG: 'Address must be 255 characters or less',
  CITY_TOO_LONG: 'City must be 100 characters or less',
  COUNTY_TOO_LONG: 'County must be 100 characters or less',
  POSTCODE_TOO_LONG: 'Postcode must be 20 characters or less',
  POSTCODE_INVALID: 'Please enter a valid postcode for the country',
  JOB_NUMBER_TOO_LONG: 'Job number must be 30 characters or less',
  JOB_NUMBER_TAKEN: 'Another site already has this job number',
  SITE_STATUS_INVALID: 'Status must be one of active, inactive or completed',
  HIRE_STATUS_INVALID: 'Status must be one of active, completed or collection_booked',
  BULK_STATUS_INVALID: 'Status must be completed or collection_booked',
  HIRE_IDS_REQUIRED: 'Select at least one hire',
  HIRE_IDS_TOO_MANY: 'Select at most 1000 hires',
  HIRE_IDS_NOT_A_LIST: 'hireIds must be a list of hire ids',
  HIRE_ID_INVALID: 'Hire not found',
  STATUS_FILTER_INVALID:
    'Status filter must list active, completed or collection_booked, separated by commas',
  AMOUNT_DECIMALS: 'Amount must have at most 2 decimal places',
  DATE_OUT_OF_RANGE: 'Please enter a date between 01/01/2000 and 31/12/2099',
  DETAILS_TOO_LONG: 'Additional details must be 2000 characters or less',
  /** The Upgrade Required modal reads current and max from GET /hires/subscription-usage. */
  HIRE_LIMIT_REACHED: "Your plan's active hire limit is reached. Upgrade to add more active hires.",
  SITE_HAS_HIRES:
    "This site has hires, so it cannot be deleted. Delete its hires first, or set the site's status to Completed.",
  SITE_CREATED: 'Site created successfully',
  SITE_UPDATED: 'Site updated successfully',
  SITE_DELETED: 'Site deleted successfully',
  HIRE_CREATED: 'Hire created successfully!',
  HIRE_UPDATED: 'Hire updated successfully',
  HIRE_DELETED: 'Hire deleted successfully',
} as const;

export const siteIdField = z
  .string({ error: V.SITE_REQUIRED })
  .uuid({ error: HIRES_MESSAGES.SITE_NOT_FOUND });
export const hireIdField = z
  .string({ error: HIRES_MESSAGES.HIRE_NOT_FOUND })
  .uuid({ error: HIRES_MESSAGES.HIRE_NOT_FOUND });

/** Runs a cross-field check even while another field fails, so one submit shows every problem. */
export const ALWAYS_CHECK_FIELDS = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * Each country's postcodes as written (upper case, spaces collapsed): the United Kingdom's
 * ('SW1A 1AA', 'M1 1AE', 'GIR 0AA'), Ireland's Eircodes ('D02 X285'), US ZIP codes ('10118',
 * '10118-0110'), Australia's four digits, Canada's ('K1A 0B1'). The space of a British,
 * Irish or Canadian code may be left out; it is put back.
 */
const POSTCODES: Record<(typeof SITE_COUNTRY_CODES)[number], { pattern: RegExp; inward?: number }> = {
  GB: { pattern: /^(?:[A-Z]{1,2}\d[A-Z\d]?|GIR) ?\d[A-Z]{2}$/, inward: 3 },
  IE: { pattern: /^(?:[A-Z]\d{2}|D6W) ?[\dA-Z]{4}$/, inward: 4 },
  US: { pattern: /^\d{5}(?:-\d{4})?$/ },
  AU: { pattern: /^\d{4}$/ },
  // Canada Post never uses D, F, I, O, Q or U, nor W or Z as the first letter.
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, inward: 3 },
};

/** The postcode as the country writes it, or null when it is not one of that country's. */
export function normalisePostcode(postcode: string, country: string): string | null {
  const rule = POSTCODES[country as keyof typeof POSTCODES];
  const text = postcode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!rule) return text;
  if (!rule.pattern.test(text)) return null;
  if (!rule.inward) return text;
  const bare = text.replace(' ', '');
  return `${bare.slice(0, -rule.inward)} ${bare.slice(-rule.inward)}`;
}

/**
 * The postcode an edit of a site stores: one unchanged in the same country stands as stored
 * (saved before postcodes were checked, or read from Zahara); a changed one, or one in a new
 * country, as that country writes it. Null when it is not one of the country's.
 */
export function editedPostcode(
  edit: { postcode: string; country: string },
  stored: { postcode: string; country: string },
): string | null {
  const unchanged =
    edit.country === stored.country &&
    edit.postcode.trim().toUpperCase() === stored.postcode.trim().toUpperCase();
  return unchanged ? stored.postcode : normalisePostcode(edit.postcode, edit.country);
}

/**
 * The site's postcode must be one of its country's (Zahara refuses others when the site is
 * pushed as a project, and the map cannot place them); written as the country writes it. An
 * edit is checked by the service, which knows the site as stored (siteEditFieldsSchema);
 * a form editing a site checks it the same way with postcodeAgainst(site).
 */
export function postcodeOfCountry(
  value: { postcode?: unknown; country?: unknown },
  ctx: z.RefinementCtx,
): void {
  checkPostcode(value, ctx, undefined);
}

/** postcodeOfCountry for an edit of `stored`: an unchanged postcode stands (editedPostcode). */
export const postcodeAgainst =
  (stored: { postcode: string; country: string }) =>
  (value: { postcode?: unknown; country?: unknown }, ctx: z.RefinementCtx): void =>
    checkPostcode(value, ctx, stored);

function checkPostcode(
  value: { postcode?: unknown; country?: unknown },
  ctx: z.RefinementCtx,
  stored: { postcode: string; country: string } | undefined,
): void {
  if (typeof value.postcode !== 'string' || typeof value.country !== 'string') return;
  if (value.postcode === '' || value.postcode.length > 20) return;
  const edit = { postcode: value.postcode, country: value.country };
  const normal = stored ? editedPostcode(edit, stored) : normalisePostcode(edit.postcode, edit.country);
  if (normal === null)
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: HIRES_MESSAGES.POSTCODE_INVALID });
  else value.postcode = normal;
}

/**
 * Site fields as stored (spec §5 Site): name, address line 1, city, postcode and country
 * required; GB by default. What people type goes through siteFieldsSchema, which also checks
 * the postcode against the country; this one also reads sites that come from Zahara.
 */
export const siteFieldsObject = z.object({
  name: textField({ label: 'Site name', required: V.SITE_NAME_REQUIRED }).max(255, {
    error: HIRES_MESSAGES.SITE_NAME_TOO_LONG,
  }),
  address_line_1: textField({ label: 'Address line 1', required: V.ADDRESS_LINE_1_REQUIRED }).max(255, {
    error: HIRES_MESSAGES.ADDRESS_TOO_LONG,
  }),
  address_line_2: optionalText('Address line 2', 255, HIRES_MESSAGES.ADDRESS_TOO_LONG),
  city: textField({ label: 'City', required: V.CITY_REQUIRED }).max(100, {
    error: HIRES_MESSAGES.CITY_TOO_LONG,
  }),
  county: optionalText('County', 100, HIRES_MESSAGES.COUNTY_TOO_LONG),
  postcode: textField({ label: 'Postcode', required: V.POSTCODE_REQUIRED })
    .max(20, { error: HIRES_MESSAGES.POSTCODE_TOO_LONG })
    .meta({ example: 'LS1 4DL' })
    .transform((v) => v.toUpperCase()),
  country: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? DEFAULT_SITE_COUNTRY : v),
      z.enum(SITE_COUNTRY_CODES, { error: V.COUNTRY_INVALID }),
    )
    // Also makes the key optional in the payload's type (a preprocessed key is otherwise a required `unknown`).
    .default(DEFAULT_SITE_COUNTRY),
  // 30: a job number is the site's project code in Zahara, which takes no more (zahara-local README).
  job_number: optionalText('Job number', 30, HIRES_MESSAGES.JOB_NUMBER_TOO_LONG),
  status: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'active' : v),
      z.enum(SITE_STATUSES, { error: HIRES_MESSAGES.SITE_STATUS_INVALID }),
    )
    .default('active'),
});
export const siteFieldsSchema = siteFieldsObject.superRefine(postcodeOfCountry, ALWAYS_CHECK_FIELDS);
export type SiteFields = z.output<typeof siteFieldsObject>;

/**
 * A field an edit may leave out: absent, null or blank, the record keeps what it has (a new
 * record takes the field's default instead). An edit that sends no status must not turn a
 * completed hire back into an active one, nor a site's country back to GB.
 */
const keptOnEdit = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), schema.optional())
    .optional();

/** Site fields of an edit (PUT /api/sites/{id}): as a new site's, except that an omitted status or country stays as it is. */
export const siteEditFieldsObject = siteFieldsObject.extend({
  country: keptOnEdit(z.enum(SITE_COUNTRY_CODES, { error: V.COUNTRY_INVALID })),
  status: keptOnEdit(z.enum(SITE_STATUSES, { error: HIRES_MESSAGES.SITE_STATUS_INVALID })),
});
/**
 * An edit's postcode is checked by the service, against the site as stored: an unchanged one
 * stands as it is (a site saved before postcodes were checked, or read from Zahara, keeps its
 * own until someone changes it).
 */
export const siteEditFieldsSchema = siteEditFieldsObject;
export type SiteEditFields = z.output<typeof siteEditFieldsSchema>;

/** What a form sends for an amount left empty: nothing, null, or blank text. */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An amount in pounds: a number, not negative, at most two decimals (price step 0.01). */
const amountSchema = (required?: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined && required ? required : V.AMOUNT_INVALID) })
    .finite({ error: V.AMOUNT_INVALID })
    .min(0, { error: V.AMOUNT_NEGATIVE })
    .max(10_000_000, { error: V.AMOUNT_TOO_LARGE })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      error: HIRES_MESSAGES.AMOUNT_DECIMALS,
    });

/**
 * A decimal comma as typed in Spanish and much of Europe: pounds, then a comma and one or two
 * digits of pence ('12,5', '12,50'). Read as a decimal point; any other comma ('1,000',
 * '1,2,3') stays text and is refused, never read as a larger amount (AY-2).
 */
const DECIMAL_COMMA = /^\s*\d+,\d{1,2}\s*$/;

/** Numeric text as its number; blank as undefined; anything else as it came (and refused). */
const amountInput = (v: unknown) =>
  isBlank(v)
    ? undefined
    : decimalText(typeof v === 'string' && DECIMAL_COMMA.test(v) ? v.replace(',', '.') : v);

/**
 * A required amount in pounds, as a number or numeric text (a form's field); blank is
 * `required`'s message. For an amount that may be left out use optionalMoneyField: zod's
 * .optional() only lets `undefined` through, not the '' of an emptied form field.
 */
export const moneyField = (required?: string) => z.preprocess(amountInput, amountSchema(required));

/**
 * An amount that may be left out: absent, null, '' or blank text is "not given" and
 * becomes `fallback` (delivery charge and operator cost: 0).
 */
export const optionalMoneyField = (fallback: number) =>
  z
    .preprocess(amountInput, amountSchema().optional())
    // Also makes the key optional in the payload's type (a preprocessed key is otherwise a required `unknown`).
    .optional()
    .transform((v) => v ?? fallback);

/** The dates a hire may start and end on (HIRES_MESSAGES.DATE_OUT_OF_RANGE words them). */
export const HIRE_DATES = { earliest: '2000-01-01', latest: '2099-12-31' } as const;

export const isoDateField = (required: string) =>
  z
    // Missing is required; a number or a boolean was sent, so it is not a date rather than missing.
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required : V.DATE_INVALID),
    })
    .trim()
    .min(1, { error: required })
    .refine((v) => isIsoDate(v), { error: V.DATE_INVALID })
    // A typo'd year ('9999', '0202') would otherwise make a hire of centuries, and its cost the
    // company's spending. ISO dates of one length compare as text.
    .refine((v) => !isIsoDate(v) || (v >= HIRE_DATES.earliest && v <= HIRE_DATES.latest), {
      error: HIRES_MESSAGES.DATE_OUT_OF_RANGE,
    })
    .meta({ format: 'date', example: '2026-03-02' });

/**
 * A picked record's id: missing or empty is the field's required message; anything else that
 * is not an id names no record, so the not-found one (as for a well-formed id nobody has).
 */
const pickedId = (required: string, notFound: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notFound) })
    .uuid({ error: (issue) => (issue.input === '' ? required : notFound) });

/**
 * Hire form fields (spec §5 Hire form, §7 POST /hires). The browser may send
 * hire_duration_days, net_cost, vat_amount and total_cost; they are read and ignored: the
 * server computes them with @planted/domain.
 */
export const hireFieldsObject = z.object({
  equipment_id: pickedId(V.EQUIPMENT_REQUIRED, HIRES_MESSAGES.EQUIPMENT_NOT_FOUND),
  supplier_id: pickedId(V.SUPPLIER_REQUIRED, HIRES_MESSAGES.SUPPLIER_NOT_FOUND),
  site_id: pickedId(V.SITE_REQUIRED, HIRES_MESSAGES.SITE_NOT_FOUND),
  price: moneyField(V.PRICE_REQUIRED),
  pricing_term: z.enum(PRICING_TERMS, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? V.PRICING_TERM_REQUIRED : V.PRICING_TERM_INVALID,
  }),
  delivery_charge: optionalMoneyField(0),
  operator_cost: optionalMoneyField(0),
  hire_start_date: isoDateField(V.START_DATE_REQUIRED),
  hire_end_date: isoDateField(V.END_DATE_REQUIRED),
  hire_status: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'active' : v),
      z.enum(HIRE_STATUSES, { error: HIRES_MESSAGES.HIRE_STATUS_INVALID }),
    )
    .default('active'),
  additional_details: optionalText('Additional details', 2000, HIRES_MESSAGES.DETAILS_TOO_LONG, true),
  // Computed by the server; accepted so the spec's payload validates, never used.
  hire_duration_days: z.unknown().optional(),
  net_cost: z.unknown().optional(),
  vat_amount: z.unknown().optional(),
  total_cost: z.unknown().optional(),
  price_per_day: z.unknown().optional(),
});

/** Hire fields of an edit (PUT /api/hires/{id}): an omitted hire_status stays as it is. */
export const hireEditFieldsObject = hireFieldsObject.extend({
  hire_status: keptOnEdit(z.enum(HIRE_STATUSES, { error: HIRES_MESSAGES.HIRE_STATUS_INVALID })),
});

/** End before start is refused on hire_end_date (spec §5, issue 10). */
export function endNotBeforeStart<T extends { hire_start_date: string; hire_end_date: string }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (isIsoDate(value.hire_start_date) && isIsoDate(value.hire_end_date)) {
    if (toEpochDay(value.hire_end_date) < toEpochDay(value.hire_start_date)) {
      ctx.addIssue({ code: 'custom', path: ['hire_end_date'], message: V.END_BEFORE_START });
    }
  }
}

/**
 * Runs endNotBeforeStart even while other fields fail (zod skips a refinement once a field has
 * failed its type, a missing price for one), so one submit shows every problem.
 */
export const ALWAYS_CHECK_DATES = ALWAYS_CHECK_FIELDS;

export const hireFieldsSchema = hireFieldsObject.superRefine(endNotBeforeStart, ALWAYS_CHECK_DATES);
export type HireFields = z.output<typeof hireFieldsSchema>;

/**
 * `status=active,collection_booked` (the default) or any comma-separated mix of the three.
 * Its parsed form (a list) parses again to itself: the typed client sends what it parsed,
 * and the service parses it once more.
 */
export const hireStatusFilterField = z
  .preprocess(
    (v) =>
      v === undefined || v === null || v === ''
        ? DEFAULT_HIRE_LIST_STATUSES.join(',')
        : Array.isArray(v)
          ? v.join(',')
          : v,
    z
      .string({ error: HIRES_MESSAGES.STATUS_FILTER_INVALID })
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))])
      .pipe(z.array(z.enum(HIRE_STATUSES, { error: HIRES_MESSAGES.STATUS_FILTER_INVALID })).min(1)),
  )
  .default(() => [...DEFAULT_HIRE_LIST_STATUSES])
  .meta({
    description: 'Comma-separated hire statuses (active, completed, collection_booked)',
    example: DEFAULT_HIRE_LIST_STATUSES.join(','),
  });

export const bulkStatusField = z.enum(BULK_HIRE_STATUSES as [string, ...string[]], {
  error: HIRES_MESSAGES.BULK_STATUS_INVALID,
});

export const hireIdsField = z
  .array(hireIdField, {
    // Missing: none selected; anything but a list (one id as text): say what it must be (audit AC-4).
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? HIRES_MESSAGES.HIRE_IDS_REQUIRED
        : HIRES_MESSAGES.HIRE_IDS_NOT_A_LIST,
  })
  .min(1, { error: HIRES_MESSAGES.HIRE_IDS_REQUIRED })
  .max(1000, { error: HIRES_MESSAGES.HIRE_IDS_TOO_MANY });
