import { z } from 'zod';
import { HIRE_STATUSES } from '@planted/domain';
import { defineEvent } from '../subject';

/**
 * A hire as its events carry it: what the consumers need (catalogue's latest price per
 * item, the accounting connector's purchase orders). Amounts in pounds, dates YYYY-MM-DD.
 */
export const hireEventSchema = z.object({
  id: z.string().uuid(),
  customer_id: z.string().uuid(),
  equipment_id: z.string().uuid(),
  supplier_id: z.string().uuid(),
  site_id: z.string().uuid(),
  price: z.number(),
  pricing_term: z.enum(['fixed', 'day', 'week', 'month', 'year']),
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
  created_by: z.string().uuid(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HireEvent = z.infer<typeof hireEventSchema>;

export const HireCreated = defineEvent('hires.hire.created.v1', z.object({ hire: hireEventSchema }));
export const HireUpdated = defineEvent('hires.hire.updated.v1', z.object({ hire: hireEventSchema }));
export const HireDeleted = defineEvent(
  'hires.hire.deleted.v1',
  z.object({ hire_id: z.string().uuid(), customer_id: z.string().uuid() }),
);
