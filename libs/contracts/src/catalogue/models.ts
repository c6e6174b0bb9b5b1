import { z } from 'zod';
import { EQUIPMENT_CATEGORIES } from '@planted/domain';

/** Equipment as every answer shows it (spec §3), with `is_favorite` for the caller's company. */
export const equipmentSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  unit_of_measure: z.string().nullable(),
  power: z.string().nullable(),
  /** The stored, re-encoded image, or null ('Awaiting Photo'). */
  image_url: z.string().nullable(),
  /** A card-sized copy of the image (what the 12-card grid shows). */
  image_card_url: z.string().nullable(),
  is_active: z.boolean(),
  /** The owning company. */
  customer_id: z.string().uuid().nullable(),
  is_favorite: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const categoryCountSchema = z.object({
  category: z.enum(EQUIPMENT_CATEGORIES),
  count: z.number().int(),
});
export type CategoryCount = z.infer<typeof categoryCountSchema>;

/** The latest price the caller's company paid for an item (spec §3 Pricing entry). */
export const pricingEntrySchema = z.object({
  price_per_day: z.number(),
  supplier_id: z.string().uuid(),
  supplier_name: z.string(),
  hire_start_date: z.string(),
});
export type PricingEntry = z.infer<typeof pricingEntrySchema>;

/** An existing entry whose name is close to one being added (offered before adding a near-duplicate). */
export const similarEntrySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Equipment: its category; suppliers: null. */
  category: z.string().nullable(),
  /** Trigram similarity, 0 to 1. */
  similarity: z.number(),
});
export type SimilarEntry = z.infer<typeof similarEntrySchema>;

/**
 * A supplier as the caller's company sees it (spec §3): the shared basic fields, plus that
 * company's private details, favourite and note flag.
 */
export const supplierSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  is_active: z.boolean(),
  /** The creating company's id. */
  created_by: z.string().uuid().nullable(),
  /** True when the caller's company created it ('Created by you'), else 'Community'. */
  created_by_you: z.boolean(),
  is_favorite: z.boolean(),
  has_customer_note: z.boolean(),
  customer_contact_name: z.string().nullable(),
  customer_contact_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  preferred_order_method: z.string().nullable(),
  availability_check_method: z.string().nullable(),
  /** The company's latest note, if any. */
  customer_note: z.string().nullable(),
  /** Set when the company matched it with a Zahara supplier (the accounting connector). */
  zahara_supplier_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const TIMELINE_EVENT_TYPES = ['note', 'created', 'updated', 'details_updated', 'exported'] as const;

/** One entry of a supplier's timeline, private to the company (spec §3 Supplier timeline event). */
export const timelineEventSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(TIMELINE_EVENT_TYPES),
  title: z.string(),
  /** A note's text; null for other events. */
  body: z.string().nullable(),
  author: z.string(),
  created_at: z.string(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
