import type { VipPayoutKind } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

export type PayoutMode = 'auto' | 'claim';
export type PayoutStatus = 'paid' | 'pending' | 'claimed' | 'expired';

export type SettingRow = {
  kind: VipPayoutKind;
  mode: PayoutMode;
  enabled: boolean;
  minTurnover: bigint;
  expiryDays: number;
};

export type RunRow = {
  id: bigint;
  kind: VipPayoutKind;
  period: string;
  mode: PayoutMode;
  status: 'running' | 'done';
  cursor: bigint;
  slices: number;
  payouts: number;
  amount: bigint;
  credited: number;
  startedBy: string;
  startedAt: Date;
  finishedAt: Date | null;
};

export type PayoutRow = {
  id: bigint;
  memberId: bigint;
  kind: VipPayoutKind;
  period: string;
  level: number;
  amount: bigint;
  multiple: number;
  detail: Record<string, string | number>;
  status: PayoutStatus;
  expiresAt: Date | null;
  createdAt: Date;
};

export type NewPayout = {
  memberId: bigint;
  level: number;
  amount: bigint;
  multiple: number;
  detail: Record<string, string | number>;
};

/** A level's privileges the jobs pay. */
export type LevelPay = {
  level: number;
  weeklyWage: bigint;
  monthlyWage: bigint;
  birthdayBonus: bigint;
  rebateRates: Record<string, number>;
  multiple: number;
};

type RawRun = {
  id: string;
  kind: VipPayoutKind;
  period: string;
  mode: PayoutMode;
  status: 'running' | 'done';
  cursor: string;
  slices: number;
  payouts: number;
  amount: string;
  credited: number;
  started_by: string;
  started_at: string | Date;
  finished_at: string | Date | null;
};

const runColumns = sql`id::text, kind, period, mode, status, cursor::text, slices, payouts, amount::text, credited,
  started_by, started_at, finished_at`;

