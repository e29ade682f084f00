import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/result-rows';
import { AppError } from '../../shared/app-error';
import { insertEvent } from '../../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app';
import { fixtureMembers, mainOf, placeFixtureBets } from '../settlement/bet-fixtures';

const YUAN = 10_000n;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CREDIT = 1_000n * YUAN;
const STAKE = 100n * YUAN;
/** 100.00 on home at 2.10 wins 210.00; 60.00 left after a partial cash out of 40.00 wins 126.00. */
const WIN = 210n * YUAN;
const REST_WINS = 126n * YUAN;

/**
 * Cash outs racing the result: on PostgreSQL they really interleave (on PGlite's one connection they run one after
 * the other, which still checks the money). Each bet is cashed from three "devices" at once while the result is
 * posted and settled; whatever order the database picks, each bet is paid exactly once for each part of its stake.
 */
describe.each(testDatabases)('cash out racing the result on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const db = () => sut.container.db;
  const ledger = () => sut.container.wallet.ledger;
  const cashout = () => sut.container.sports.cashout;

  async function transfers(betId: bigint) {
    return resultRows<{ code: string; amount: string }>(
      await db().execute(sql`
        select code, amount::text as amount from ledger_transfers where reference = ${`bet:${betId}`} order by id`),
    );
  }

  async function cashouts(betId: bigint) {
    return resultRows<{ stake: string; amount: string }>(
      await db().execute(
        sql`select stake::text as stake, amount::text as amount from sports_cashouts where bet_id = ${betId}`,
      ),
    );
  }

  it.each([0, 30, 60])(
    'pays each part of a stake once when the result comes %i ms into the cash outs',
    async (delay) => {
      const event = await insertEvent(db());
      const home = event.markets[0]?.selections.home as bigint;
      const members = await fixtureMembers(db(), ledger(), 24, CREDIT);
      const bets = await placeFixtureBets(
        db(),
        ledger(),
        members.map((memberId) => ({ memberId, type: 'single' as const, stake: STAKE, legs: [{ selectionId: home }] })),
      );
      const quotes = await Promise.all(bets.map((betId, index) => cashout().quote(members[index] as bigint, betId)));

      const refusals: string[] = [];
      // The members tap one after another over about 100 ms, so the result lands among them.
      const attempts = bets.flatMap((betId, index) =>
        Array.from({ length: 3 }, () =>
          pause(index * 4)
            .then(() =>
              cashout().accept(members[index] as bigint, randomUUID(), {
                id: String(betId),
                quoteId: quotes[index]?.quoteId as string,
                // Every other member cashes 40.00 of the 100.00, the others all of it.
                ...(index % 2 === 0 ? {} : { amount: 40n * YUAN }),
              }),
            )
            .catch((error: unknown) => {
              if (!(error instanceof AppError)) throw error;
              refusals.push(error.code);
            }),
        ),
      );
      const result = pause(delay).then(() =>
        sut.container.sports.settlement.recordResult(
          { feed: 'test' },
          event.id,
          { sport: 'football', ft: { home: 1, away: 0 } },
          { settle: 'now' },
        ),
      );
      await Promise.all([...attempts, result]);
      await sut.container.sports.settlement.settlePending();

      // A refusal is the bet already decided (the result came first) or a second device's quote made stale.
      expect(refusals.filter((code) => code !== 'CASHOUT_UNAVAILABLE' && code !== 'CASHOUT_CHANGED')).toEqual([]);
      for (const [index, betId] of bets.entries()) {
        const memberId = members[index] as bigint;
        const made = await cashouts(betId);
        const moved = await transfers(betId);
        const paid = (code: string) => moved.filter((transfer) => transfer.code === code).map((t) => BigInt(t.amount));
        expect(made.length).toBeLessThanOrEqual(1);
        const cash = made[0] ? BigInt(made[0].amount) : 0n;
        expect(paid('bet_cashout')).toEqual(made.map((row) => BigInt(row.amount)));
        if (index % 2 === 0 && made.length === 1) {
          // Cashed in full: the result pays nothing more.
          expect(paid('bet_payout')).toEqual([]);
          expect(await mainOf(ledger(), memberId)).toBe(CREDIT - STAKE + cash);
        } else if (made.length === 1) {
          // 40.00 cashed, the 60.00 left settled as a win.
          expect(made[0]?.stake).toBe(String(40n * YUAN));
          expect(paid('bet_payout')).toEqual([REST_WINS]);
          expect(await mainOf(ledger(), memberId)).toBe(CREDIT - STAKE + cash + REST_WINS);
        } else {
          expect(paid('bet_payout')).toEqual([WIN]);
          expect(await mainOf(ledger(), memberId)).toBe(CREDIT - STAKE + WIN);
        }
        // Whatever happened, every unit of stake left the open-bets account exactly once.
        const openBets = (await ledger().balances(memberId)).find((account) => account.kind === 'bets');
        expect(openBets?.balance ?? 0n).toBe(0n);
        expect(paid('bet_settle').reduce((sum, amount) => sum + amount, 0n)).toBe(STAKE);
      }
      expect(await ledger().check()).toMatchObject({
        unbalancedTransfers: 0,
        mismatchedAccounts: 0,
        negativeMemberAccounts: 0,
        sumOfAllBalances: 0n,
      });
    },
  );
});
