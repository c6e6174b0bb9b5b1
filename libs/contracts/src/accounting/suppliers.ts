import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';
import {
  ACCOUNTING_MESSAGES,
  supplierIdForExportField,
  supplierMatchFieldsSchema,
  zaharaSupplierTypeField,
} from './fields';
import { supplierMatchSchema, zaharaSupplierSchema } from './models';

const ZAHARA_ERRORS = ['ACCOUNTING_NOT_CONFIGURED', 'ZAHARA_AUTH_FAILED', 'ZAHARA_UNAVAILABLE'] as const;

/**
 * GET /api/zahara/suppliers?type=Hire: the business unit's active suppliers, by name.
 * Zahara keeps no supplier type, so `type` narrows nothing; it is accepted as the spec sends it.
 */
export const AccountingZaharaSuppliersList = defineRequest(
  'accounting.zahara-suppliers.list.v1',
  z.object({ actor: actorSchema, type: zaharaSupplierTypeField }),
  z.object({ success: z.literal(true), data: z.array(zaharaSupplierSchema) }),
  { caller: 'user', errors: ZAHARA_ERRORS },
);

/** GET /api/zahara/supplier-matches: the company's matches. */
export const AccountingSupplierMatchesList = defineRequest(
  'accounting.supplier-matches.list.v1',
  z.object({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: z.array(supplierMatchSchema) }),
  { caller: 'user' },
);

/**
 * POST /api/zahara/supplier-matches: matches (or matches again) one of the directory's
 * suppliers with a Zahara one. Either missing: 'Please select both suppliers to match';
 * either unknown: 'Selected suppliers not found' (404).
 */
export const AccountingSupplierMatchCreate = defineRequest(
  'accounting.supplier-matches.create.v1',
  supplierMatchFieldsSchema.extend({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: supplierMatchSchema, message: z.string() }),
  { caller: 'user', errors: ['NOT_FOUND', ...ZAHARA_ERRORS] },
);

/**
 * DELETE /api/zahara/supplier-matches/{supplier_id}: the company's match of that supplier is
 * removed (its purchase orders then wait for a new match); none: 'This supplier is not matched'
 * (404). The purchase orders already created stay as they are.
 */
export const AccountingSupplierMatchDelete = defineRequest(
  'accounting.supplier-matches.delete.v1',
  z.object({
    actor: actorSchema,
    // Not an id: no match of it either.
    supplier_id: z
      .string({ error: ACCOUNTING_MESSAGES.SUPPLIER_MATCH_NOT_FOUND })
      .uuid({ error: ACCOUNTING_MESSAGES.SUPPLIER_MATCH_NOT_FOUND }),
  }),
  z.object({ success: z.literal(true), message: z.string() }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

/**
 * POST /api/zahara/export-supplier {supplier_id}: creates the supplier in Zahara (or finds
 * the one exported before), records the match, and emits accounting.supplier.exported.v1.
 */
export const AccountingSupplierExport = defineRequest(
  'accounting.suppliers.export.v1',
  z.object({ actor: actorSchema, supplier_id: supplierIdForExportField }),
  z.object({
    success: z.literal(true),
    supplier_name: z.string(),
    zahara_supplier_id: z.number().int(),
    message: z.string(),
  }),
  { caller: 'user', errors: ['NOT_FOUND', 'ZAHARA_REJECTED', ...ZAHARA_ERRORS] },
);
