import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The runnable simulator's settings (`node libs/zahara-local/dist/main.js`). */
export const simulatorEnvSchema = z.object({
  ZAHARA_SIM_PORT: z.coerce.number().int().min(0).max(65_535).default(3190),
  ZAHARA_SIM_HOST: z.string().default('127.0.0.1'),
  /** Comma-separated business-unit keys that exist from the start. */
  ZAHARA_SIM_KEYS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    ),
  /** Any key that looks like one (ZAHARA_SIM_KEY_PATTERN) gets a tenant on first use; on by default here. */
  ZAHARA_SIM_ACCEPT_ANY_KEY: flag.default(true),
  ZAHARA_SIM_KEY_PATTERN: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      try {
        return new RegExp(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a regular expression' });
        return z.NEVER;
      }
    }),
  ZAHARA_SIM_RATE_PER_MINUTE: z.coerce.number().int().positive().default(100),
});

export type SimulatorEnv = z.infer<typeof simulatorEnvSchema>;
