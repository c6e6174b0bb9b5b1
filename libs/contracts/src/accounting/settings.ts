import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';
import { settingsFieldsSchema, testConnectionSchema } from './fields';
import { integrationStatusSchema, settingsSchema } from './models';

/** GET /api/zahara/settings (admins): the key masked, never in full. */
export const AccountingSettingsGet = defineRequest(
  'accounting.settings.get.v1',
  z.object({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: settingsSchema }),
  { caller: 'user', errors: ['FORBIDDEN'] },
);

/**
 * GET /api/zahara/status (every signed-in member): whether the company's integration is
 * configured, so the screens show its features to users who may not read the settings.
 */
export const AccountingStatusGet = defineRequest(
  'accounting.status.get.v1',
  z.object({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: integrationStatusSchema }),
  { caller: 'user' },
);

/** PUT /api/zahara/settings (admins): every settings field; is_active only while a key is saved. */
export const AccountingSettingsPut = defineRequest(
  'accounting.settings.put.v1',
  settingsFieldsSchema.extend({ actor: actorSchema }),
  z.object({ success: z.literal(true), data: settingsSchema, message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN'] },
);

/**
 * POST /api/zahara/test-connection (admins; the spec does not show the path): tries the
 * key sent, else the saved one. A refused or unreachable key answers
 * 'Connection failed, please check your settings'.
 */
export const AccountingTestConnection = defineRequest(
  'accounting.connection.test.v1',
  testConnectionSchema.extend({ actor: actorSchema }),
  z.object({ success: z.literal(true), message: z.string() }),
  {
    caller: 'user',
    errors: ['FORBIDDEN', 'ACCOUNTING_NOT_CONFIGURED', 'ZAHARA_AUTH_FAILED', 'ZAHARA_UNAVAILABLE'],
  },
);
