/** The row an INSERT ... RETURNING must give back. */
export function returned<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}
