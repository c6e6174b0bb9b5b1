import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@planted/config';

/** OWASP's minimum for argon2id (m=19 MiB, t=2, p=1); configuration may only go above it. */
export const ARGON2_MINIMUM = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const DURATION = /^(\d+)\s*(s|m|h|d)?$/;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** '12h', '30m', '7d', '90s' or a bare number of seconds. */
export function parseDurationSeconds(value: string): number | undefined {
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] ?? 's'];
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : undefined;
}

const durationSeconds = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const seconds = parseDurationSeconds(value);
      if (seconds === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: "a duration such as '12h', '30m', '7d' or a number of seconds",
        });
        return z.NEVER;
      }
      return seconds;
    });

/** The service kit's variables (IDENTITY_HTTP_PORT, DB_APP_ROLE, ...) and identity's own. */
export const identityEnvSchema = serviceEnvSchema('identity', { httpPort: 3101 })
  .extend({
    /** PKCS8 PEM of an Ed25519 (or P-256) private key that signs session tokens. */
    JWT_PRIVATE_KEY: z.string().optional(),
    /** File holding the signing key in PKCS8 PEM; created with a fresh key (mode 0600) when missing. */
    JWT_KEY_FILE: z.string().optional(),
    JWT_TTL: durationSeconds('12h'),
    ARGON2_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(ARGON2_MINIMUM.memoryCost)
      .default(ARGON2_MINIMUM.memoryCost),
    ARGON2_TIME_COST: z.coerce.number().int().min(ARGON2_MINIMUM.timeCost).default(ARGON2_MINIMUM.timeCost),
    ARGON2_PARALLELISM: z.coerce
      .number()
      .int()
      .min(ARGON2_MINIMUM.parallelism)
      .max(255)
      .default(ARGON2_MINIMUM.parallelism),
    INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(168),
    /** e.g. smtp://127.0.0.1:1025; unset means invitation links are written to the log instead. */
    SMTP_URL: z.string().url().optional(),
    SMTP_FROM: z.string().default('Planted <no-reply@planted.local>'),
    /** Where the browser app lives; invitation links point at `${APP_URL}/accept-invite`. */
    APP_URL: z
      .string()
      .url()
      .default('http://localhost:3000')
      .transform((v) => v.replace(/\/+$/, '')),
  })
  .superRefine((env, ctx) => {
    if (!env.JWT_PRIVATE_KEY && !env.JWT_KEY_FILE && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_KEY_FILE'],
        message:
          'no token signing key: set JWT_PRIVATE_KEY (PKCS8 PEM) or JWT_KEY_FILE (a path; a key is created there when missing). ' +
          'An in-memory key is only used when NODE_ENV=test.',
      });
    }
  });

export type IdentityConfig = z.infer<typeof identityEnvSchema>;

/** For tests and tools: throws a ConfigError naming every bad variable. */
export function parseIdentityConfig(env: Record<string, string | undefined>): IdentityConfig {
  return parseConfig(identityEnvSchema, env);
}
