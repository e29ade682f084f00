import {
  formatMultiple,
  platformDay,
  type RewardProgramme,
  rolesOf,
  VIP_PAYOUT_KINDS,
  type VipPayoutClaimed,
  type VipPayoutKind,
  type VipPayoutRunView,
  type VipPayoutSetting,
  type VipPayoutSettingsBody,
  type VipPayoutsView,
  type VipPayoutView,
} from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import { assertRole, auditIn, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import { memberActivityRepository } from '../../rewards/member-activity.repository';
import { AppError } from '../../shared/app-error';
import type { BonusService, Grant } from '../../wallet/bonus/bonus.service';
import type { LedgerService } from '../../wallet/ledger/ledger.service';
import { ratePercent, rebateOf } from '../rebate-rates';
import { birthdayMonthDays, entitlementPeriod, periodDays, periodSpan } from './payout-periods';
import {
  type LevelPay,
  type NewPayout,
  type PayoutRow,
  type RunRow,
  payoutsRepository as repo,
  type SettingRow,
} from './payouts.repository';

/** Who reads the payout jobs, and who changes their settings or runs one. */
export const PAYOUT_VIEWERS = rolesOf('marketingViewers');
export const PAYOUT_MANAGERS = rolesOf('marketing');

/** Members per slice: one transaction reads their figures, writes their payouts, credits them, moves the cursor. */
export const DEFAULT_SLICE = 2_000;

const PROGRAMME_OF: Record<VipPayoutKind, RewardProgramme> = {
  rebate: 'rebate',
  weekly: 'vip_weekly',
  monthly: 'vip_monthly',
  birthday: 'vip_birthday',
};

/** A member's day of turnover per category priced at their level's rates: the amount and its breakdown. */
export function priceRebate(
  categories: ReadonlyArray<{ category: string; valid: bigint }>,
  rates: Record<string, number>,
): { amount: bigint; detail: Record<string, string> } {
  let amount = 0n;
  const detail: Record<string, string> = {};
  for (const { category, valid } of categories) {
    const rate = rates[category] ?? rates.default ?? 0;
    const part = rebateOf(valid, rate);
    amount += part;
    detail[`${category}.valid`] = formatAmount(valid);
    detail[`${category}.rate`] = ratePercent(rate);
    detail[`${category}.amount`] = formatAmount(part);
  }
  return { amount, detail };
}

function runView(run: RunRow): VipPayoutRunView {
  return {
    id: String(run.id),
    kind: run.kind,
    period: run.period,
    mode: run.mode,
    status: run.status,
    payouts: run.payouts,
    credited: run.credited,
    amount: formatAmount(run.amount),
    slices: run.slices,
    startedBy: run.startedBy,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

function payoutView(row: PayoutRow): VipPayoutView {
  return {
    id: String(row.id),
    kind: row.kind,
    period: row.period,
    level: row.level,
    amount: formatAmount(row.amount),
    multiple: formatMultiple(row.multiple),
    status: row.status,
    detail: row.detail,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function settingView(row: SettingRow): VipPayoutSetting {
  return { ...row, minTurnover: formatAmount(row.minTurnover) };
}

/** One slice's outcome. */
type SliceResult = { done: boolean; payouts: number; credited: number; amount: bigint };

export type RunOptions = {
  /** Members per slice (tests use a few). */
  sliceSize?: number;
  /** Called after each committed slice: tests throw here to kill a run mid-way. */
  afterSlice?: (run: { kind: VipPayoutKind; period: string; slice: number }) => void | Promise<void>;
  /** Asked before each slice: false stops the walk (shutdown); the cursor says where the next runner starts. */
  keepGoing?: () => boolean;
  /** Who started it: system:<job> or operator:<id>. */
  startedBy?: string;
};

export type VipPayoutsService = ReturnType<typeof createVipPayoutsService>;

/**
 * The VIP programme's scheduled payouts: the daily rebate (返水), weekly and monthly wages (俸禄), the birthday bonus.
 * Each period is one run row (unique per kind and period); runners walk the members in id slices, each slice one
 * transaction that locks the run row, reads its cursor, writes the members' payouts (unique per member, kind and
 * period), credits them (auto mode) and advances the cursor. Rules in README.md.
 */
export function createVipPayoutsService(deps: {
  db: Database;
  ledger: LedgerService;
  bonus: BonusService;
  timeZone: string;
}) {
  const { db, ledger, bonus, timeZone } = deps;

  async function settingOf(kind: VipPayoutKind): Promise<SettingRow> {
    const found = (await repo.settings(db)).find((one) => one.kind === kind);
    return found ?? { kind, mode: 'auto', enabled: false, minTurnover: 0n, expiryDays: 7 };
  }

  /** The payouts of the next slice after the cursor, and the last member id it examined (null: nobody left). */
  async function computeSlice(
    tx: Executor,
    run: RunRow,
    setting: SettingRow,
    levels: Map<number, LevelPay>,
    limit: number,
  ): Promise<{ last: bigint | null; payouts: NewPayout[] }> {
    const span = periodSpan(run.kind, run.period, timeZone);
    if (!span) throw new AppError('VIP_PAYOUT_PERIOD_INVALID');
    const base = { kind: run.kind, period: run.period };

    if (run.kind === 'rebate') {
      const rows = await memberActivityRepository.turnoverByMember(tx, span, { afterMemberId: run.cursor, limit });
      if (rows.length === 0) return { last: null, payouts: [] };
      const byMember = new Map<bigint, Array<{ category: string; valid: bigint }>>();
      for (const row of rows) {
        const list = byMember.get(row.memberId) ?? [];
        list.push({ category: row.category, valid: row.valid });
        byMember.set(row.memberId, list);
      }
      const active = await repo.activeLevels(tx, [...byMember.keys()]);
      const payouts: NewPayout[] = [];
      for (const [memberId, categories] of byMember) {
        const level = active.get(memberId);
        const pay = level === undefined ? undefined : levels.get(level);
        if (level === undefined || !pay) continue;
        const priced = priceRebate(categories, pay.rebateRates);
        if (priced.amount <= 0n) continue;
        payouts.push({
          memberId,
          level,
          amount: priced.amount,
          multiple: pay.multiple,
          detail: { ...base, level, ...priced.detail },
        });
      }
      return { last: (rows[rows.length - 1] as (typeof rows)[number]).memberId, payouts };
    }

    if (run.kind === 'birthday') {
      const members = await repo.birthdaySlice(tx, {
        monthDays: birthdayMonthDays(run.period),
        afterMemberId: run.cursor,
        limit,
      });
      if (members.length === 0) return { last: null, payouts: [] };
      const payouts = members.flatMap(({ memberId, level }) => {
        const pay = levels.get(level);
        if (!pay || pay.birthdayBonus <= 0n) return [];
        return [{ memberId, level, amount: pay.birthdayBonus, multiple: pay.multiple, detail: { ...base, level } }];
      });
      return { last: (members[members.length - 1] as (typeof members)[number]).memberId, payouts };
    }

    const wageOf = (pay: LevelPay) => (run.kind === 'weekly' ? pay.weeklyWage : pay.monthlyWage);
    const paying = [...levels.values()].filter((pay) => wageOf(pay) > 0n).map((pay) => pay.level);
    const members = await repo.wageSlice(tx, { levels: paying, afterMemberId: run.cursor, limit });
    if (members.length === 0) return { last: null, payouts: [] };
    const last = (members[members.length - 1] as (typeof members)[number]).memberId;
    const turnover =
      setting.minTurnover > 0n
        ? await repo.turnoverOf(tx, { afterMemberId: run.cursor, upToMemberId: last, ...span })
        : new Map<bigint, bigint>();
    const payouts = members.flatMap(({ memberId, level }) => {
      const pay = levels.get(level);
      if (!pay) return [];
      const valid = turnover.get(memberId) ?? 0n;
      if (setting.minTurnover > 0n && valid < setting.minTurnover) return [];
      return [
        {
          memberId,
          level,
          amount: wageOf(pay),
          multiple: pay.multiple,
          detail: { ...base, level, ...(setting.minTurnover > 0n ? { valid: formatAmount(valid) } : {}) },
        },
      ];
    });
    return { last, payouts };
  }

  /** One slice in one transaction: lock the run, pay the next members, move the cursor. */
  async function slice(kind: VipPayoutKind, period: string, limit: number): Promise<SliceResult> {
    return ledger.transaction(async (tx) => {
      const run = await repo.lockRun(tx, kind, period);
      if (!run || run.status === 'done') return { done: true, payouts: 0, credited: 0, amount: 0n };
      const setting = (await repo.settings(tx)).find((one) => one.kind === kind) ?? {
        kind,
        mode: run.mode,
        enabled: true,
        minTurnover: 0n,
        expiryDays: 7,
      };
      const levels = await repo.levels(tx);
      const computed = await computeSlice(tx, run, setting, levels, limit);
      if (computed.last === null) {
        await repo.finishRun(tx, run.id);
        return { done: true, payouts: 0, credited: 0, amount: 0n };
      }
      const payoutPeriod = entitlementPeriod(kind, period);
      const written = await repo.insertPayouts(tx, {
        kind,
        period: payoutPeriod,
        runId: run.id,
        status: run.mode === 'auto' ? 'paid' : 'pending',
        expiryDays: setting.expiryDays,
        payouts: computed.payouts,
      });
      const writtenMembers = new Set(written.map((row) => row.memberId));
      const fresh = computed.payouts.filter((payout) => writtenMembers.has(payout.memberId));
      let credited = 0;
      if (run.mode === 'auto' && fresh.length > 0) {
        const programme = PROGRAMME_OF[kind];
        const grants: Grant[] = fresh.map((payout) => ({
          memberId: payout.memberId,
          programme,
          reference: `${programme}:${payoutPeriod}`,
          amount: payout.amount,
          multiple: payout.multiple,
          key: `${programme}:${payout.memberId}:${payoutPeriod}`,
          actor: `system:vip_payouts`,
          detail: payout.detail,
        }));
        credited = (await bonus.grantBatchIn(tx, grants)).credited;
      }
      const amount = fresh.reduce((sum, payout) => sum + payout.amount, 0n);
      await repo.advanceRun(tx, run.id, { cursor: computed.last, payouts: fresh.length, amount, credited });
      return { done: false, payouts: fresh.length, credited, amount };
    });
  }

  /**
   * Runs (or resumes) one period to its end. Any number of processes may call this at once for the same period:
   * the run row is created once, and its lock hands the slices out one at a time.
   */
  async function runPeriod(kind: VipPayoutKind, period: string, options: RunOptions = {}): Promise<RunRow> {
    if (!periodDays(kind, period)) throw new AppError('VIP_PAYOUT_PERIOD_INVALID');
    const existing = await repo.run(db, kind, period);
    if (existing?.status === 'done') return existing;
    if (!existing) {
      const setting = await settingOf(kind);
      await repo.claimRun(db, { kind, period, mode: setting.mode, startedBy: options.startedBy ?? 'system' });
    }
    const limit = options.sliceSize ?? DEFAULT_SLICE;
    for (let index = 1; ; index += 1) {
      if (options.keepGoing && !options.keepGoing()) break;
      const result = await slice(kind, period, limit);
      if (result.done) break;
      await options.afterSlice?.({ kind, period, slice: index });
    }
    const run = await repo.run(db, kind, period);
    if (!run) throw new AppError('INTERNAL');
    return run;
  }

  /** The period must be over (a birthday day may be today) before it is paid. */
  function assertPayable(kind: VipPayoutKind, period: string, now: Date): void {
    const days = periodDays(kind, period);
    if (!days) throw new AppError('VIP_PAYOUT_PERIOD_INVALID');
    const today = platformDay(now, timeZone);
    if (kind === 'birthday' ? days.first > today : days.next > today) throw new AppError('VIP_PAYOUT_PERIOD_INVALID');
  }

  /** Claims payouts already locked by the caller: marks them claimed and credits each under its own key. */
  async function claimLocked(tx: Executor, memberId: bigint, rows: readonly PayoutRow[]): Promise<VipPayoutClaimed> {
    await repo.markClaimed(
      tx,
      rows.map((row) => row.id),
    );
    let amount = 0n;
    for (const row of rows) {
      const programme = PROGRAMME_OF[row.kind];
      await bonus.grantIn(tx, {
        memberId,
        programme,
        reference: `${programme}:${row.period}`,
        amount: row.amount,
        multiple: row.multiple,
        key: `vip_claim:${row.id}`,
        actor: `member:${memberId}`,
        detail: { ...row.detail, payout: String(row.id) },
      });
      amount += row.amount;
    }
    return { claimed: rows.length, amount: formatAmount(amount) };
  }

  return {
    runPeriod,
    assertPayable,

    /** Pending payouts past their expiry become expired (the job's tick). */
    expireOverdue: () => repo.expireOverdue(db),

    settings: () => repo.settings(db),

    // --- the member ------------------------------------------------------------------------------------------------

    /** What the member can claim now. */
    async claimable(memberId: bigint): Promise<VipPayoutsView> {
      const rows = await repo.pending(db, memberId);
      return {
        list: rows.map(payoutView),
        total: rows.length,
        amount: formatAmount(rows.reduce((sum, row) => sum + row.amount, 0n)),
      };
    },

    /** Claims one: another member's id is not found; claimed or expired say so; 100 at once credit once. */
    claim(memberId: bigint, id: number): Promise<VipPayoutClaimed> {
      return ledger.transaction(async (tx) => {
        const row = await repo.lockOne(tx, memberId, BigInt(id));
        if (!row) throw new AppError('REWARD_NOT_FOUND');
        if (row.status === 'claimed' || row.status === 'paid') throw new AppError('VIP_PAYOUT_CLAIMED');
        if (row.status === 'expired' || row.expired) throw new AppError('VIP_PAYOUT_EXPIRED');
        return claimLocked(tx, memberId, [row]);
      });
    },

    /** Claims every payout waiting. */
    claimAll(memberId: bigint): Promise<VipPayoutClaimed> {
      return ledger.transaction(async (tx) => {
        const rows = await repo.lockPending(tx, memberId);
        if (rows.length === 0) throw new AppError('VIP_NOTHING_TO_CLAIM');
        return claimLocked(tx, memberId, rows);
      });
    },

    // --- operators -------------------------------------------------------------------------------------------------

    async adminSettings(actor: OperatorActor): Promise<VipPayoutSetting[]> {
      assertRole(actor, PAYOUT_VIEWERS);
      return (await repo.settings(db)).map(settingView);
    },

    async saveSettings(actor: OperatorActor, body: VipPayoutSettingsBody): Promise<VipPayoutSetting[]> {
      assertRole(actor, PAYOUT_MANAGERS);
      const kinds = body.settings.map((one) => one.kind);
      if (new Set(kinds).size !== kinds.length) throw new AppError('BAD_REQUEST');
      const rows: SettingRow[] = body.settings.map((one) => {
        const parsed = parseAmount(one.minTurnover);
        if (!parsed.ok || parsed.value < 0n) throw new AppError('BAD_REQUEST');
        return {
          kind: one.kind,
          mode: one.mode,
          enabled: one.enabled,
          minTurnover: parsed.value,
          expiryDays: one.expiryDays,
        };
      });
      await db.transaction(async (tx) => {
        for (const row of rows) await repo.saveSetting(tx, row);
        await auditIn(
          tx,
          actor,
          'vip.payouts.settings',
          'vip_payout_settings',
          rows.map((row) => settingView(row)),
        );
      });
      return (await repo.settings(db)).map(settingView);
    },

    async runs(actor: OperatorActor, query: { kind?: VipPayoutKind; page: number; size: number }) {
      assertRole(actor, PAYOUT_VIEWERS);
      const page = await repo.runsPage(db, {
        kind: query.kind,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return { list: page.rows.map(runView), total: page.total, page: query.page, size: query.size };
    },

    /** Runs one kind for one period now; a finished run answers its totals and pays nothing more. */
    async runNow(actor: OperatorActor, body: { kind: VipPayoutKind; period: string }): Promise<VipPayoutRunView> {
      assertRole(actor, PAYOUT_MANAGERS);
      if (!VIP_PAYOUT_KINDS.includes(body.kind)) throw new AppError('BAD_REQUEST');
      assertPayable(body.kind, body.period, new Date());
      const existing = await repo.run(db, body.kind, body.period);
      if (existing?.status === 'done') return runView(existing);
      if (!existing) {
        const setting = await settingOf(body.kind);
        await db.transaction(async (tx) => {
          const created = await repo.claimRun(tx, {
            kind: body.kind,
            period: body.period,
            mode: setting.mode,
            startedBy: `operator:${actor.id}`,
          });
          if (created)
            await auditIn(tx, actor, 'vip.payouts.run', `vip_payout_run:${body.kind}:${body.period}`, {
              mode: setting.mode,
            });
        });
      }
      return runView(await runPeriod(body.kind, body.period));
    },
  };
}
