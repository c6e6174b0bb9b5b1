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

/**
 * Whether a failure means the database could not be had at all: no connection from the
 * pool in time (every connection busy), or the server gone. Such a request is answered
 * 503 at once rather than queued behind everyone else's.
 */
export function databaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { message?: string; code?: string; cause?: unknown };
    if (candidate.code === 'ECONNREFUSED' || candidate.code === '57P01' || candidate.code === '57P03')
      return true;
    if (/timeout exceeded when trying to connect|Connection terminated/.test(candidate.message ?? ''))
      return true;
    current = candidate.cause;
  }
  return false;
}
