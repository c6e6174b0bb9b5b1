import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { baseEnvSchema, loadConfig } from '@planted/config';

const repoRoot = path.resolve(__dirname, '../..');

const url = (fallback: string) =>
  z
    .string()
    .url()
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ''));

/** Compared exactly with the id_token's iss claim, so kept as given. */
const issuer = (fallback: string) => z.string().url().default(fallback);

/** A PEM given in one line with literal \n escapes (as env files and secret stores often hold it) is accepted too. */
const pem = z
  .string()
  .optional()
  .transform((v) => v?.replace(/\\n/g, '\n'));

/**
 * Sign-in providers (spec §4 Social sign-in). Each is enabled only when its client id is
 * set. The endpoint URLs default to the real provider; tests point them at
 * FakeOidcProvider (@planted/testing).
 */
const oauthProviderEnv = {
  /** How long a started sign-in may take at the provider before its state expires. */
  OAUTH_STATE_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  /** How long after a sign-in without a company its signup may be completed. */
  OAUTH_PENDING_SIGNUP_TTL_SECONDS: z.coerce.number().int().positive().default(1800),

  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: issuer('https://accounts.google.com'),
  GOOGLE_AUTHORIZATION_URL: url('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: url('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: url('https://www.googleapis.com/oauth2/v3/certs'),

  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  /** `{tenantid}` stands for the token's tid claim (multi-tenant 'common' endpoint). */
  MICROSOFT_ISSUER: z.string().default('https://login.microsoftonline.com/{tenantid}/v2.0'),
  MICROSOFT_AUTHORIZATION_URL: url('https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
  MICROSOFT_TOKEN_URL: url('https://login.microsoftonline.com/common/oauth2/v2.0/token'),
  MICROSOFT_JWKS_URL: url('https://login.microsoftonline.com/common/discovery/v2.0/keys'),

  /** The Services ID of Sign in with Apple. */
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  /** PKCS8 PEM of the Sign in with Apple key (ES256, P-256); signs the short-lived client secret. */
  APPLE_PRIVATE_KEY: pem,
  APPLE_ISSUER: issuer('https://appleid.apple.com'),
  APPLE_AUTHORIZATION_URL: url('https://appleid.apple.com/auth/authorize'),
  APPLE_TOKEN_URL: url('https://appleid.apple.com/auth/token'),
  APPLE_JWKS_URL: url('https://appleid.apple.com/auth/keys'),
};

export const gatewayEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Port of GET /metrics (Prometheus), apart from the public API so the Ingress never
     * exposes it; unset, the gateway serves no metrics. 0 picks a free port (tests).
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Built web app served at `/`; missing folder means the API runs alone. */
    WEB_DIST: z.string().default(path.join(repoRoot, 'web/dist')),
    UPLOAD_DIR: z.string().default(path.join(repoRoot, '.data/uploads')),
    /**
     * How long a replaced upload (an equipment image, a profile picture) is still served, so
     * pages and read models showing its URL have moved on before it is deleted; 0 deletes at once.
     */
    FILES_RETIRE_AFTER_SECONDS: z.coerce.number().min(0).default(600),
    REDIS_KEY_PREFIX: z.string().default('planted:'),
    JSON_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    /**
     * How much of a body over JSON_BODY_LIMIT_BYTES is still read (and thrown away) so the
     * client can read its 413; a larger one has its connection closed (http/body-limit.ts).
     */
    OVERSIZED_BODY_READ_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 1_048_576),
    LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
    LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
    /**
     * How many proxies in front of the gateway append to X-Forwarded-For: the client is the
     * entry that many places from the right, never the left-most one a client can write
     * itself. `true` means one (an ingress), `false` none.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v) => (v === 'true' ? '1' : v === 'false' ? '0' : v))
      .pipe(z.string().regex(/^\d$|^10$/, 'a number of proxy hops from 0 to 10, true or false'))
      .transform(Number),
    /** Where browsers reach the app (web and /api). OAuth callbacks are `${APP_URL}/api/auth/<provider>/callback`. */
    APP_URL: url('http://localhost:3000'),
    /**
     * PKCS8 PEM of the Ed25519 key the gateway signs its bus assertions with (the subjects
     * only it may call: sign-in, registration, invitation links), or a file holding it.
     * Services verify them with the public half (GATEWAY_PUBLIC_KEYS).
     */
    GATEWAY_PRIVATE_KEY: pem,
    GATEWAY_KEY_FILE: z.string().optional(),
    /**
     * The signing secret (whsec_…) of Stripe's webhook endpoint: POST /api/webhooks/stripe
     * checks each event's Stripe-Signature with it. Unset, the route answers 503.
     */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    ...oauthProviderEnv,
  })
  .superRefine((env, ctx) => {
    const requireWith = (when: keyof typeof env, names: (keyof typeof env)[]) => {
      if (!env[when]) return;
      for (const name of names) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `required when ${String(when)} is set` });
      }
    };
    requireWith('GOOGLE_CLIENT_ID', ['GOOGLE_CLIENT_SECRET']);
    requireWith('MICROSOFT_CLIENT_ID', ['MICROSOFT_CLIENT_SECRET']);
    requireWith('APPLE_CLIENT_ID', ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY']);
    if (env.APPLE_CLIENT_ID && env.APPLE_PRIVATE_KEY && !isP256PrivateKey(env.APPLE_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['APPLE_PRIVATE_KEY'],
        message: 'a PKCS8 PEM of a P-256 (ES256) private key',
      });
    }
  });

function isP256PrivateKey(value: string): boolean {
  try {
    const key = createPrivateKey(value);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, env);
}
