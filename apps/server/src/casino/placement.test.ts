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

describe.each(testDatabases)('casino bet actions on %s', (kind) => {
  let sut: TestApp;
  let dealer: Dealer;
  let round: bigint;
  let roulette: bigint;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    dealer = sut.container.casino.dealer({ resultMs: 0, chainLength: 20 });
    // Long windows: every bet here lands inside its round's window.
    await setWindow(sut, 'BAC1', 120_000);
    await setWindow(sut, 'RL1', 120_000);
    round = await stepUntil(dealer, sut, 'BAC1', 'betting');
    roulette = await stepUntil(dealer, sut, 'RL1', 'betting');
  });
  afterAll(async () => {
    await dealer?.stop();
    await sut?.close();
  });

  const place = (memberId: bigint, bets: Array<{ spot: string; amount: bigint }>, key = randomUUID(), table = 'BAC1') =>
    sut.container.casino.placement.place(memberId, key, {
      table,
      roundId: String(table === 'BAC1' ? round : roulette),
      bets,
    });
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => 'accepted',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );
  const funded = async (credit = 1_000n * YUAN) =>
    (await fixtureMembers(sut.container.db, sut.container.wallet.ledger, 1, credit))[0] as bigint;

  it('When a member bets, then the stake moves from main to the open casino account and the answer has the balance', async () => {
    const memberId = await funded();
    const placed = await place(memberId, [
      { spot: 'banker', amount: 100n * YUAN },
      { spot: 'tie', amount: 10n * YUAN },
    ]);
    expect(placed).toMatchObject({ table: 'BAC1', roundId: String(round), stake: '110.0000', balance: '890.0000' });
    expect(placed.bets).toEqual([
      { spot: 'banker', amount: '100.0000' },
      { spot: 'tie', amount: '10.0000' },
    ]);
    expect(await mainAndCasino(sut, memberId)).toEqual({ main: 890n * YUAN, casino: 110n * YUAN });
    const transfers = resultRows<{ code: string; amount: string }>(
      await sut.container.db.execute(
        sql`select code, amount::text as amount from ledger_transfers where reference = ${`casino:${placed.id}`}`,
      ),
    );
    expect(transfers).toEqual([{ code: 'casino_stake', amount: '1100000' }]);
  });

  it('When the same key comes again, then it answers the first action; with another body, IDEMPOTENCY_CONFLICT', async () => {
    const memberId = await funded();
    const key = randomUUID();
    const first = await place(memberId, [{ spot: 'player', amount: 50n * YUAN }], key);
    // Another action in between: the replay still answers the balance right after the first.
    await place(memberId, [{ spot: 'banker', amount: 10n * YUAN }]);
    const again = await place(memberId, [{ spot: 'player', amount: 50n * YUAN }], key);
    expect(again).toEqual(first);
    expect(first.balance).toBe('950.0000');
    expect(await refusal(place(memberId, [{ spot: 'player', amount: 60n * YUAN }], key))).toBe('IDEMPOTENCY_CONFLICT');
    expect((await mainAndCasino(sut, memberId)).main).toBe(940n * YUAN);
  });

  it('When a spot is not the game’s or written wrongly, then the package’s code is the answer', async () => {
    const memberId = await funded();
    expect(await refusal(place(memberId, [{ spot: 'dragon', amount: 10n * YUAN }]))).toBe('UNKNOWN_SPOT');
    const wheel = (spot: string) => refusal(place(memberId, [{ spot, amount: 10n * YUAN }], randomUUID(), 'RL1'));
    expect(await wheel('straight:37')).toBe('SPOT_OUT_OF_RANGE');
    expect(await wheel('split:1-5')).toBe('SPOT_NOT_ADJACENT');
    expect(await wheel('split:20-17')).toBe('SPOT_NOT_CANONICAL');
    expect(await wheel('split:17-20')).toBe('accepted');
    expect(
      await refusal(
        place(memberId, [
          { spot: 'banker', amount: 10n * YUAN },
          { spot: 'banker', amount: 10n * YUAN },
        ]),
      ),
    ).toBe('SPOT_DUPLICATE');
  });

  it('When a spot’s total in the round leaves its limits, then STAKE_TOO_SMALL or STAKE_TOO_LARGE, earlier actions counted', async () => {
    const memberId = await funded(200_000n * YUAN);
    expect(await refusal(place(memberId, [{ spot: 'banker', amount: 9n * YUAN }]))).toBe('STAKE_TOO_SMALL');
    expect(await refusal(place(memberId, [{ spot: 'banker', amount: 50_000n * YUAN + 1n }]))).toBe('STAKE_TOO_LARGE');
    // The tie's own limit is lower (5,000), and counts what the member already has on it this round.
    expect(await refusal(place(memberId, [{ spot: 'tie', amount: 4_000n * YUAN }]))).toBe('accepted');
    expect(await refusal(place(memberId, [{ spot: 'tie', amount: 1_000n * YUAN }]))).toBe('accepted');
    expect(await refusal(place(memberId, [{ spot: 'tie', amount: 10n * YUAN }]))).toBe('STAKE_TOO_LARGE');
    // A whole action is refused when one of its spots is: nothing of it is taken.
    const before = await mainAndCasino(sut, memberId);
    expect(
      await refusal(
        place(memberId, [
          { spot: 'player', amount: 10n * YUAN },
          { spot: 'tie', amount: 10n * YUAN },
        ]),
      ),
    ).toBe('STAKE_TOO_LARGE');
    expect(await mainAndCasino(sut, memberId)).toEqual(before);
  });

  it('When the money is short, then INSUFFICIENT_FUNDS and the balance stays', async () => {
    const memberId = await funded(50n * YUAN);
    expect(await refusal(place(memberId, [{ spot: 'banker', amount: 60n * YUAN }]))).toBe('INSUFFICIENT_FUNDS');
    expect(await mainAndCasino(sut, memberId)).toEqual({ main: 50n * YUAN, casino: 0n });
    expect(await refusal(place(memberId, [{ spot: 'banker', amount: 50n * YUAN }]))).toBe('accepted');
  });

  it('When the table, the round or its window is wrong, then TABLE_UNKNOWN, ROUND_UNKNOWN, ROUND_CLOSED, TABLE_CLOSED', async () => {
    const memberId = await funded();
    const placement = sut.container.casino.placement;
    const bet = [{ spot: 'banker', amount: 10n * YUAN }];
    expect(
      await refusal(placement.place(memberId, randomUUID(), { table: 'XX9', roundId: String(round), bets: bet })),
    ).toBe('TABLE_UNKNOWN');
    expect(
      await refusal(placement.place(memberId, randomUUID(), { table: 'BAC1', roundId: '999999999', bets: bet })),
    ).toBe('ROUND_UNKNOWN');
    // Another table's round is not this table's.
    expect(
      await refusal(placement.place(memberId, randomUUID(), { table: 'BAC1', roundId: String(roulette), bets: bet })),
    ).toBe('ROUND_UNKNOWN');
    // The window is over by the database's clock: refused even before the dealer closed it.
    await sut.container.db.execute(
      sql`update casino_rounds set closes_at = now() - interval '1 second' where id = ${roulette}`,
    );
    expect(
      await refusal(
        placement.place(memberId, randomUUID(), {
          table: 'RL1',
          roundId: String(roulette),
          bets: [{ spot: 'red', amount: 10n * YUAN }],
        }),
      ),
    ).toBe('ROUND_CLOSED');
    // The dealer closes and settles it; a retry of an action it took still finds its first answer.
    const settled = await stepUntil(dealer, sut, 'RL1', 'settled');
    expect(settled).toBe(roulette);
    expect(
      await refusal(
        placement.place(memberId, randomUUID(), {
          table: 'RL1',
          roundId: String(roulette),
          bets: [{ spot: 'red', amount: 10n * YUAN }],
        }),
      ),
    ).toBe('ROUND_CLOSED');
    const operator = { id: 1n, account: 'admin', role: 'admin' as const, ip: '127.0.0.1' };
    await sut.seedAccounts();
    await sut.container.casino.admin.close(operator, 'BAC1');
    const key = randomUUID();
    try {
      expect(await refusal(place(memberId, bet, key))).toBe('TABLE_CLOSED');
    } finally {
      await sut.container.casino.admin.open(operator, 'BAC1');
    }
    expect(await refusal(place(memberId, bet, key))).toBe('accepted');
  });

  it('keeps the ledger balanced', async () => {
    const check = await sut.container.wallet.ledger.check();
    expect(check).toMatchObject({ unbalancedTransfers: 0, mismatchedAccounts: 0, negativeMemberAccounts: 0 });
  });
});
