import { sql } from 'drizzle-orm';
import { resultRows } from '../db/result-rows';
import type { TestApp } from '../test/test-app';

/** Test helpers: a table's window set for the test, rounds driven by explicit dealer steps. */
export async function setWindow(sut: TestApp, table: string, windowMs: number): Promise<void> {
  await sut.container.db.execute(sql`update casino_tables set window_ms = ${windowMs} where code = ${table}`);
}

/** Steps the dealer on a table until its latest round is in `phase` (each wait as short as the dealer asks). */
export async function stepUntil(
  dealer: { step(code: string): Promise<number> },
  sut: TestApp,
  table: string,
  phase: 'betting' | 'settled' | 'refunded',
  after?: bigint,
): Promise<bigint> {
  let last: unknown;
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = resultRows<{ id: string; phase: string }>(
      await sut.container.db.execute(
        sql`select id::text as id, phase from casino_rounds where table_code = ${table} order by casino_rounds.id desc limit 1`,
      ),
    );
    last = row;
    if (row && row.phase === phase && (after === undefined || BigInt(row.id) > after)) return BigInt(row.id);
    const wait = await dealer.step(table);
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 100)));
  }
  throw new Error(`table ${table} never reached ${phase} (latest round ${JSON.stringify(last)})`);
}

export async function mainAndCasino(sut: TestApp, memberId: bigint): Promise<{ main: bigint; casino: bigint }> {
  const accounts = await sut.container.wallet.ledger.balances(memberId);
  const of = (kind: string) => accounts.find((account) => account.kind === kind)?.balance ?? 0n;
  return { main: of('main'), casino: of('casino') };
}
