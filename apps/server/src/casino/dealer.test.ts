import { randomUUID } from 'node:crypto';
import { deal, type Game, outcomeView, settle, verifySeed } from '@jinb/casino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { fixtureMembers } from '../sports/settlement/bet-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainAndCasino, setWindow, stepUntil } from './casino-fixtures';
import type { Dealer } from './dealer';
import { validTurnover } from './round-settlement.service';

const YUAN = 10_000n;
/** Short, but long enough for a bet or three after the round opens on a busy machine. */
const WINDOW_MS = 700;

/** Spots that between them win, lose and push in most rounds of each game. */
const SPOTS: Record<string, { game: Game; spots: string[] }> = {
  BAC1: { game: 'baccarat', spots: ['banker', 'player', 'tie', 'banker_pair', 'player_pair'] },
  BAC2: { game: 'baccarat_no_commission', spots: ['banker', 'player', 'tie'] },
  DT1: { game: 'dragon_tiger', spots: ['dragon', 'tiger', 'tie'] },
  SB1: { game: 'sic_bo', spots: ['big', 'small', 'odd', 'total:10', 'single:3', 'double:2', 'any_triple'] },
  RL1: { game: 'roulette', spots: ['red', 'black', 'straight:17', 'split:0-1', 'dozen:2', 'column:1', 'low', 'even'] },
};

type RoundRecord = { id: string; number: number; chain_id: string; phase: string; seed: string; outcome: unknown };

