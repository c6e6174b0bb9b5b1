import {
  endNotBeforeStart,
  HIRES_MESSAGES,
  HiresBulkDelete,
  HiresBulkStatus,
  HiresCreate,
  HiresDelete,
  HiresEndingSoon,
  hireEditFieldsObject,
  hireFieldsSchema,
  HiresGet,
  hireIdField,
  HiresList,
  HiresOverdue,
  HiresSubscriptionUsage,
  HiresUpdate,
} from '@planted/contracts';
import { ENDING_SOON_DAYS } from '@planted/domain';
import { route } from '../routes/route-kit';

const TOTALS =
  'Duration (inclusive days), net, VAT (20%) and total are computed on the server from price, pricing term, dates, delivery charge and operator cost (spec §9); values the browser sends for them are ignored. An end date before the start is refused.';

const LIMIT = `Refused with 403 '${HIRES_MESSAGES.HIRE_LIMIT_REACHED}' when the company already has as many active hires as its plan allows (GET /api/hires/subscription-usage): the screen shows its Upgrade Required modal.`;

/**
 * Spec §7 Hires. /api/hires/bulk/status, /bulk, /ending-soon, /overdue and
 * /subscription-usage are static segments, which the router matches before /api/hires/{id}
 * whatever the order here. Sites and hires show no role gate (spec §6).
 */
export const HIRES_ROUTES = [
  route(HiresList, {
    method: 'GET',
    path: '/api/hires',
    operationId: 'listHires',
    summary: 'The company’s hires with every list field, 12 a page (up to 1000 for the map)',
    description:
      'Search looks in equipment, supplier, site and job number; `status` is a comma-separated list of active, completed and collection_booked (default `active,collection_booked`). Answers `pagination.totalPages` and `currentPage`.',
    tag: 'hires',
    access: 'signed-in',
    query: ['page', 'limit', 'search', 'status'],
  }),
  route(HiresCreate, {
    method: 'POST',
    path: '/api/hires',
    operationId: 'createHire',
    summary: 'Adds a hire (active unless given); answers `hire.id` with the computed totals',
    description: `${TOTALS} ${LIMIT} The equipment and supplier must be in the catalogue and the site the company's (else 404).`,
    tag: 'hires',
    access: 'member',
    // The contract's payload is refined (end not before start), which zod cannot omit `actor` from.
    input: hireFieldsSchema,
    inputIsPayload: true,
  }),
  route(HiresBulkStatus, {
    method: 'PUT',
    path: '/api/hires/bulk/status',
    operationId: 'bulkUpdateHireStatus',
    summary: 'Sets completed or collection_booked on the selected hires; answers `updatedCount`',
    description: 'Ids of hires the company does not have change nothing and are not counted.',
    tag: 'hires',
    access: 'member',
  }),
  route(HiresBulkDelete, {
    method: 'DELETE',
    path: '/api/hires/bulk',
    operationId: 'bulkDeleteHires',
    summary: 'Deletes the selected hires (a JSON body `{hireIds}`); answers `deletedCount`',
    description: 'Ids of hires the company does not have change nothing and are not counted.',
    tag: 'hires',
    access: 'member',
  }),
  route(HiresEndingSoon, {
    method: 'GET',
    path: '/api/hires/ending-soon',
    operationId: 'listHiresEndingSoon',
    summary: `Active or collection-booked hires ending from today to ${ENDING_SOON_DAYS} days from today, soonest first`,
    tag: 'hires',
    access: 'signed-in',
  }),
  route(HiresOverdue, {
    method: 'GET',
    path: '/api/hires/overdue',
    operationId: 'listOverdueHires',
    summary:
      'Hires past their end date still active or collection booked, with days overdue and cost to date',
    description:
      'Longest overdue first; at most 100 listed, `total` counts them all. Cost to date is the spec §9 total as if the hire ended today.',
    tag: 'hires',
    access: 'signed-in',
  }),
  route(HiresSubscriptionUsage, {
    method: 'GET',
    path: '/api/hires/subscription-usage',
    operationId: 'getHireUsage',
    summary: 'The company’s plan, its active hires and the plan’s maximum (`null`: unlimited)',
    tag: 'hires',
    access: 'signed-in',
  }),
  route(HiresGet, {
    method: 'GET',
    path: '/api/hires/{id}',
    operationId: 'getHire',
    summary: 'One of the company’s hires with every list field (another company’s answers 404)',
    tag: 'hires',
    access: 'signed-in',
    params: ['id'],
  }),
  route(HiresUpdate, {
    method: 'PUT',
    path: '/api/hires/{id}',
    operationId: 'updateHire',
    summary: 'Changes a hire, any of the three statuses; totals computed again',
    description: `${TOTALS} Setting a completed or collection-booked hire back to active counts against the plan: ${LIMIT}`,
    tag: 'hires',
    access: 'member',
    params: ['id'],
    input: hireEditFieldsObject.extend({ id: hireIdField }).superRefine(endNotBeforeStart),
    inputIsPayload: true,
  }),
  route(HiresDelete, {
    method: 'DELETE',
    path: '/api/hires/{id}',
    operationId: 'deleteHire',
    summary: 'Deletes a hire; a second delete answers 404',
    tag: 'hires',
    access: 'member',
    params: ['id'],
  }),
];
