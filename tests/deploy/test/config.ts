import type { z } from 'zod';
import { accountingEnvSchema } from '@planted/accounting/src/config';
import { billingEnvSchema } from '@planted/billing/src/config';
import { catalogueEnvSchema } from '@planted/catalogue/src/config';
import { ConfigError, parseConfig } from '@planted/config';
import { gatewayEnvSchema } from '@planted/gateway/src/config';
import { hiresEnvSchema } from '@planted/hires/src/config';
import { identityEnvSchema } from '@planted/identity/src/config';
import type { DEPLOYABLES } from './kube';

/** Each deployable's environment schema: what its process checks at start. */
export const CONFIG_SCHEMAS: Record<(typeof DEPLOYABLES)[number], z.ZodObject<z.ZodRawShape>> = {
  identity: identityEnvSchema as unknown as z.ZodObject<z.ZodRawShape>,
  catalogue: catalogueEnvSchema,
  hires: hiresEnvSchema,
  billing: billingEnvSchema,
  accounting: accountingEnvSchema,
  gateway: gatewayEnvSchema as unknown as z.ZodObject<z.ZodRawShape>,
};

/** What the deployable would refuse to start with, as `VARIABLE: problem` lines (none when it starts). */
export function configIssues(name: (typeof DEPLOYABLES)[number], env: Record<string, string>): string[] {
  try {
    parseConfig(CONFIG_SCHEMAS[name], env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.issues.map((i) => `${i.variable}: ${i.message}`);
    throw err;
  }
}
