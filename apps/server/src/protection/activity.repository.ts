import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';
import type { Span } from './periods';

/** Transfers out of main that put money at stake: a sports bet, a house-table bet, a vendor's debit, a venue transfer. */
export const STAKE_CODES = ['bet_stake', 'casino_stake', 'vendor_bet', 'venue_out'] as const;
/**
 * Transfers into main that bring money back from play. `bet_reverse` (a payout taken back when a corrected result
 * resettles a bet) leaves main and counts against the payouts.
 */
export const PAYOUT_CODES = [
  'bet_payout',
  'bet_cashout',
  'bet_refund',
  'casino_payout',
  'casino_refund',
  'vendor_win',
  'vendor_rollback',
  'venue_in',
  'venue_refund',
  'bet_reverse',
] as const;
const PLAY_CODES = [...STAKE_CODES, ...PAYOUT_CODES];

const codes = (list: readonly string[]) => sql.param([...list]);

export type ActivityTotals = { deposits: bigint; withdrawals: bigint; stakes: bigint; payouts: bigint };

/**
 * The main wallet's entries of play in a span, by transfer code. Reads the member's main account through
 * ledger_entries_account_time_idx (migration 0032), so a check costs the span's entries, never the whole ledger.
 */
function playEntries(memberId: bigint, span: Span) {
  return sql`
    select t.code, e.amount, e.created_at from wallet_accounts a
    join ledger_entries e on e.account_id = a.id and e.created_at >= ${span.start} and e.created_at < ${span.end}
    join ledger_transfers t on t.id = e.transfer_id
    where a.member_id = ${memberId} and a.kind = 'main' and t.code = any(${codes(PLAY_CODES)}::text[])`;
}

/** SQL for what a member did in a span: what the limits count and what the statement shows. */
export const activityRepository = {
  /**
   * Deposits a limit counts: orders confirmed in the span plus orders made in it that are still pending, so orders
   * opened side by side cannot together pass a limit each fits under. What the order credits (`pay_amount`) counts.
   */
  async deposits(db: Executor, memberId: bigint, span: Span): Promise<bigint> {
    const result = await db.execute(sql`
      select coalesce(sum(pay_amount), 0)::text as total from deposit_orders
      where member_id = ${memberId} and (
        (status = 'confirmed' and resolved_at >= ${span.start} and resolved_at < ${span.end})
        or (status = 'pending' and created_at >= ${span.start} and created_at < ${span.end}))`);
    return BigInt(resultRows<{ total: string }>(result)[0]?.total ?? '0');
  },

  /** Stakes minus what came back in the span (negative when the member is ahead). */
  async netLoss(db: Executor, memberId: bigint, span: Span): Promise<bigint> {
    const result = await db.execute(
      sql`select coalesce(-sum(p.amount), 0)::text as loss from (${playEntries(memberId, span)}) p`,
    );
    return BigInt(resultRows<{ loss: string }>(result)[0]?.loss ?? '0');
  },

  /** The statement's figures for a span: confirmed deposits, paid withdrawals, stakes and payouts (net of reversals). */
  async totals(db: Executor, memberId: bigint, span: Span): Promise<ActivityTotals> {
    const [row] = await activityRepository.monthlyTotalsOf(db, memberId, span, null);
    return row ?? { deposits: 0n, withdrawals: 0n, stakes: 0n, payouts: 0n };
  },

  /** The same figures per calendar month in `timeZone` ("YYYY-MM"), newest first; months with nothing are left out. */
  async monthlyTotals(
    db: Executor,
    memberId: bigint,
    span: Span,
    timeZone: string,
  ): Promise<Array<ActivityTotals & { month: string }>> {
    return activityRepository.monthlyTotalsOf(db, memberId, span, timeZone) as Promise<
      Array<ActivityTotals & { month: string }>
    >;
  },

  /** One grouping for both: by month in `timeZone`, or everything in one row when it is null. */
  async monthlyTotalsOf(
    db: Executor,
    memberId: bigint,
    span: Span,
    timeZone: string | null,
  ): Promise<Array<ActivityTotals & { month?: string }>> {
    const month = (column: string) =>
      timeZone === null ? sql`''` : sql`to_char(${sql.raw(column)} at time zone ${timeZone}, 'YYYY-MM')`;
    const stakeCodes = codes(STAKE_CODES);
    const result = await db.execute(sql`
      with facts as (
        select ${month('resolved_at')} as month, pay_amount as deposits, 0::bigint as withdrawals,
          0::bigint as stakes, 0::bigint as payouts
        from deposit_orders
        where member_id = ${memberId} and status = 'confirmed' and resolved_at >= ${span.start}
          and resolved_at < ${span.end}
        union all
        select ${month('updated_at')}, 0, amount, 0, 0 from withdrawals
        where member_id = ${memberId} and status = 'paid' and updated_at >= ${span.start} and updated_at < ${span.end}
        union all
        select ${month('p.created_at')}, 0, 0,
          case when p.code = any(${stakeCodes}::text[]) then -p.amount else 0 end,
          case when p.code = any(${stakeCodes}::text[]) then 0 else p.amount end
        from (${playEntries(memberId, span)}) p
      )
      select month, sum(deposits)::text as deposits, sum(withdrawals)::text as withdrawals,
        sum(stakes)::text as stakes, sum(payouts)::text as payouts
      from facts group by month order by month desc`);
    return resultRows<{ month: string; deposits: string; withdrawals: string; stakes: string; payouts: string }>(
      result,
    ).map((row) => ({
      ...(timeZone === null ? {} : { month: row.month }),
      deposits: BigInt(row.deposits),
      withdrawals: BigInt(row.withdrawals),
      stakes: BigInt(row.stakes),
      payouts: BigInt(row.payouts),
    }));
  },
};
