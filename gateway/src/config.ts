import path from 'node:path';
import { z } from 'zod';
import { baseEnvSchema, loadConfig } from '@planted/config';

const repoRoot = path.resolve(__dirname, '../..');

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Built web app served at `/`; missing folder means the API runs alone. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'web/dist')),
  UPLOAD_DIR: z.string().default(path.join(repoRoot, '.data/uploads')),
  REDIS_KEY_PREFIX: z.string().default('planted:'),
  JSON_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, env);
}
