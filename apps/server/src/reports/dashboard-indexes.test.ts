import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { reportsRepository, type Span } from './reports.repository';

/**
 * The dashboard reads a span of bets, cash-outs and payouts by time. On a test database the tables are tiny and the
 * planner rightly scans them; with sequential scans priced out, a plan can only avoid one through an index whose
 * predicate the query implies, so each query must name the index migration 0035 made for it. Without that index the
 * planner falls back to a scan of the whole table (or of an unrelated index), and the plan names none of them.
 */
describe.each(testDatabases)('the dashboard reads its span by index on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    // Vendors' bets of many members over a year: the vendor's per-member index also holds placed_at, and on a table
    // of a handful of rows a full scan of it costs the planner no more than a range of the right index.
    await sut.container.db.execute(sql`insert into members (account, password_hash, invite_code)
      select 'ix' || g, 'x', 'IX' || g from generate_series(1, 500) g`);
    await sut.container.db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, status, placed_at)
      select 'demo', m.id, 'ix-' || m.id || '-' || g, 10000, 'open', now() - make_interval(days => g)
      from members m cross join generate_series(1, 40) g where m.account like 'ix%'`);
    await sut.container.db.execute(sql`analyze vendor_bets`);
  });
  afterAll(async () => {
    await sut?.close();
  });

  /** The plans of every statement the repository call runs, seq scans disabled. */
  async function plansOf(call: (db: Executor) => Promise<unknown>): Promise<string> {
    const plans: string[] = [];
    await sut.container.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explaining = {
        async execute(query: SQL) {
          const answer = await tx.execute(sql`explain ${query}`);
          plans.push(
            resultRows<{ 'QUERY PLAN': string }>(answer)
              .map((row) => row['QUERY PLAN'])
              .join('\n'),
          );
          return answer;
        },
      } as unknown as Executor;
      await call(explaining);
    });
    return plans.join('\n');
  }

  const today: Span = {
    start: new Date(Date.now() - 86_400_000),
    end: new Date(),
    timeZone: 'Asia/Shanghai',
  };

  it('reads settled bets and cash-outs per day and product by their settlement time', async () => {
    const plan = await plansOf((db) => reportsRepository.betsByDayAndProduct(db, today));
    expect(plan).toContain('sports_bets_settled_day_idx');
    expect(plan).toContain('casino_bets_settled_day_idx');
    expect(plan).toContain('vendor_bets_settled_day_idx');
    expect(plan).toContain('sports_cashouts_created_idx');
  });

  it("counts the span's active members from the bets' placement indexes", async () => {
    const plan = await plansOf((db) => reportsRepository.activeMembers(db, today));
    expect(plan).toContain('sports_bets_placed_idx');
    expect(plan).toContain('casino_bets_placed_idx');
    expect(plan).toContain('vendor_bets_placed_idx');
    expect(plan).toContain('deposit_orders_confirmed_idx');
  });

  it('reads the paid withdrawals of the span by the day they were paid', async () => {
    const plan = await plansOf((db) => reportsRepository.paidWithdrawalsByDay(db, today));
    expect(plan).toContain('withdrawals_paid_idx');
  });
});
