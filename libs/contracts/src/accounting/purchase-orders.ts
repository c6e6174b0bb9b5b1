import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';
import { hireIdsField, orderHireIdField } from './fields';
import { purchaseOrderResultSchema } from './models';

const PO_ERRORS = [
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'CONFLICT',
  'ACCOUNTING_NOT_CONFIGURED',
  'SUPPLIER_NOT_MATCHED',
  'ZAHARA_AUTH_FAILED',
  'ZAHARA_REJECTED',
  'ZAHARA_UNAVAILABLE',
  'RATE_LIMITED',
] as const;

/**
 * POST /api/zahara/purchase-order/create {hireId}: the hire's purchase order. A hire that
 * already has one answers it again: a hire never gets two.
 */
export const AccountingPurchaseOrderCreate = defineRequest(
  'accounting.purchase-orders.create.v1',
  z.object({ actor: actorSchema, hireId: orderHireIdField }),
  purchaseOrderResultSchema,
  { caller: 'user', access: 'member', errors: PO_ERRORS },
);

/**
 * POST /api/zahara/purchase-order/create-bulk {hireIds}: one order for hires of one supplier
 * ('Selected hires must be from the same supplier. Please select hires from one supplier only.').
 */
export const AccountingPurchaseOrderCreateBulk = defineRequest(
  'accounting.purchase-orders.create-bulk.v1',
  z.object({ actor: actorSchema, hireIds: hireIdsField }),
  purchaseOrderResultSchema.extend({ lineItemCount: z.number().int(), hireCount: z.number().int() }),
  { caller: 'user', access: 'member', errors: PO_ERRORS },
);
