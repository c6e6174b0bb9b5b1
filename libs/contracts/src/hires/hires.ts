import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { limitField, pageField } from '../pagination';
import { defineRequest } from '../subject';
import { searchField } from '../catalogue/fields';
import {
  bulkStatusField,
  ALWAYS_CHECK_DATES,
  endNotBeforeStart,
  hireEditFieldsObject,
  hireFieldsObject,
  hireFieldsSchema,
  hireIdField,
  hireIdsField,
  hireStatusFilterField,
} from './fields';
import { endingSoonHireSchema, hireSchema, hireUsageSchema, overdueHireSchema } from './models';

/** Hires answer `pagination.totalPages` and `currentPage` (spec §7). */
export const hirePaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
});

/** GET /api/hires?page&limit&search&status (status defaults to active,collection_booked). */
export const HiresList = defineRequest(
  'hires.hires.list.v1',
  z.object({
    actor: actorSchema,
    page: pageField,
    limit: limitField,
    search: searchField,
    status: hireStatusFilterField,
  }),
  z.object({ hires: z.array(hireSchema), pagination: hirePaginationSchema }),
  { caller: 'user' },
);

/** GET /api/hires/{id} */
export const HiresGet = defineRequest(
  'hires.hires.get.v1',
  z.object({ actor: actorSchema, id: hireIdField }),
  z.object({ hire: hireSchema }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

/**
 * POST /api/hires: answers `hire.id`; totals computed on the server. Refused with
 * HIRE_LIMIT_REACHED when an active hire would pass the plan's maximum.
 * `purchase_order_available` is true when the company's accounting integration is active and
 * does not create purchase orders automatically (then every new hire gets one unasked).
 */
export const HiresCreate = defineRequest(
  'hires.hires.create.v1',
  hireFieldsObject.extend({ actor: actorSchema }).superRefine(endNotBeforeStart, ALWAYS_CHECK_DATES),
  z.object({ hire: hireSchema, message: z.string(), purchase_order_available: z.boolean() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND', 'HIRE_LIMIT_REACHED'] },
);

/** PUT /api/hires/{id}: any of the three statuses; reactivating counts against the plan's limit. */
export const HiresUpdate = defineRequest(
  'hires.hires.update.v1',
  hireEditFieldsObject
    .extend({ actor: actorSchema, id: hireIdField })
    .superRefine(endNotBeforeStart, ALWAYS_CHECK_DATES),
  z.object({ hire: hireSchema, message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND', 'HIRE_LIMIT_REACHED'] },
);

/** DELETE /api/hires/{id} */
export const HiresDelete = defineRequest(
  'hires.hires.delete.v1',
  z.object({ actor: actorSchema, id: hireIdField }),
  z.object({ message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/**
 * PUT /api/hires/bulk/status {hireIds, status}: other companies' and unknown ids change
 * nothing; when none of the ids is the company's hire, NOT_FOUND ('Hire not found').
 */
export const HiresBulkStatus = defineRequest(
  'hires.hires.bulk-status.v1',
  z.object({ actor: actorSchema, hireIds: hireIdsField, status: bulkStatusField }),
  z.object({ updatedCount: z.number().int(), message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/** DELETE /api/hires/bulk {hireIds}: as HiresBulkStatus, NOT_FOUND when none is the company's hire. */
export const HiresBulkDelete = defineRequest(
  'hires.hires.bulk-delete.v1',
  z.object({ actor: actorSchema, hireIds: hireIdsField }),
  z.object({ deletedCount: z.number().int(), message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/** GET /api/hires/ending-soon: active or collection-booked hires ending in the next 7 days. */
export const HiresEndingSoon = defineRequest(
  'hires.hires.ending-soon.v1',
  z.object({ actor: actorSchema }),
  z.object({ endingSoon: z.array(endingSoonHireSchema) }),
  { caller: 'user' },
);

/** GET /api/hires/overdue: past their end date, still active or collection booked, with cost to date. */
export const HiresOverdue = defineRequest(
  'hires.hires.overdue.v1',
  z.object({ actor: actorSchema }),
  z.object({ overdue: z.array(overdueHireSchema), total: z.number().int() }),
  { caller: 'user' },
);

/** GET /api/hires/subscription-usage */
export const HiresSubscriptionUsage = defineRequest(
  'hires.hires.subscription-usage.v1',
  z.object({ actor: actorSchema }),
  hireUsageSchema,
  { caller: 'user' },
);

export { hireFieldsSchema };
