import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

export type CallbackRecord = {
  id: bigint;
  platform: string;
  txId: string;
  action: 'bet' | 'win' | 'rollback';
  memberId: bigint;
  account: string;
  answer: { code?: string; balance?: string; duplicate?: boolean };
  createdAt: Date;
};

export type VendorDayFigures = {
  platform: string;
  bets: number;
  openBets: number;
  stake: bigint;
  payout: bigint;
  ledgerStake: bigint;
  ledgerPayout: bigint;
  mismatches: number;
};

export type VendorTransferFigures = {
  venue: string;
  /** main -> the vendor (direction 'out' of the main wallet) and back ('in'). */
  toVendor: bigint;
  fromVendor: bigint;
  pending: number;
  pendingAmount: bigint;
  oldestPendingAt: Date | null;
};

/** SQL for the console's vendor pages: the seamless wallet's call log and the day's reconciliation. */
export const vendorDeskRepository = {
  async callbacks(
    db: Executor,
    filter: {
      platform?: string;
      action?: string;
      code?: string;
      account?: string;
      txId?: string;
      ascending: boolean;
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: CallbackRecord[]; total: number }> {
    const conditions: SQL[] = [sql`true`];
    if (filter.platform) conditions.push(sql`t.platform = ${filter.platform}`);
    if (filter.action) conditions.push(sql`t.action = ${filter.action}`);
    if (filter.code) conditions.push(sql`t.answer ->> 'code' = ${filter.code}`);
    if (filter.account) conditions.push(sql`m.account = ${filter.account.toLowerCase()}`);
    if (filter.txId) conditions.push(sql`t.tx_id = ${filter.txId}`);
    const where = sql.join(conditions, sql` and `);
    const direction = filter.ascending ? sql`asc` : sql`desc`;
    const [rows, counted] = await Promise.all([
      db.execute(sql`
        select t.id::text as id, t.platform, t.tx_id, t.action, t.member_id::text as member_id, m.account, t.answer,
          floor(extract(epoch from t.created_at) * 1000)::bigint::text as created_ms
        from vendor_wallet_tx t join members m on m.id = t.member_id
        where ${where}
        order by t.id ${direction}
        offset ${filter.offset} limit ${filter.limit}`),
      db.execute(sql`select count(*)::int as total
        from vendor_wallet_tx t join members m on m.id = t.member_id where ${where}`),
    ]);
    const [count] = resultRows<{ total: number }>(counted);
    return {
      rows: resultRows<{
        id: string;
        platform: string;
        tx_id: string;
        action: CallbackRecord['action'];
        member_id: string;
        account: string;
        answer: CallbackRecord['answer'] | string;
        created_ms: string;
      }>(rows).map((row) => ({
        id: BigInt(row.id),
        platform: row.platform,
        txId: row.tx_id,
        action: row.action,
        memberId: BigInt(row.member_id),
        account: row.account,
        // PGlite and node-postgres hand jsonb over parsed; a string is parsed for a driver that does not.
        answer: typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer,
        createdAt: new Date(Number(row.created_ms)),
      })),
      total: Number(count?.total ?? 0),
    };
  },

  /**
   * Each vendor's bets placed in [start, end) beside what the ledger moved for those same bets (postings reference
   * `vendor-bet:<platform>:<reference>`): stake = vendor_bet less vendor_rollback, payout = vendor_win. A bet whose
   * figures differ from its postings is a mismatch. Transfer vendors' pulled bets have no postings of their own.
   */
  async dayBets(db: Executor, start: Date, end: Date): Promise<VendorDayFigures[]> {
    const rows = resultRows<{
      platform: string;
      bets: number;
      open_bets: number;
      stake: string;
      payout: string;
      ledger_stake: string;
      ledger_payout: string;
      mismatches: number;
    }>(
      await db.execute(sql`
        with day_bets as (
          select b.platform, b.status, b.stake, coalesce(b.payout, 0) as payout,
            coalesce(sum(t.amount) filter (where t.code = 'vendor_bet'), 0)
              - coalesce(sum(t.amount) filter (where t.code = 'vendor_rollback'), 0) as ledger_stake,
            coalesce(sum(t.amount) filter (where t.code = 'vendor_win'), 0) as ledger_payout
          from vendor_bets b
          left join ledger_transfers t on t.reference = 'vendor-bet:' || b.platform || ':' || b.reference
          where not b.tombstone and b.placed_at >= ${start.toISOString()}::timestamptz
            and b.placed_at < ${end.toISOString()}::timestamptz
          group by b.id
        )
        select platform, count(*)::int as bets, (count(*) filter (where status = 'open'))::int as open_bets,
          coalesce(sum(stake) filter (where status <> 'rolled_back'), 0)::text as stake,
          coalesce(sum(payout) filter (where status <> 'rolled_back'), 0)::text as payout,
          coalesce(sum(ledger_stake), 0)::text as ledger_stake, coalesce(sum(ledger_payout), 0)::text as ledger_payout,
          (count(*) filter (where ledger_stake <> case when status = 'rolled_back' then 0 else stake end
            or ledger_payout <> case when status = 'rolled_back' then 0 else payout end))::int as mismatches
        from day_bets group by platform`),
    );
    return rows.map((row) => ({
      platform: row.platform,
      bets: Number(row.bets),
      openBets: Number(row.open_bets),
      stake: BigInt(row.stake),
      payout: BigInt(row.payout),
      ledgerStake: BigInt(row.ledger_stake),
      ledgerPayout: BigInt(row.ledger_payout),
      mismatches: Number(row.mismatches),
    }));
  },

  /** Each venue's transfers confirmed in [start, end), and those still pending whenever they were made. */
  async dayTransfers(db: Executor, start: Date, end: Date): Promise<VendorTransferFigures[]> {
    const from = start.toISOString();
    const to = end.toISOString();
    const rows = resultRows<{
      venue: string;
      to_vendor: string;
      from_vendor: string;
      pending: number;
      pending_amount: string;
      oldest_ms: string | null;
    }>(
      await db.execute(sql`
        select venue,
          coalesce(sum(amount) filter (where status = 'confirmed' and direction = 'out'
            and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz), 0)::text as to_vendor,
          coalesce(sum(amount) filter (where status = 'confirmed' and direction = 'in'
            and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz), 0)::text as from_vendor,
          (count(*) filter (where status = 'pending'))::int as pending,
          coalesce(sum(amount) filter (where status = 'pending'), 0)::text as pending_amount,
          floor(extract(epoch from min(created_at) filter (where status = 'pending')) * 1000)::bigint::text
            as oldest_ms
        from venue_transfers
        where status = 'pending' or (created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)
        group by venue`),
    );
    return rows.map((row) => ({
      venue: row.venue,
      toVendor: BigInt(row.to_vendor),
      fromVendor: BigInt(row.from_vendor),
      pending: Number(row.pending),
      pendingAmount: BigInt(row.pending_amount),
      oldestPendingAt: row.oldest_ms === null ? null : new Date(Number(row.oldest_ms)),
    }));
  },
};
