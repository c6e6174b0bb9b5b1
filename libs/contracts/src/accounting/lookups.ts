import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';
import {
  costCodeLookupSchema,
  divisionLookupSchema,
  nominalCodeLookupSchema,
  taxCodeLookupSchema,
} from './fields';
import { codeLookupSchema, divisionLookupResultSchema, taxCodeLookupResultSchema } from './models';

const LOOKUP_ERRORS = [
  'NOT_FOUND',
  'ACCOUNTING_NOT_CONFIGURED',
  'ZAHARA_AUTH_FAILED',
  'ZAHARA_UNAVAILABLE',
] as const;

/** POST /api/zahara/lookup-nominal-code {code}: 404 'Nominal code not found'. */
export const AccountingLookupNominalCode = defineRequest(
  'accounting.lookup.nominal-code.v1',
  nominalCodeLookupSchema.extend({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: codeLookupSchema }),
  { caller: 'user', errors: LOOKUP_ERRORS },
);

/** POST /api/zahara/lookup-tax-code {code}: 404 'Tax code not found'. */
export const AccountingLookupTaxCode = defineRequest(
  'accounting.lookup.tax-code.v1',
  taxCodeLookupSchema.extend({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: taxCodeLookupResultSchema }),
  { caller: 'user', errors: LOOKUP_ERRORS },
);

/** POST /api/zahara/lookup-cost-code {code}: 404 'Cost code not found'. */
export const AccountingLookupCostCode = defineRequest(
  'accounting.lookup.cost-code.v1',
  costCodeLookupSchema.extend({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: codeLookupSchema }),
  { caller: 'user', errors: LOOKUP_ERRORS },
);

/** POST /api/zahara/lookup-division {name}: 404 'Division not found'. */
export const AccountingLookupDivision = defineRequest(
  'accounting.lookup.division.v1',
  divisionLookupSchema.extend({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: divisionLookupResultSchema }),
  { caller: 'user', errors: LOOKUP_ERRORS },
);
