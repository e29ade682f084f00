import type { LocalizedTexts } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** One row of vip_levels (migration 0020): amounts at scale 4, rebate rates in millionths, multiple in hundredths. */
export type VipLevel = {
  level: number;
  name: string;
  turnover: bigint;
  deposits: bigint;
  keepTurnover: bigint;
  upgradeBonus: bigint;
  weeklyWage: bigint;
  monthlyWage: bigint;
  birthdayBonus: bigint;
  rebateRates: Record<string, number>;
  withdrawCount: number;
  withdrawMax: bigint;
  multiple: number;
  /** The name in the other languages (issue 24). */
  i18n: LocalizedTexts<'name'>;
};

export type Standing = { memberId: bigint; level: number; peak: number; birthday: string | null };

type LevelColumns = {
  level: number;
  name: string;
  turnover: string;
  deposits: string;
  keep_turnover: string;
  upgrade_bonus: string;
  weekly_wage: string;
  monthly_wage: string;
  birthday_bonus: string;
  rebate_rates: Record<string, number> | string;
  withdraw_count: number;
  withdraw_max: string;
  multiple: number;
  i18n: LocalizedTexts<'name'> | string | null;
};

function levelOf(row: LevelColumns): VipLevel {
  return {
    level: Number(row.level),
    name: row.name,
    turnover: BigInt(row.turnover),
    deposits: BigInt(row.deposits),
    keepTurnover: BigInt(row.keep_turnover),
    upgradeBonus: BigInt(row.upgrade_bonus),
    weeklyWage: BigInt(row.weekly_wage),
    monthlyWage: BigInt(row.monthly_wage),
    birthdayBonus: BigInt(row.birthday_bonus),
    rebateRates: typeof row.rebate_rates === 'string' ? JSON.parse(row.rebate_rates) : row.rebate_rates,
    withdrawCount: Number(row.withdraw_count),
    withdrawMax: BigInt(row.withdraw_max),
    multiple: Number(row.multiple),
    i18n: (typeof row.i18n === 'string' ? JSON.parse(row.i18n) : row.i18n) ?? {},
  };
}

