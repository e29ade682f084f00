import { randomBytes } from 'node:crypto';
import { type BetType, betLines, potentialPayout } from '@jinb/odds';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { house, type LedgerService, type Movement, member } from '../../wallet/ledger/ledger.service';

/**
 * Bets written straight into the tables with their stakes posted as placement posts them (main -> the member's
 * open-bets account, key bet:<id>:stake), so settlement is tested without the placement route. Legs are numbered
 * from 0 in the order given, the leg index betLines uses.
 */
export type FixtureBet = {
  memberId: bigint;
  type: BetType;
  system?: string;
  /** Per line, scale 4. */
  stake: bigint;
  /** The odds the bet took; the selection's current odds when left out. */
  legs: Array<{ selectionId: bigint; odds?: bigint }>;
};

const STAKE_CHUNK = 2_000;

export async function placeFixtureBets(db: Executor, ledger: LedgerService, bets: FixtureBet[]): Promise<bigint[]> {
  if (bets.length === 0) return [];
  const selectionIds = [...new Set(bets.flatMap((bet) => bet.legs.map((leg) => leg.selectionId.toString())))];
  const selections = new Map(
    resultRows<{ id: string; market_id: string; event_id: string; odds: string; version: number }>(
      await db.execute(sql`
        select id::text as id, market_id::text as market_id, event_id::text as event_id, odds::text as odds, version
        from sports_selections where id = any(${sql.param(selectionIds)}::bigint[])`),
    ).map((row) => [row.id, row]),
  );
  const tag = randomBytes(4).toString('hex');
  const rows = bets.map((bet, index) => {
    const lines = betLines(bet.type, bet.legs.length, bet.system);
    if (!lines.ok) throw new Error(`fixture bet ${index}: ${lines.error}`);
    const odds = bet.legs.map((leg) => {
      const selection = selections.get(leg.selectionId.toString());
      if (!selection) throw new Error(`fixture bet ${index}: no selection ${leg.selectionId}`);
      return leg.odds ?? BigInt(selection.odds);
    });
    const lineCount = lines.lines.length;
    return {
      key: `fixture-${tag}-${index}`,
      bet,
      odds,
      lineCount,
      totalStake: bet.stake * BigInt(lineCount),
      potential: potentialPayout(bet.stake, odds, lines.lines),
    };
  });
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  const inserted = resultRows<{ id: string; idempotency_key: string }>(
    await db.execute(sql`
      insert into sports_bets (member_id, idempotency_key, params_hash, type, system, stake, line_count, total_stake,
        potential_payout)
      select * from unnest(${column((row) => row.bet.memberId.toString())}::bigint[],
        ${column((row) => row.key)}::text[], ${column((row) => row.key)}::text[],
        ${column((row) => row.bet.type)}::text[], ${column((row) => row.bet.system ?? null)}::text[],
        ${column((row) => row.bet.stake.toString())}::bigint[], ${column((row) => row.lineCount)}::integer[],
        ${column((row) => row.totalStake.toString())}::bigint[], ${column((row) => row.potential.toString())}::bigint[])
      returning id::text as id, idempotency_key`),
  );
  const idOf = new Map(inserted.map((row) => [row.idempotency_key, BigInt(row.id)]));
  const ids = rows.map((row) => {
    const id = idOf.get(row.key);
    if (id === undefined) throw new Error(`fixture bet ${row.key} not inserted`);
    return id;
  });

  const legs = rows.flatMap((row, index) =>
    row.bet.legs.map((leg, legNo) => {
      const selection = selections.get(leg.selectionId.toString())!;
      return { betId: ids[index]!, legNo, selection, odds: row.odds[legNo]! };
    }),
  );
  const legColumn = <T>(pick: (leg: (typeof legs)[number]) => T) => sql.param(legs.map(pick));
  await db.execute(sql`
    insert into sports_bet_legs (bet_id, leg_no, selection_id, market_id, event_id, odds, odds_version)
    select * from unnest(${legColumn((leg) => leg.betId.toString())}::bigint[], ${legColumn((leg) => leg.legNo)}::integer[],
      ${legColumn((leg) => leg.selection.id)}::bigint[], ${legColumn((leg) => leg.selection.market_id)}::bigint[],
      ${legColumn((leg) => leg.selection.event_id)}::bigint[], ${legColumn((leg) => leg.odds.toString())}::bigint[],
      ${legColumn((leg) => leg.selection.version)}::integer[])`);

  const stakes: Movement[] = rows.map((row, index) => ({
    key: `bet:${ids[index]}:stake`,
    code: 'bet_stake',
    from: member(row.bet.memberId, 'main'),
    to: member(row.bet.memberId, 'bets'),
    amount: row.totalStake,
    actor: `member:${row.bet.memberId}`,
    reference: `bet:${ids[index]}`,
  }));
  for (let offset = 0; offset < stakes.length; offset += STAKE_CHUNK) {
    const chunk = stakes.slice(offset, offset + STAKE_CHUNK);
    await ledger.transaction((tx) => ledger.postBatch(tx, chunk));
  }
  return ids;
}

/** Members written straight into the table (no sign-in needed), each credited `credit` through the ledger. */
export async function fixtureMembers(db: Executor, ledger: LedgerService, count: number, credit: bigint) {
  const tag = randomBytes(3).toString('hex');
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into members (account, password_hash, invite_code)
      select 's' || ${tag} || n, 'x', 'S' || ${tag} || n from generate_series(1, ${count}) as n
      returning id::text as id`),
  );
  const ids = rows.map((row) => BigInt(row.id));
  if (credit > 0n) {
    const credits: Movement[] = ids.map((memberId) => ({
      key: `fixture-credit:${memberId}`,
      code: 'adjust',
      from: house('adjustments'),
      to: member(memberId, 'main'),
      amount: credit,
      actor: 'system:test',
      reference: `member:${memberId}`,
    }));
    await ledger.transaction((tx) => ledger.postBatch(tx, credits));
  }
  return ids;
}

/** A member's main balance as the ledger holds it (what the member's balance shows). */
export async function mainOf(ledger: LedgerService, memberId: bigint): Promise<bigint> {
  const accounts = await ledger.balances(memberId);
  return accounts.find((account) => account.kind === 'main')?.balance ?? 0n;
}
