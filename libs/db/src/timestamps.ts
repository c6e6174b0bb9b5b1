/**
 * A `timestamp with time zone` column read in drizzle's 'string' mode comes as PostgreSQL's
 * text ('2026-11-26 19:00:43.725882+00'); answers give every time as ISO 8601 UTC
 * ('2026-11-26T19:00:43.725Z'), as the 'date' mode columns are.
 */
export function isoTimestamp(value: string): string;
export function isoTimestamp(value: string | null): string | null;
export function isoTimestamp(value: string | null): string | null {
  if (value === null) return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new Error(`Not a timestamp: ${value}`);
  return time.toISOString();
}
