import { DrizzleQueryError } from 'drizzle-orm';

interface PgError {
  code?: string;
  constraint?: string;
}

/** The PostgreSQL error behind a failure: Drizzle wraps driver errors in a DrizzleQueryError whose cause is the real one. */
export function pgErrorOf(err: unknown): PgError | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The name of the unique constraint or index a failed insert/update collided with, if that was the failure. */
export function uniqueViolation(err: unknown): string | undefined {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' ? (pg.constraint ?? '') : undefined;
}

/**
 * Drizzle's query errors carry the SQL parameters in their message (password hashes,
 * emails). What gets logged is the driver error instead, which does not.
 */
export function withoutQueryParameters(err: unknown): unknown {
  if (err instanceof DrizzleQueryError && err.cause instanceof Error) return err.cause;
  return err;
}
