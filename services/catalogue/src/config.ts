import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@planted/config';

/** The service kit's variables (CATALOGUE_HTTP_PORT, DB_APP_ROLE, ...) and the catalogue's own. */
export const catalogueEnvSchema = serviceEnvSchema('catalogue', { httpPort: 3102 }).extend({
  /**
   * An OpenAI-compatible API (e.g. https://api.openai.com/v1): equipment descriptions come
   * from `${AI_BASE_URL}/chat/completions`. Unset (or AI_API_KEY unset): the composed fallback.
   */
  AI_BASE_URL: z
    .string()
    .url()
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  /** How long a description may take before the fallback is answered instead. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(8000),
});

export type CatalogueConfig = z.infer<typeof catalogueEnvSchema>;

/** For tests and tools: throws a ConfigError naming every bad variable. */
export function parseCatalogueConfig(env: Record<string, string | undefined>): CatalogueConfig {
  return parseConfig(catalogueEnvSchema, env);
}
