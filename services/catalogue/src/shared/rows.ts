/** The row an INSERT ... RETURNING must give back. */
export function returned<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}

/** A timestamptz as PostgreSQL writes it in UTC (DateStyle ISO): `2026-11-23 17:01:02.123456+00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp of a row as the API writes it (`toISOString()`: UTC, milliseconds, `Z`). The
 * raw statements answer timestamptz columns as PostgreSQL's text; in UTC (the server's zone
 * here) that is rearranged as text, which costs a fraction of parsing it into a Date and
 * printing it again; any other form (another zone, a Date) goes through Date.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value === 'string') {
    const utc = UTC_TIMESTAMP.exec(value);
    if (utc) {
      const fraction = utc[3] === undefined ? '000' : (utc[3] + '00').slice(0, 3);
      return `${utc[1]}T${utc[2]}.${fraction}Z`;
    }
  }
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
