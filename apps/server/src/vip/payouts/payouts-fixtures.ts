import { randomBytes } from 'node:crypto';
import { platformDayBounds, type VipPayoutKind } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';

/** Test helpers: members' levels and birthdays, a day of bets written straight into the bet tables, settings. */

export async function setLevel(db: Executor, memberIds: readonly bigint[], level: number): Promise<void> {
  await db.execute(sql`update members set vip_level = ${level}
    where id = any(${sql.param(memberIds.map(String))}::bigint[])`);
}

export async function setBirthday(db: Executor, memberId: bigint, birthday: string | null): Promise<void> {
  await db.execute(sql`update members set birthday = ${birthday}::date where id = ${memberId}`);
}

export async function setMode(
  db: Executor,
  kind: VipPayoutKind,
  change: { mode?: 'auto' | 'claim'; minTurnover?: bigint; enabled?: boolean },
): Promise<void> {
  await db.execute(sql`update vip_payout_settings set
      mode = coalesce(${change.mode ?? null}::text, mode),
      min_turnover = coalesce(${change.minTurnover === undefined ? null : String(change.minTurnover)}::bigint, min_turnover),
      enabled = coalesce(${change.enabled ?? null}::boolean, enabled)
    where kind = ${kind}`);
}

/** A settled house-table round of our own to hang casino bets on (one per app). */
async function fixtureRound(db: Executor): Promise<bigint> {
  await db.execute(sql`insert into casino_tables (code, game, name, limits)
    values ('VPAY1', 'baccarat', 'payout fixture', '{"min": "10000", "max": "100000000", "spots": {}}')
    on conflict (code) do nothing`);
  const [found] = resultRows<{ id: string }>(
    await db.execute(sql`select id::text from casino_rounds where table_code = 'VPAY1' limit 1`),
  );
  if (found) return BigInt(found.id);
  const [chain] = resultRows<{ id: string }>(
    await db.execute(sql`insert into casino_chains (table_code, secret, length, terminal_hash)
      values ('VPAY1', 'x', 1, 'x') returning id::text`),
  );
  const [round] = resultRows<{ id: string }>(
    await db.execute(sql`insert into casino_rounds (table_code, chain_id, number, seed, phase, closes_at, settled_at)
      values ('VPAY1', ${chain?.id}, 1, 'x', 'settled', now(), now()) returning id::text`),
  );
  return BigInt(round?.id ?? 0);
}

/** Settled casino bets with this valid turnover, counted at noon of the platform day. */
export async function casinoBet(db: Executor, memberId: bigint, day: string, valid: bigint, timeZone: string) {
  const round = await fixtureRound(db);
  const at = new Date((platformDayBounds(day, timeZone)?.start.getTime() ?? 0) + 12 * 3_600_000).toISOString();
  await db.execute(sql`insert into casino_bets (member_id, round_id, table_code, idempotency_key, params_hash, spots,
      stake, payout, valid, status, placed_at, settled_at)
    values (${memberId}, ${round}, 'VPAY1', ${randomBytes(8).toString('hex')}, 'x', '[]', ${valid}, 0, ${valid},
      'settled', ${at}::timestamptz, ${at}::timestamptz)`);
}

/** A vendor's bet (platform code as the category), settled at noon of the platform day unless `status` says not. */
export async function vendorBet(
  db: Executor,
  memberId: bigint,
  day: string,
  input: { platform: string; valid: bigint; status?: 'settled' | 'rolled_back' },
  timeZone: string,
) {
  const at = new Date((platformDayBounds(day, timeZone)?.start.getTime() ?? 0) + 12 * 3_600_000).toISOString();
  await db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid, status, placed_at,
      settled_at)
    values (${input.platform}, ${memberId}, ${randomBytes(8).toString('hex')}, ${input.valid}, 0, ${input.valid},
      ${input.status ?? 'settled'}, ${at}::timestamptz, ${at}::timestamptz)`);
}

/** The grants of one programme to these members, in member order. */
export async function grantsOf(db: Executor, programme: string, memberIds: readonly bigint[]) {
  return resultRows<{ member_id: string; amount: string; reference: string; detail: Record<string, string | number> }>(
    await db.execute(sql`select member_id::text, amount::text, reference, detail from reward_grants
      where programme = ${programme} and member_id = any(${sql.param(memberIds.map(String))}::bigint[])
      order by reward_grants.member_id, reward_grants.id`),
  );
}