describe.each(testDatabases)('casino dealer on %s', (kind) => {
  let sut: TestApp;
  let dealer: Dealer;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    dealer = sut.container.casino.dealer({ resultMs: 0, chainLength: 4 });
    for (const table of Object.keys(SPOTS)) await setWindow(sut, table, WINDOW_MS);
  });
  afterAll(async () => {
    await dealer?.stop();
    await sut?.close();
  });

  const db = () => sut.container.db;
  const rounds = async (table: string) =>
    resultRows<RoundRecord>(
      await db().execute(sql`select id::text as id, number, chain_id::text as chain_id, phase, seed, outcome
        from casino_rounds where table_code = ${table} order by casino_rounds.id`),
    );

  it('When a round settles, then every spot is paid exactly what the package pays and the turnover counts what was at risk', async () => {
    const members = await fixtureMembers(db(), sut.container.wallet.ledger, 5, 10_000n * YUAN);
    const expected = new Map<bigint, { main: bigint; wagered: bigint }>();
    for (const [index, [table, { game, spots }]] of Object.entries(SPOTS).entries()) {
      const memberId = members[index] as bigint;
      const roundId = await stepUntil(dealer, sut, table, 'betting');
      const bets = spots.map((spot, n) => ({ spot, amount: BigInt(10 + n) * YUAN + 1234n }));
      const placed = await sut.container.casino.placement.place(memberId, randomUUID(), {
        table,
        roundId: String(roundId),
        bets,
      });
      expect(await sut.container.casino.reads.round(roundId)).toMatchObject({
        phase: 'betting',
        seed: null,
        outcome: null,
      });
      await stepUntil(dealer, sut, table, 'settled');
      const round = (await rounds(table)).find((row) => row.id === String(roundId)) as RoundRecord;
      const dealt = deal(game, round.seed, table, round.number);
      expect(round.outcome).toEqual(outcomeView(game, dealt));
      const paid = settle(game, dealt, bets);
      const [row] = resultRows<{ payout: string; valid: string; status: string; spots: unknown }>(
        await db().execute(
          sql`select payout::text as payout, valid::text as valid, status, spots from casino_bets where id = ${BigInt(placed.id)}`,
        ),
      );
      const payout = paid.reduce((sum, spot) => sum + spot.payout, 0n);
      const wagered = paid.reduce((sum, spot) => sum + validTurnover(spot.amount, spot.payout), 0n);
      expect(row).toMatchObject({ status: 'settled', payout: payout.toString(), valid: wagered.toString() });
      expect(row?.spots).toEqual(
        paid.map((spot) => ({ spot: spot.spot, amount: spot.amount.toString(), payout: spot.payout.toString() })),
      );
      const stake = bets.reduce((sum, bet) => sum + bet.amount, 0n);
      expected.set(memberId, { main: 10_000n * YUAN - stake + payout, wagered });
      // The seed is revealed with the settlement, with the one it must hash to.
      const view = await sut.container.casino.reads.round(roundId);
      expect(view).toMatchObject({ phase: 'settled', seed: round.seed });
      expect(verifySeed(view.seed as string, view.previousSeed as string)).toEqual({ ok: true });
    }
    for (const [memberId, want] of expected) {
      expect(await mainAndCasino(sut, memberId)).toEqual({ main: want.main, casino: 0n });
      const [turnover] = resultRows<{ wagered: string }>(
        await db().execute(
          sql`select wagered::text as wagered from turnover_requirements where member_id = ${memberId}`,
        ),
      );
      expect(BigInt(turnover?.wagered ?? '0')).toBe(want.wagered);
    }
  });

  it('When rounds are played across chains, then each seed hashes to the one before and re-deals its outcome', async () => {
    // Chains of 4 rounds: 6 more rounds of DT1 cross into a new chain.
    for (let n = 0; n < 6; n++)
      await stepUntil(dealer, sut, 'DT1', 'settled', BigInt((await rounds('DT1')).at(-1)?.id ?? 0));
    const played = await rounds('DT1');
    const chains = (await sut.container.casino.reads.chain('DT1')).chains.filter((chain) => chain.table === 'DT1');
    expect(chains.length).toBeGreaterThanOrEqual(2);
    for (const chain of chains) {
      const ofChain = played.filter((round) => round.chain_id === chain.id && round.phase === 'settled');
      let previous = chain.terminalHash;
      for (const [index, round] of ofChain.entries()) {
        expect(round.number).toBe(index + 1);
        expect(verifySeed(round.seed, previous)).toEqual({ ok: true });
        expect(round.outcome).toEqual(
          outcomeView('dragon_tiger', deal('dragon_tiger', round.seed, 'DT1', round.number)),
        );
        const view = await sut.container.casino.reads.round(BigInt(round.id));
        expect(view.previousSeed).toBe(previous);
        previous = round.seed;
      }
    }
    const answer = await sut.container.casino.reads.chain('DT1');
    expect(answer.terminalHash).toBe(chains[0]?.terminalHash);
  });

  it('When a round cannot be dealt, then every stake goes back to main, once', async () => {
    const [memberId] = await fixtureMembers(db(), sut.container.wallet.ledger, 1, 100n * YUAN);
    const roundId = await stepUntil(dealer, sut, 'BAC2', 'betting');
    await sut.container.casino.placement.place(memberId as bigint, randomUUID(), {
      table: 'BAC2',
      roundId: String(roundId),
      bets: [{ spot: 'banker', amount: 40n * YUAN }],
    });
    await db().execute(sql`update casino_rounds set seed = 'not a seed' where id = ${roundId}`);
    expect(await stepUntil(dealer, sut, 'BAC2', 'refunded')).toBe(roundId);
    expect(await mainAndCasino(sut, memberId as bigint)).toEqual({ main: 100n * YUAN, casino: 0n });
    const round = await sut.container.casino.reads.round(roundId);
    expect(round).toMatchObject({ phase: 'refunded', outcome: null });
  });

  it('When settlement runs several times at once, then the round is paid once', async () => {
    const members = await fixtureMembers(db(), sut.container.wallet.ledger, 3, 100n * YUAN);
    const roundId = await stepUntil(dealer, sut, 'SB1', 'betting');
    for (const memberId of members)
      await sut.container.casino.placement.place(memberId, randomUUID(), {
        table: 'SB1',
        roundId: String(roundId),
        bets: [
          { spot: 'big', amount: 20n * YUAN },
          { spot: 'small', amount: 20n * YUAN },
        ],
      });
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
    await db().execute(sql`update casino_rounds set phase = 'dealing',
      outcome = '{"game":"sic_bo","dice":[1,1,1],"total":3}'::jsonb where id = ${roundId}`);
    const [round] = await Promise.all([sut.container.casino.reads.round(roundId)]);
    expect(round?.phase).toBe('dealing');
    const { roundsRepository } = await import('./casino-rounds.repository');
    const row = await roundsRepository.byId(db(), roundId);
    const results = await Promise.all([1, 2, 3].map(() => sut.container.casino.settlement.finish(row as never)));
    expect(results.filter((result) => result === 'settled')).toHaveLength(1);
    const [payouts] = resultRows<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from ledger_transfers t join casino_bets b
        on t.reference = 'casino:' || b.id where b.round_id = ${roundId} and t.code = 'casino_settle'`),
    );
    expect(payouts?.n).toBe(3);
  });

  it('When another process holds a table, then this one follows; once its lease runs out, this one finishes its round', async () => {
    const other = sut.container.casino.dealer({ resultMs: 0, chainLength: 4 });
    const [memberId] = await fixtureMembers(db(), sut.container.wallet.ledger, 1, 100n * YUAN);
    // A window long enough for the bet on a busy machine.
    await setWindow(sut, 'RL1', 1_500);
    const roundId = await stepUntil(dealer, sut, 'RL1', 'betting');
    await sut.container.casino.placement.place(memberId as bigint, randomUUID(), {
      table: 'RL1',
      roundId: String(roundId),
      bets: [{ spot: 'red', amount: 10n * YUAN }],
    });
    await new Promise((resolve) => setTimeout(resolve, 1_550));
    await other.step('RL1');
    expect((await rounds('RL1')).at(-1)).toMatchObject({ id: String(roundId), phase: 'betting' });
    // The first dealer "dies": its lease runs out without a release.
    await db().execute(
      sql`update casino_dealer_leases set until = now() - interval '1 second' where table_code = 'RL1'`,
    );
    expect(await stepUntil(other, sut, 'RL1', 'settled')).toBe(roundId);
    await other.stop();
    const check = await sut.container.wallet.ledger.check();
    expect(check).toMatchObject({ unbalancedTransfers: 0, mismatchedAccounts: 0, negativeMemberAccounts: 0 });
  });

  it('When an operator closes a table, then its round under way finishes and no other opens', async () => {
    const roundId = await stepUntil(dealer, sut, 'BAC1', 'betting');
    await db().execute(sql`update casino_tables set open = false where code = 'BAC1'`);
    try {
      expect(await stepUntil(dealer, sut, 'BAC1', 'settled')).toBe(roundId);
      for (let n = 0; n < 3; n++) await dealer.step('BAC1');
      expect((await rounds('BAC1')).at(-1)).toMatchObject({ id: String(roundId), phase: 'settled' });
    } finally {
      await db().execute(sql`update casino_tables set open = true where code = 'BAC1'`);
    }
    expect(await stepUntil(dealer, sut, 'BAC1', 'betting', roundId)).toBeGreaterThan(roundId);
  });
});
