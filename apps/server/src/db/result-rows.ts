/** The rows of a raw `db.execute` result: both drivers (node-postgres and PGlite) answer `{ rows }`. */
export function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