function toRun(row: RawRun): RunRow {
  return {
    id: BigInt(row.id),
    kind: row.kind,
    period: row.period,
    mode: row.mode,
    status: row.status,
    cursor: BigInt(row.cursor),
    slices: Number(row.slices),
    payouts: Number(row.payouts),
    amount: BigInt(row.amount),
    credited: Number(row.credited),
    startedBy: row.started_by,
    startedAt: new Date(row.started_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  };
}

type RawPayout = {
  id: string;
  member_id: string;
  kind: VipPayoutKind;
  period: string;
  level: number;
  amount: string;
  multiple: number;
  detail: Record<string, string | number>;
  status: PayoutStatus;
  expires_at: string | Date | null;
  created_at: string | Date;
};

const payoutColumns = sql`id::text, member_id::text, kind, period, level, amount::text, multiple, detail, status,
  expires_at, created_at`;

function toPayout(row: RawPayout): PayoutRow {
  return {
    id: BigInt(row.id),
    memberId: BigInt(row.member_id),
    kind: row.kind,
    period: row.period,
    level: Number(row.level),
    amount: BigInt(row.amount),
    multiple: Number(row.multiple),
    detail: row.detail,
    status: row.status,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    createdAt: new Date(row.created_at),
  };
}

/** The member's level now: members.vip_level, which the VIP module keeps equal to vip_members.level for every module. */
const levelOf = sql`m.vip_level`;

/** SQL for the VIP payouts: settings, runs and their cursors, the members each kind pays, the payouts. */
export const payoutsRepository = {
  async settings(db: Executor): Promise<SettingRow[]> {
    const rows = resultRows<{
      kind: VipPayoutKind;
      mode: PayoutMode;
      enabled: boolean;
      min_turnover: string;
      expiry_days: number;
    }>(
      await db.execute(sql`select kind, mode, enabled, min_turnover::text, expiry_days from vip_payout_settings
        order by array_position(array['rebate', 'weekly', 'monthly', 'birthday'], kind)`),
    );
    return rows.map((row) => ({
      kind: row.kind,
      mode: row.mode,
      enabled: row.enabled,
      minTurnover: BigInt(row.min_turnover),
      expiryDays: Number(row.expiry_days),
    }));
  },

  async saveSetting(db: Executor, setting: SettingRow): Promise<void> {
    await db.execute(sql`insert into vip_payout_settings (kind, mode, enabled, min_turnover, expiry_days, updated_at)
      values (${setting.kind}, ${setting.mode}, ${setting.enabled}, ${setting.minTurnover}, ${setting.expiryDays}, now())
      on conflict (kind) do update set mode = excluded.mode, enabled = excluded.enabled,
        min_turnover = excluded.min_turnover, expiry_days = excluded.expiry_days, updated_at = now()`);
  },

  /** Creates the period's run unless it exists; answers whether this call created it. */
  async claimRun(
    db: Executor,
    run: { kind: VipPayoutKind; period: string; mode: PayoutMode; startedBy: string },
  ): Promise<boolean> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`insert into vip_payout_runs (kind, period, mode, started_by)
        values (${run.kind}, ${run.period}, ${run.mode}, ${run.startedBy})
        on conflict (kind, period) do nothing returning id::text`),
    );
    return rows.length > 0;
  },

  async run(db: Executor, kind: VipPayoutKind, period: string): Promise<RunRow | undefined> {
    const [row] = resultRows<RawRun>(
      await db.execute(sql`select ${runColumns} from vip_payout_runs where kind = ${kind} and period = ${period}`),
    );
    return row ? toRun(row) : undefined;
  },

  /** The run row locked for one slice: every runner of the period waits here, so slices never overlap. */
  async lockRun(db: Executor, kind: VipPayoutKind, period: string): Promise<RunRow | undefined> {
    const [row] = resultRows<RawRun>(
      await db.execute(sql`select ${runColumns} from vip_payout_runs
        where kind = ${kind} and period = ${period} for update`),
    );
    return row ? toRun(row) : undefined;
  },

  async advanceRun(
    db: Executor,
    id: bigint,
    step: { cursor: bigint; payouts: number; amount: bigint; credited: number },
  ): Promise<void> {
    await db.execute(sql`update vip_payout_runs set cursor = ${step.cursor}, slices = slices + 1,
        payouts = payouts + ${step.payouts}, amount = amount + ${step.amount}, credited = credited + ${step.credited}
      where id = ${id}`);
  },

  async finishRun(db: Executor, id: bigint): Promise<void> {
    await db.execute(sql`update vip_payout_runs set status = 'done', finished_at = now() where id = ${id}`);
  },

  async runsPage(
    db: Executor,
    query: { kind?: VipPayoutKind; offset: number; limit: number },
  ): Promise<{ rows: RunRow[]; total: number }> {
    const where = query.kind ? sql`where kind = ${query.kind}` : sql``;
    const [rows, total] = await Promise.all([
      db.execute(sql`select ${runColumns} from vip_payout_runs ${where}
        order by started_at desc, id desc offset ${query.offset} limit ${query.limit}`),
      db.execute(sql`select count(*)::int as total from vip_payout_runs ${where}`),
    ]);
    return {
      rows: resultRows<RawRun>(rows).map(toRun),
      total: Number(resultRows<{ total: number }>(total)[0]?.total ?? 0),
    };
  },

  async levels(db: Executor): Promise<Map<number, LevelPay>> {
    const rows = resultRows<{
      level: number;
      weekly_wage: string;
      monthly_wage: string;
      birthday_bonus: string;
      rebate_rates: Record<string, number | string>;
      multiple: number;
    }>(
      await db.execute(sql`select level, weekly_wage::text, monthly_wage::text, birthday_bonus::text, rebate_rates,
        multiple from vip_levels`),
    );
    return new Map(
      rows.map((row) => [
        Number(row.level),
        {
          level: Number(row.level),
          weeklyWage: BigInt(row.weekly_wage),
          monthlyWage: BigInt(row.monthly_wage),
          birthdayBonus: BigInt(row.birthday_bonus),
          rebateRates: Object.fromEntries(
            Object.entries(row.rebate_rates ?? {}).map(([category, rate]) => [category, Math.trunc(Number(rate)) || 0]),
          ),
          multiple: Number(row.multiple),
        },
      ]),
    );
  },

  /** The level now of active members among these ids (a disabled member is paid nothing). */
  async activeLevels(db: Executor, memberIds: readonly bigint[]): Promise<Map<bigint, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = resultRows<{ id: string; level: number }>(
      await db.execute(sql`select m.id::text, ${levelOf} as level
        from members m
        where m.id = any(${sql.param(memberIds.map(String))}::bigint[]) and m.status = 'active'`),
    );
    return new Map(rows.map((row) => [BigInt(row.id), Number(row.level)]));
  },

  /**
   * The next slice of active members whose level pays a wage (levels: those whose wage is above zero), after the
   * cursor, in id order.
   */
  async wageSlice(
    db: Executor,
    input: { levels: readonly number[]; afterMemberId: bigint; limit: number },
  ): Promise<Array<{ memberId: bigint; level: number }>> {
    if (input.levels.length === 0) return [];
    const rows = resultRows<{ id: string; level: number }>(
      await db.execute(sql`select m.id::text, ${levelOf} as level
        from members m
        where m.id > ${input.afterMemberId} and m.status = 'active'
          and ${levelOf} = any(${sql.param([...input.levels])}::int[])
        order by m.id limit ${input.limit}`),
    );
    return rows.map((row) => ({ memberId: BigInt(row.id), level: Number(row.level) }));
  },

  /** Valid turnover of the members with ids in (after, upTo] within the span, all categories. */
  async turnoverOf(
    db: Executor,
    input: { afterMemberId: bigint; upToMemberId: bigint; start: Date; end: Date },
  ): Promise<Map<bigint, bigint>> {
    const rows = resultRows<{ member_id: string; valid: string }>(
      await db.execute(sql`select member_id::text, sum(valid)::text as valid from member_valid_bets
        where member_id > ${input.afterMemberId} and member_id <= ${input.upToMemberId}
          and counted_at >= ${input.start.toISOString()}::timestamptz and counted_at < ${input.end.toISOString()}::timestamptz
        group by member_id`),
    );
    return new Map(rows.map((row) => [BigInt(row.member_id), BigInt(row.valid)]));
  },

  /** The next slice of active members born on one of these month-days ('11-26'), after the cursor. */
  async birthdaySlice(
    db: Executor,
    input: { monthDays: readonly string[]; afterMemberId: bigint; limit: number },
  ): Promise<Array<{ memberId: bigint; level: number }>> {
    const rows = resultRows<{ id: string; level: number }>(
      await db.execute(sql`select m.id::text, ${levelOf} as level
        from members m
        where m.id > ${input.afterMemberId} and m.status = 'active' and m.birthday is not null
          and to_char(m.birthday, 'MM-DD') = any(${sql.param([...input.monthDays])}::text[])
        order by m.id limit ${input.limit}`),
    );
    return rows.map((row) => ({ memberId: BigInt(row.id), level: Number(row.level) }));
  },

  /**
   * Writes a slice's payouts; one a member already has for the kind and period is left as it is. Answers the
   * member ids written now (only those are credited or claimable).
   */
  async insertPayouts(
    db: Executor,
    input: {
      kind: VipPayoutKind;
      period: string;
      runId: bigint;
      status: 'paid' | 'pending';
      expiryDays: number;
      payouts: readonly NewPayout[];
    },
  ): Promise<Array<{ id: bigint; memberId: bigint }>> {
    if (input.payouts.length === 0) return [];
    const { payouts } = input;
    const rows = resultRows<{ id: string; member_id: string }>(
      await db.execute(sql`insert into vip_payouts
          (member_id, kind, period, run_id, level, amount, multiple, detail, status, expires_at)
        select m, ${input.kind}, ${input.period}, ${input.runId}, l, a, x, d, ${input.status},
          ${input.status === 'pending' ? sql`now() + make_interval(days => ${input.expiryDays}::int)` : sql`null::timestamptz`}
        from unnest(
          ${sql.param(payouts.map((p) => String(p.memberId)))}::bigint[],
          ${sql.param(payouts.map((p) => p.level))}::int[],
          ${sql.param(payouts.map((p) => String(p.amount)))}::bigint[],
          ${sql.param(payouts.map((p) => p.multiple))}::int[],
          ${sql.param(payouts.map((p) => JSON.stringify(p.detail)))}::jsonb[]) as i(m, l, a, x, d)
        order by m
        on conflict (member_id, kind, period) do nothing
        returning id::text, member_id::text`),
    );
    return rows.map((row) => ({ id: BigInt(row.id), memberId: BigInt(row.member_id) }));
  },

  /** The member's payouts still to claim (not expired), oldest first. */
  async pending(db: Executor, memberId: bigint): Promise<PayoutRow[]> {
    return resultRows<RawPayout>(
      await db.execute(sql`select ${payoutColumns} from vip_payouts
        where member_id = ${memberId} and status = 'pending' and expires_at > now() order by id`),
    ).map(toPayout);
  },

  /** One of the member's payouts, locked (another member's id finds nothing). */
  async lockOne(db: Executor, memberId: bigint, id: bigint): Promise<(PayoutRow & { expired: boolean }) | undefined> {
    const [row] = resultRows<RawPayout & { expired: boolean }>(
      await db.execute(sql`select ${payoutColumns}, (expires_at is not null and expires_at <= now()) as expired
        from vip_payouts where id = ${id} and member_id = ${memberId} for update`),
    );
    return row ? { ...toPayout(row), expired: row.expired } : undefined;
  },

  /** Every payout the member can claim now, locked in id order. */
  async lockPending(db: Executor, memberId: bigint): Promise<PayoutRow[]> {
    return resultRows<RawPayout>(
      await db.execute(sql`select ${payoutColumns} from vip_payouts
        where member_id = ${memberId} and status = 'pending' and expires_at > now() order by id for update`),
    ).map(toPayout);
  },

  async markClaimed(db: Executor, ids: readonly bigint[]): Promise<void> {
    if (ids.length === 0) return;
    await db.execute(sql`update vip_payouts set status = 'claimed', claimed_at = now()
      where id = any(${sql.param(ids.map(String))}::bigint[])`);
  },

  /** Pending payouts past their expiry become expired; answers how many. */
  async expireOverdue(db: Executor): Promise<number> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`update vip_payouts set status = 'expired'
        where status = 'pending' and expires_at <= now() returning id::text`),
    );
    return rows.length;
  },
};
