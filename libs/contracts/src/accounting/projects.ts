import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';
import { syncTypeField } from './fields';
import { syncStatsSchema, syncStatusSchema } from './models';

/** GET /api/zahara/projects/sync-status */
export const AccountingProjectsSyncStatus = defineRequest(
  'accounting.projects.sync-status.v1',
  z.object({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: syncStatusSchema }),
  { caller: 'user', errors: ['FORBIDDEN'] },
);

/**
 * POST /api/zahara/projects/sync {syncType: 'incremental'}: projects changed in Zahara since
 * the last sync become or update sites; sites changed since then are pushed as projects.
 */
export const AccountingProjectsSync = defineRequest(
  'accounting.projects.sync.v1',
  z.object({ actor: actorSchema, syncType: syncTypeField }),
  z.object({ success: z.literal(true), stats: syncStatsSchema, message: z.string() }),
  {
    caller: 'user',
    access: 'member',
    errors: [
      'FORBIDDEN',
      'CONFLICT',
      'ACCOUNTING_NOT_CONFIGURED',
      'ZAHARA_AUTH_FAILED',
      'ZAHARA_REJECTED',
      'ZAHARA_UNAVAILABLE',
      'RATE_LIMITED',
    ],
  },
);
