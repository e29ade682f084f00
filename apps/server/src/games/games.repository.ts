import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** A catalogue game as launch and the lobby's availability read it. */
export type CatalogueGame = {
  id: number;
  name: string;
  code: string;
  gtype: string;
  platform: string;
  playable: boolean;
  maintenance: boolean;
};

export type VendorBetRow = {
  id: bigint;
  platform: string;
  memberId: bigint;
  reference: string;
  game: string;
  round: string;
  stake: bigint;
  payout: bigint | null;
  valid: bigint;
  status: 'open' | 'settled' | 'rolled_back';
  tombstone: boolean;
  placedAt: Date;
  settledAt: Date | null;
};

type RawBet = {
  id: string;
  platform: string;
  member_id: string;
  reference: string;
  game: string;
  round: string;
  stake: string;
  payout: string | null;
  valid: string;
  status: VendorBetRow['status'];
  tombstone: boolean;
  placed_ms: string;
  settled_ms: string | null;
};

const BET_COLUMNS = sql.raw(`id::text, platform, member_id::text, reference, game, round, stake::text,
  payout::text, valid::text, status, tombstone, (extract(epoch from placed_at) * 1000)::bigint::text as placed_ms,
  (extract(epoch from settled_at) * 1000)::bigint::text as settled_ms`);

function toBet(row: RawBet): VendorBetRow {
  return {
    id: BigInt(row.id),
    platform: row.platform,
    memberId: BigInt(row.member_id),
    reference: row.reference,
    game: row.game,
    round: row.round,
    stake: BigInt(row.stake),
    payout: row.payout === null ? null : BigInt(row.payout),
    valid: BigInt(row.valid),
    status: row.status,
    tombstone: row.tombstone,
    placedAt: new Date(Number(row.placed_ms)),
    settledAt: row.settled_ms === null ? null : new Date(Number(row.settled_ms)),
  };
}

