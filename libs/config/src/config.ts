import { z } from 'zod';

/** Variables every process shares, with defaults that work on a developer machine. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/planted'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Prefix for every NATS subject and JetStream stream, so two runs can share one NATS server. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only')
    .default(''),
  NATS_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** This process's NATS user and password, where nats-server requires them (compose, Kubernetes). */
  NATS_USER: z.string().optional(),
  NATS_PASSWORD: z.string().optional(),
  /**
   * Identity's public key(s) that session tokens are verified with: a JWKS document or PEM
   * public keys (SESSION_PUBLIC_KEYS), or a file holding either (SESSION_PUBLIC_KEYS_FILE).
   * Pinned in configuration, never learnt from the bus, where anyone could answer.
   */
  SESSION_PUBLIC_KEYS: z.string().optional(),
  SESSION_PUBLIC_KEYS_FILE: z.string().optional(),
  /**
   * The secret every service of a deployment signs its events with and checks the events
   * it reads against (at least 32 characters; several, comma-separated, while rotating),
   * or a file holding it (EVENT_SIGNING_SECRET_FILE). An event without its signature is
   * never applied: anyone who can reach NATS could have made it.
   */
  EVENT_SIGNING_SECRET: z.string().optional(),
  EVENT_SIGNING_SECRET_FILE: z.string().optional(),
  /**
   * How far back (seconds) ended sessions are read at start: at least identity's JWT_TTL
   * (12 h), so a gateway or service started after a logout or password change still
   * refuses the old token.
   */
  SESSION_REVOCATION_LOOKBACK_SECONDS: z.coerce.number().int().positive().default(86_400),
  /**
   * How many days the JetStream event streams keep an event (their max_age), and consumers
   * their record of the events they applied (processed_events, a day longer): without a
   * limit both grow with every event ever written. A consumer down for longer than this, or
   * made anew, sees only these last days. 0 keeps everything forever. At least one day, so
   * the session revocations of SESSION_REVOCATION_LOOKBACK_SECONDS are still there.
   */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /**
   * On how many NATS nodes each event stream is kept (its num_replicas; consumers follow it):
   * 1 on a single nats-server (npm start, compose), 3 on the 3-node cluster (deploy/), so a
   * stream, its events and its consumers survive one node down or its volume lost. Applied at
   * every start: an existing stream is scaled to it.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * OpenTelemetry: the OTLP/HTTP collector that traces are sent to (as JSON, to
   * <endpoint>/v1/traces). Unset, nothing is traced (@planted/observability).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The share of new traces kept, 0 to 1 (default 1): decided at the gateway, followed by the services. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** EVENT_RETENTION_DAYS in milliseconds: the event streams' max_age (0: kept forever). */
export function eventRetentionMs(config: Pick<BaseEnv, 'EVENT_RETENTION_DAYS'>): number {
  return config.EVENT_RETENTION_DAYS * DAY_MS;
}

/**
 * How long a consumer keeps its record of an applied event: a day longer than the stream
 * keeps the event, so none that can still be delivered again is forgotten. Undefined when
 * events are kept forever (their records then are too).
 */
export function processedEventsRetentionMs(
  config: Pick<BaseEnv, 'EVENT_RETENTION_DAYS'>,
): number | undefined {
  return config.EVENT_RETENTION_DAYS === 0 ? undefined : eventRetentionMs(config) + DAY_MS;
}

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment against a schema. Throws a ConfigError naming every bad
 * variable; `loadConfig` turns that into a clean exit for processes.
 */
export function parseConfig<S extends z.ZodObject<z.ZodRawShape>>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const cleaned: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) cleaned[k] = v === '' ? undefined : v;
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '(unknown)'),
        message: issue.message,
      })),
    );
  }
  return result.data;
}

/** Like parseConfig, but a bad value stops the process with a message naming the variable. */
export function loadConfig<S extends z.ZodObject<z.ZodRawShape>>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