/** SQL for the level table, members' standing, the monthly review's progress and the upgrade job's cursor. */
export const vipRepository = {
  async levels(db: Executor): Promise<VipLevel[]> {
    const rows = resultRows<LevelColumns>(
      await db.execute(sql`select level, name, turnover::text, deposits::text, keep_turnover::text,
        upgrade_bonus::text, weekly_wage::text, monthly_wage::text, birthday_bonus::text, rebate_rates,
        withdraw_count, withdraw_max::text, multiple, i18n from vip_levels order by level`),
    );
    return rows.map(levelOf);
  },

  /** Replaces the whole table (the caller has validated it); levels no longer listed are removed. */
  async replaceLevels(db: Executor, levels: readonly VipLevel[]): Promise<void> {
    await db.execute(sql`lock table vip_levels in exclusive mode`);
    await db.execute(sql`delete from vip_levels where level > ${Math.max(...levels.map((one) => one.level))}`);
    for (const one of levels) {
      await db.execute(sql`insert into vip_levels (level, name, turnover, deposits, keep_turnover, upgrade_bonus,
          weekly_wage, monthly_wage, birthday_bonus, rebate_rates, withdraw_count, withdraw_max, multiple, i18n, updated_at)
        values (${one.level}, ${one.name}, ${one.turnover}, ${one.deposits}, ${one.keepTurnover}, ${one.upgradeBonus},
          ${one.weeklyWage}, ${one.monthlyWage}, ${one.birthdayBonus}, ${JSON.stringify(one.rebateRates)}::jsonb,
          ${one.withdrawCount}, ${one.withdrawMax}, ${one.multiple}, ${JSON.stringify(one.i18n)}::jsonb, now())
        on conflict (level) do update set name = excluded.name, turnover = excluded.turnover,
          deposits = excluded.deposits, keep_turnover = excluded.keep_turnover, upgrade_bonus = excluded.upgrade_bonus,
          weekly_wage = excluded.weekly_wage, monthly_wage = excluded.monthly_wage,
          birthday_bonus = excluded.birthday_bonus, rebate_rates = excluded.rebate_rates,
          withdraw_count = excluded.withdraw_count, withdraw_max = excluded.withdraw_max,
          multiple = excluded.multiple, i18n = excluded.i18n, updated_at = now()`);
    }
  },

  /** The member's standing (level 0, peak 0 when never evaluated); null when there is no such member. */
  async standing(db: Executor, memberId: bigint): Promise<Standing | null> {
    const [row] = resultRows<{ level: number | null; peak: number | null; birthday: string | null }>(
      await db.execute(sql`select v.level, v.peak, to_char(m.birthday, 'YYYY-MM-DD') as birthday
        from members m left join vip_members v on v.member_id = m.id where m.id = ${memberId}`),
    );
    if (!row) return null;
    return { memberId, level: Number(row.level ?? 0), peak: Number(row.peak ?? 0), birthday: row.birthday };
  },

  /** Creates the member's standing row if missing and locks it for the rest of the transaction. */
  async lockStanding(tx: Executor, memberId: bigint): Promise<{ level: number; peak: number }> {
    await tx.execute(sql`insert into vip_members (member_id) values (${memberId}) on conflict (member_id) do nothing`);
    const [row] = resultRows<{ level: number; peak: number }>(
      await tx.execute(sql`select level, peak from vip_members where member_id = ${memberId} for update`),
    );
    if (!row) throw new Error(`vip_members ${memberId} missing`);
    return { level: Number(row.level), peak: Number(row.peak) };
  },

  /** The new level (and peak), mirrored in members.vip_level in the same transaction. */
  async setLevel(tx: Executor, memberId: bigint, level: number, peak: number): Promise<void> {
    await tx.execute(sql`update vip_members set level = ${level}, peak = ${peak}, changed_at = now()
      where member_id = ${memberId}`);
    await tx.execute(sql`update members set vip_level = ${level} where id = ${memberId}`);
  },

  /** Sets the birthday; with `onlyUnset`, only when none is set yet. Answers whether a row changed. */
  async setBirthday(tx: Executor, memberId: bigint, birthday: string, onlyUnset: boolean): Promise<boolean> {
    const result = await tx.execute(sql`update members set birthday = ${birthday}::date where id = ${memberId}
      ${onlyUnset ? sql`and birthday is null` : sql``} returning id`);
    return resultRows(result).length > 0;
  },

  /** Members with valid bets or confirmed deposits counted at or after `since` (the upgrade job's slice). */
  async activeSince(db: Executor, since: Date | null, limit: number, afterMemberId: bigint): Promise<bigint[]> {
    const from = since ? sql`counted_at >= ${since.toISOString()}::timestamptz` : sql`true`;
    const rows = resultRows<{ member_id: string }>(
      await db.execute(sql`select member_id::text from (
          select member_id from member_valid_bets where ${from}
          union select member_id from member_deposits where ${from}) active
        where member_id > ${afterMemberId} order by member_id limit ${limit}`),
    );
    return rows.map((row) => BigInt(row.member_id));
  },

  async cursor(db: Executor, name: string): Promise<Date | null> {
    const [row] = resultRows<{ at: string | Date }>(
      await db.execute(sql`select at from vip_cursors where name = ${name}`),
    );
    return row ? new Date(row.at) : null;
  },

  async setCursor(db: Executor, name: string, at: Date): Promise<void> {
    await db.execute(sql`insert into vip_cursors (name, at) values (${name}, ${at.toISOString()}::timestamptz)
      on conflict (name) do update set at = greatest(vip_cursors.at, excluded.at)`);
  },

  /** Claims the month's review row (created on first use) and locks it; null once the review has finished. */
  async lockReview(tx: Executor, month: string): Promise<{ afterMember: bigint } | null> {
    await tx.execute(sql`insert into vip_reviews (month) values (${month}) on conflict (month) do nothing`);
    const [row] = resultRows<{ after_member: string; finished: boolean }>(
      await tx.execute(sql`select after_member::text, finished_at is not null as finished from vip_reviews
        where month = ${month} for update`),
    );
    if (!row || row.finished) return null;
    return { afterMember: BigInt(row.after_member) };
  },

  async advanceReview(
    tx: Executor,
    month: string,
    progress: { afterMember: bigint; relegated: number; restored: number; finished: boolean },
  ): Promise<void> {
    await tx.execute(sql`update vip_reviews set after_member = ${progress.afterMember},
      relegated = relegated + ${progress.relegated}, restored = restored + ${progress.restored}
      ${progress.finished ? sql`, finished_at = now()` : sql``} where month = ${month}`);
  },

  async review(db: Executor, month: string) {
    const [row] = resultRows<{ relegated: number; restored: number; finished: boolean }>(
      await db.execute(sql`select relegated, restored, finished_at is not null as finished from vip_reviews
        where month = ${month}`),
    );
    return row ?? null;
  },

  /** The next members the review looks at (anyone who ever reached a level), locked in id order. */
  async reviewSlice(tx: Executor, afterMember: bigint, limit: number) {
    const rows = resultRows<{ member_id: string; level: number; peak: number }>(
      await tx.execute(sql`select member_id::text, level, peak from vip_members
        where peak > 0 and member_id > ${afterMember} order by member_id limit ${limit} for update`),
    );
    return rows.map((row) => ({ memberId: BigInt(row.member_id), level: Number(row.level), peak: Number(row.peak) }));
  },
};