/** SQL of the games module: vendors' switches, the seamless wallet's transactions, vendor bets, auto transfer. */
export const gamesRepository = {
  async game(db: Executor, id: number): Promise<CatalogueGame | undefined> {
    const [row] = resultRows<CatalogueGame>(
      await db.execute(sql`select id, name, code, gtype, platform, playable, maintenance from games
        where id = ${id} and active`),
    );
    return row;
  },

  async vendorSettings(db: Executor): Promise<Array<{ platform: string; maintenance: boolean; betsCursor: string }>> {
    return resultRows<{ platform: string; maintenance: boolean; bets_cursor: string }>(
      await db.execute(sql`select platform, maintenance, bets_cursor from vendor_settings`),
    ).map((row) => ({ platform: row.platform, maintenance: row.maintenance, betsCursor: row.bets_cursor }));
  },

  async setMaintenance(db: Executor, platform: string, maintenance: boolean): Promise<void> {
    await db.execute(sql`insert into vendor_settings (platform, maintenance) values (${platform}, ${maintenance})
      on conflict (platform) do update set maintenance = excluded.maintenance, updated_at = now()`);
  },

  async betsCursor(db: Executor, platform: string): Promise<string> {
    const [row] = resultRows<{ bets_cursor: string }>(
      await db.execute(sql`select bets_cursor from vendor_settings where platform = ${platform}`),
    );
    return row?.bets_cursor ?? '';
  },

  async saveBetsCursor(db: Executor, platform: string, cursor: string): Promise<void> {
    await db.execute(sql`insert into vendor_settings (platform, bets_cursor) values (${platform}, ${cursor})
      on conflict (platform) do update set bets_cursor = excluded.bets_cursor, updated_at = now()`);
  },

  async memberExists(db: Executor, memberId: bigint): Promise<boolean> {
    return resultRows(await db.execute(sql`select 1 from members where id = ${memberId}`)).length === 1;
  },

  /** Of these members, the ones that exist (a vendor's history may name players that are not ours). */
  async existingMembers(db: Executor, memberIds: bigint[]): Promise<Set<bigint>> {
    if (memberIds.length === 0) return new Set();
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`select id::text from members where id = any(${sql.param(memberIds.map(String))}::bigint[])`),
    );
    return new Set(rows.map((row) => BigInt(row.id)));
  },

  async autoTransfer(db: Executor, memberId: bigint): Promise<boolean> {
    const [row] = resultRows<{ auto_transfer: boolean }>(
      await db.execute(sql`select auto_transfer from members where id = ${memberId}`),
    );
    return row?.auto_transfer ?? true;
  },

  async saveAutoTransfer(db: Executor, memberId: bigint, on: boolean): Promise<void> {
    await db.execute(sql`update members set auto_transfer = ${on} where id = ${memberId}`);
  },

  // --- the seamless wallet -----------------------------------------------------------------------------------

  async walletTx(
    db: Executor,
    platform: string,
    txId: string,
  ): Promise<{ paramsHash: string; answer: Record<string, unknown> } | undefined> {
    const [row] = resultRows<{ params_hash: string; answer: Record<string, unknown> }>(
      await db.execute(
        sql`select params_hash, answer from vendor_wallet_tx where platform = ${platform} and tx_id = ${txId}`,
      ),
    );
    return row && { paramsHash: row.params_hash, answer: row.answer };
  },

  async saveWalletTx(
    db: Executor,
    input: { platform: string; txId: string; action: string; memberId: bigint; paramsHash: string; answer: object },
  ): Promise<void> {
    await db.execute(sql`insert into vendor_wallet_tx (platform, tx_id, action, member_id, params_hash, answer)
      values (${input.platform}, ${input.txId}, ${input.action}, ${input.memberId}, ${input.paramsHash},
        ${JSON.stringify(input.answer)}::jsonb)`);
  },

  /** A bet by its vendor reference, locked for the call that changes it. */
  async betForUpdate(db: Executor, platform: string, reference: string): Promise<VendorBetRow | undefined> {
    const [row] = resultRows<RawBet>(
      await db.execute(sql`select ${BET_COLUMNS} from vendor_bets
        where platform = ${platform} and reference = ${reference} for update`),
    );
    return row && toBet(row);
  },

  async insertBet(
    db: Executor,
    input: {
      platform: string;
      memberId: bigint;
      reference: string;
      game: string;
      round: string;
      stake: bigint;
      status: 'open' | 'rolled_back';
      tombstone: boolean;
    },
  ): Promise<void> {
    await db.execute(sql`insert into vendor_bets (platform, member_id, reference, game, round, stake, status, tombstone)
      values (${input.platform}, ${input.memberId}, ${input.reference}, ${input.game}, ${input.round}, ${input.stake},
        ${input.status}, ${input.tombstone})`);
  },

  /** A win on a bet: its payout grows, it is settled, and the first settlement counts its stake as valid turnover. */
  async settleBet(db: Executor, id: bigint, win: bigint, valid: bigint): Promise<void> {
    await db.execute(sql`update vendor_bets set payout = coalesce(payout, 0) + ${win}, valid = ${valid},
      status = 'settled', settled_at = coalesce(settled_at, now()) where id = ${id}`);
  },

  async rollBack(db: Executor, id: bigint): Promise<void> {
    await db.execute(sql`update vendor_bets set status = 'rolled_back', settled_at = now() where id = ${id}`);
  },

  /**
   * Settled bets pulled from a transfer vendor's history, each once (the vendor's betId is unique per platform):
   * answers the ones that were new, whose turnover the caller then credits.
   */
  async insertSettledBets(
    db: Executor,
    platform: string,
    bets: Array<{
      memberId: bigint;
      reference: string;
      game: string;
      round: string;
      stake: bigint;
      payout: bigint;
      placedAt: Date;
      settledAt: Date;
    }>,
  ): Promise<Array<{ memberId: bigint; valid: bigint }>> {
    if (bets.length === 0) return [];
    const rows = resultRows<{ member_id: string; valid: string }>(
      await db.execute(sql`insert into vendor_bets
          (platform, member_id, reference, game, round, stake, payout, valid, status, placed_at, settled_at)
        select ${platform}, i.member_id, i.reference, i.game, i.round, i.stake, i.payout, i.stake, 'settled',
          i.placed_at, i.settled_at
        from unnest(${sql.param(bets.map((bet) => String(bet.memberId)))}::bigint[],
          ${sql.param(bets.map((bet) => bet.reference))}::text[], ${sql.param(bets.map((bet) => bet.game))}::text[],
          ${sql.param(bets.map((bet) => bet.round))}::text[],
          ${sql.param(bets.map((bet) => String(bet.stake)))}::bigint[],
          ${sql.param(bets.map((bet) => String(bet.payout)))}::bigint[],
          ${sql.param(bets.map((bet) => bet.placedAt.toISOString()))}::timestamptz[],
          ${sql.param(bets.map((bet) => bet.settledAt.toISOString()))}::timestamptz[])
          as i(member_id, reference, game, round, stake, payout, placed_at, settled_at)
        on conflict (platform, reference) do nothing
        returning member_id::text, valid::text`),
    );
    return rows.map((row) => ({ memberId: BigInt(row.member_id), valid: BigInt(row.valid) }));
  },

  /** Adds valid turnover to members' wagered amounts, rows locked in member order (as sports settlement does). */
  async addWagered(db: Executor, wagered: Map<bigint, bigint>): Promise<void> {
    const entries = [...wagered].filter(([, amount]) => amount > 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return;
    await db.execute(sql`insert into turnover_requirements (member_id, wagered)
      select m, w from unnest(${sql.param(entries.map(([id]) => String(id)))}::bigint[],
        ${sql.param(entries.map(([, amount]) => String(amount)))}::bigint[]) as i(m, w)
      order by m
      on conflict (member_id) do update set wagered = turnover_requirements.wagered + excluded.wagered`);
  },

  /** A member's vendor bets, newest first, and the totals over every bet the range matches. */
  async memberBets(
    db: Executor,
    input: { memberId: bigint; start: Date | null; end: Date | null; offset: number; limit: number },
  ): Promise<{
    rows: Array<VendorBetRow & { gameName: string }>;
    total: number;
    stake: bigint;
    payout: bigint;
    valid: bigint;
  }> {
    const range = sql`member_id = ${input.memberId} and not tombstone
      and (${input.start?.toISOString() ?? null}::timestamptz is null or placed_at >= ${input.start?.toISOString() ?? null}::timestamptz)
      and (${input.end?.toISOString() ?? null}::timestamptz is null or placed_at < ${input.end?.toISOString() ?? null}::timestamptz)`;
    const [rows, totals] = await Promise.all([
      db.execute(sql`select ${BET_COLUMNS},
          coalesce((select g.name from games g where g.code = vendor_bets.game limit 1), game) as game_name
        from vendor_bets where ${range}
        order by placed_at desc, id desc offset ${input.offset} limit ${input.limit}`),
      db.execute(sql`select count(*)::int as total,
          coalesce(sum(stake) filter (where status <> 'rolled_back'), 0)::text as stake,
          coalesce(sum(payout) filter (where status <> 'rolled_back'), 0)::text as payout,
          coalesce(sum(valid), 0)::text as valid
        from vendor_bets where ${range}`),
    ]);
    const [sums] = resultRows<{ total: number; stake: string; payout: string; valid: string }>(totals);
    return {
      rows: resultRows<RawBet & { game_name: string }>(rows).map((row) => ({ ...toBet(row), gameName: row.game_name })),
      total: sums?.total ?? 0,
      stake: BigInt(sums?.stake ?? '0'),
      payout: BigInt(sums?.payout ?? '0'),
      valid: BigInt(sums?.valid ?? '0'),
    };
  },

  async accounts(db: Executor, memberIds: bigint[]): Promise<Map<bigint, string>> {
    if (memberIds.length === 0) return new Map();
    const rows = resultRows<{ id: string; account: string }>(
      await db.execute(
        sql`select id::text, account from members where id = any(${sql.param(memberIds.map(String))}::bigint[])`,
      ),
    );
    return new Map(rows.map((row) => [BigInt(row.id), row.account]));
  },

  /**
   * A lease on a settings row (`games.lease:<name>`) until a time on the database's clock, taken over only once it
   * ran out: one process pulls the vendors' bet histories (sports/feed/feed-lease.ts works the same way).
   */
  async lease(db: Executor, name: string, owner: string, ttlMs: number): Promise<boolean> {
    const key = `games.lease:${name}`;
    const rows = resultRows(
      await db.execute(sql`
        insert into settings (key, value, updated_at)
        values (${key}, jsonb_build_object('owner', ${owner}::text,
          'until', now() + ${ttlMs}::int * interval '1 millisecond'), now())
        on conflict (key) do update set value = excluded.value, updated_at = now()
          where settings.value->>'owner' = ${owner} or (settings.value->>'until')::timestamptz < now()
        returning key`),
    );
    return rows.length === 1;
  },

  async releaseLease(db: Executor, name: string, owner: string): Promise<void> {
    await db.execute(sql`delete from settings where key = ${`games.lease:${name}`} and value->>'owner' = ${owner}`);
  },
};
