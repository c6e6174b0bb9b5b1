import { z } from 'zod';
import { HIRE_STATUSES, PRICING_TERMS, SITE_COUNTRY_CODES, SITE_STATUSES } from '@planted/domain';
import { planIdSchema } from '../identity/models';

/** A site as every answer shows it (spec §3), with its geocoded position when it could be placed. */
export const siteSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
  country: z.enum(SITE_COUNTRY_CODES),
  job_number: z.string().nullable(),
  status: z.enum(SITE_STATUSES),
  zahara_project_id: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** What placed it: 'google', 'offline' (the shipped place data) or null when it could not be placed. */
  geocode_source: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

/** A hire with every list field of spec §3 (names from the hires service's own read models). */
export const hireSchema = z.object({
  id: z.string().uuid(),
  equipment_id: z.string().uuid(),
  supplier_id: z.string().uuid(),
  site_id: z.string().uuid(),
  price: z.number(),
  pricing_term: z.enum(PRICING_TERMS),
  price_per_day: z.number(),
  delivery_charge: z.number(),
  operator_cost: z.number(),
  hire_start_date: z.string(),
  hire_end_date: z.string(),
  hire_duration_days: z.number().int(),
  net_cost: z.number(),
  vat_amount: z.number(),
  total_cost: z.number(),
  hire_status: z.enum(HIRE_STATUSES),
  additional_details: z.string().nullable(),
  zahara_document_id: z.string().nullable(),
  zahara_po_number: z.string().nullable(),
  /** Why the accounting connector could not create its purchase order (null once one is created). */
  purchase_order_error: z.string().nullable(),
  purchase_order_failed_at: z.string().nullable(),
  /** Why the last update of its purchase order in Zahara (after an edit) failed; null when Zahara is up to date. */
  purchase_order_update_error: z.string().nullable(),
  equipment_name: z.string().nullable(),
  equipment_category: z.string().nullable(),
  equipment_image_url: z.string().nullable(),
  supplier_name: z.string().nullable(),
  site_name: z.string().nullable(),
  site_postcode: z.string().nullable(),
  site_address: z.string().nullable(),
  job_number: z.string().nullable(),
  created_by: z.string().uuid(),
  creator_name: z.string().nullable(),
  creator_profile_picture: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Hire = z.infer<typeof hireSchema>;

/** Spec §3 Ending-soon hire. */
export const endingSoonHireSchema = z.object({
  id: z.string().uuid(),
  equipment_name: z.string().nullable(),
  equipment_image_url: z.string().nullable(),
  site_name: z.string().nullable(),
  supplier_name: z.string().nullable(),
  hire_end_date: z.string(),
});

/** Spec §3 Overdue hire: past its end date and still active or collection booked; cost to date in pounds. */
export const overdueHireSchema = z.object({
  id: z.string().uuid(),
  equipment_name: z.string().nullable(),
  supplier_name: z.string().nullable(),
  site_name: z.string().nullable(),
  target_return_date: z.string(),
  days_overdue: z.number().int(),
  cost_to_date: z.number(),
});

/** Spec §3 Usage: `max` is null when the plan is unlimited. */
export const hireUsageSchema = z.object({
  plan: planIdSchema,
  usage: z.object({ hires: z.object({ current: z.number().int(), max: z.number().int().nullable() }) }),
});
