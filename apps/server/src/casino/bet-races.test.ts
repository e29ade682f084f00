import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { AppError } from '../shared/app-error';
import { fixtureMembers } from '../sports/settlement/bet-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainAndCasino, setWindow, stepUntil } from './casino-fixtures';
import type { Dealer } from './dealer';

const YUAN = 10_000n;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ACTIONS = 200;
const STAKE = 10n * YUAN;
/** Enough for 10 actions of 10.00 (the first, early in the window, among them): the balance refuses some too. */
const CREDIT = 100n * YUAN;

/**
 * One member's 200 bet actions into one round, fired around the close of its window while the dealer closes and
 * settles it. On PostgreSQL they really interleave with the close (on PGlite they run one after another).
 */
describe.each(testDatabases)('casino bets at the window’s edge on %s', (kind) => {
  let sut: TestApp;
  let dealer: Dealer;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    dealer = sut.container.casino.dealer({ resultMs: 60_000 });
    await setWindow(sut, 'BAC1', 2_000);
  });
  afterAll(async () => {
    await dealer?.stop();
    await sut?.close();
  });

  it('takes none after the close and none beyond the balance, and the round pays every one it took', async () => {
    const db = sut.container.db;
    const [memberId] = (await fixtureMembers(db, sut.container.wallet.ledger, 1, CREDIT)) as [bigint];
    const roundId = await stepUntil(dealer, sut, 'BAC1', 'betting');
    // One action early in the window, as a member's first chip: the member's casino account exists from then on.
    await sut.container.casino.placement.place(memberId, randomUUID(), {
      table: 'BAC1',
      roundId: String(roundId),
      bets: [{ spot: 'tie', amount: STAKE }],
    });
    const [{ closes_in_ms }] = resultRows<{ closes_in_ms: string }>(
      await db.execute(sql`select floor(extract(epoch from closes_at - clock_timestamp()) * 1000)::text as closes_in_ms
        from casino_rounds where id = ${roundId}`),
    ) as [{ closes_in_ms: string }];
    // The actions start 1 s before the close and keep coming for 2 s (on a busy machine one member's actions, which
    // run one at a time under the member's lock, take tens of ms each); the dealer closes on time meanwhile.
    await pause(Math.max(0, Number(closes_in_ms) - 1_000));
    const dealing = stepUntil(dealer, sut, 'BAC1', 'settled');
    const outcomes = await Promise.all(
      Array.from({ length: ACTIONS }, async (_, index) => {
        await pause(index * 10);
        try {
          await sut.container.casino.placement.place(memberId, randomUUID(), {
            table: 'BAC1',
            roundId: String(roundId),
            bets: [{ spot: index % 2 ? 'banker' : 'player', amount: STAKE }],
          });
          return 'accepted';
        } catch (error) {
          return error instanceof AppError ? error.code : String(error);
        }
      }),
    );
    expect(await dealing).toBe(roundId);

    const counts = new Map<string, number>();
    for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    expect([...counts.keys()].every((code) => ['accepted', 'ROUND_CLOSED', 'INSUFFICIENT_FUNDS'].includes(code))).toBe(
      true,
    );
    const accepted = counts.get('accepted') ?? 0;
    // Both sides of the close were really tried.
    expect(accepted, JSON.stringify([...counts])).toBeGreaterThan(0);
    expect(counts.get('ROUND_CLOSED') ?? 0, JSON.stringify([...counts])).toBeGreaterThan(0);
    expect(BigInt(accepted + 1) * STAKE).toBeLessThanOrEqual(CREDIT);

    const [round] = resultRows<{ late: number; open: number; rows: number; stake: string; payout: string }>(
      await db.execute(sql`select count(*) filter (where b.placed_at >= r.closes_at or b.placed_at > r.dealt_at)::int as late,
          count(*) filter (where b.status <> 'settled')::int as open, count(*)::int as rows,
          coalesce(sum(b.stake), 0)::text as stake, coalesce(sum(b.payout), 0)::text as payout
        from casino_rounds r join casino_bets b on b.round_id = r.id where r.id = ${roundId}`),
    );
    expect(round).toMatchObject({ late: 0, open: 0, rows: accepted + 1 });
    // Every action taken was in the round the dealer paid: main is the credit less the stakes plus the returns.
    const balances = await mainAndCasino(sut, memberId);
    expect(balances).toEqual({ main: CREDIT - BigInt(round?.stake ?? '0') + BigInt(round?.payout ?? '0'), casino: 0n });
    const check = await sut.container.wallet.ledger.check();
    expect(check).toMatchObject({ unbalancedTransfers: 0, mismatchedAccounts: 0, negativeMemberAccounts: 0 });
  });

  it('takes exactly as many parallel actions as the balance pays for, and refuses the rest', async () => {
    const db = sut.container.db;
    await setWindow(sut, 'DT1', 120_000);
    const [memberId] = (await fixtureMembers(db, sut.container.wallet.ledger, 1, 50n * STAKE)) as [bigint];
    const roundId = await stepUntil(dealer, sut, 'DT1', 'betting');
    const outcomes = await Promise.all(
      Array.from({ length: ACTIONS }, (_, index) =>
        sut.container.casino.placement
          .place(memberId, randomUUID(), {
            table: 'DT1',
            roundId: String(roundId),
            bets: [{ spot: index % 2 ? 'dragon' : 'tiger', amount: STAKE }],
          })
          .then(
            () => 'accepted',
            (error: unknown) => (error instanceof AppError ? error.code : String(error)),
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome === 'INSUFFICIENT_FUNDS')).toHaveLength(ACTIONS - 50);
    expect(await mainAndCasino(sut, memberId)).toEqual({ main: 0n, casino: 50n * STAKE });
  });
});
