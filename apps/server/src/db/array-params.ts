import { sql } from 'drizzle-orm';

/**
 * Arrays bound as one parameter each (`= any($1::bigint[])`, `unnest($1::text[], ...)`): a batch of any size is one
 * statement with a fixed text, so both drivers prepare it once. Bigints go as decimal strings (no driver loses
 * digits that way).
 */
export const bigintArray = (values: readonly bigint[]) => sql.param(values.map((value) => value.toString()));
export const textArray = (values: readonly string[]) => sql.param([...values]);
export const intArray = (values: readonly number[]) => sql.param([...values]);

/** How many rows an UPDATE or DELETE touched, whichever driver ran it. */
export function rowCount(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
}
