import { z } from 'zod';
import { baseEnvSchema } from './config';

/** `accounting-connector` → `ACCOUNTING_CONNECTOR`. */
type EnvName<S extends string> = S extends `${infer A}-${infer B}`
  ? `${Uppercase<A>}_${EnvName<B>}`
  : Uppercase<S>;

/** The variable holding a service's HTTP port: each service has its own, so one env can start them all. */
export type HttpPortVariable<N extends string> = `${EnvName<N>}_HTTP_PORT`;

export function httpPortVariable<N extends string>(service: N): HttpPortVariable<N> {
  return `${service.toUpperCase().replace(/-/g, '_')}_HTTP_PORT` as HttpPortVariable<N>;
}

const port = z.coerce.number().int().min(0).max(65_535);

export interface ServiceEnvDefaults {
  /** Default of `<SERVICE>_HTTP_PORT`, the port of /healthz, /readyz and /metrics. */
  httpPort: number;
}

/**
 * What every service reads from the environment: the base (NODE_ENV, LOG_LEVEL,
 * DATABASE_URL, NATS_URL, NATS_SUBJECT_PREFIX, ...), its HTTP port as
 * `<SERVICE>_HTTP_PORT`, and its database role and pool. A service `.extend()`s it with
 * its own variables.
 */
export function serviceEnvSchema<const N extends string>(service: N, defaults: ServiceEnvDefaults) {
  const shape = {
    /** Port of /healthz, /readyz and /metrics; 0 picks a free one (tests). */
    [httpPortVariable(service)]: port.default(defaults.httpPort),
  } as { [K in HttpPortVariable<N>]: z.ZodDefault<typeof port> };
  return baseEnvSchema.extend(shape).extend({
    /** The address that port listens on: every interface (a pod's probes come from the kubelet); `npm start` says 127.0.0.1. */
    HEALTH_HOST: z.string().min(1).default('0.0.0.0'),
    /** Role every transaction runs as, so row-level security applies. */
    DB_APP_ROLE: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _ only')
      .default(`planted_${service.replace(/-/g, '_')}`),
    DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
    /**
     * How long (hours) a creating request's Idempotency-Key is remembered: a retry with the
     * key within it answers the first result. Older keys are deleted (every 10 minutes).
     */
    IDEMPOTENCY_KEY_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
    /** The gateway's public key(s) its assertions are verified with: JWKS or PEM, or a file of either. */
    GATEWAY_PUBLIC_KEYS: z.string().optional(),
    GATEWAY_PUBLIC_KEYS_FILE: z.string().optional(),
  });
}

/** The variables every service's configuration has, whatever it adds. */
export type ServiceEnv = z.infer<ReturnType<typeof serviceEnvSchema<string>>>;
