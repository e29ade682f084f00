import {
  DEFAULT_LANG,
  formatMultiple,
  type Lang,
  platformDay,
  platformDayBounds,
  rolesOf,
  type VipLevelsBody,
  type VipLevelView,
  type VipStanding,
  type VipsListView,
  type VipsView,
} from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database, Executor } from '../db/database';
import type { SystemMessages } from '../messages/system-messages';
import type { ProtectionGate } from '../protection/gate/protection-gate';
import { memberActivityRepository, type Span } from '../rewards/member-activity.repository';
import { AppError } from '../shared/app-error';
import { localizedText } from '../shared/localize';
import type { BonusService, Grant } from '../wallet/bonus/bonus.service';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import type { WalletRulesCache } from '../wallet/wallet-settings';
import { rateMillionths, ratePercent } from './rebate-rates';
import { type VipLevel, vipRepository } from './vip.repository';

const LEVELS_CACHE_MS = 5_000;
const REVIEW_SLICE = 100;
const UPGRADE_SLICE = 500;
/** The upgrade job looks back this far before its cursor: a bet settled in a transaction that committed late. */
const UPGRADE_OVERLAP_MS = 5 * 60_000;

/** value / target as a percent with two decimals, truncated, capped at 100 (a zero target is met). */
export function percentOf(value: bigint, target: bigint): number {
  if (target <= 0n) return 100;
  const hundredths = (value * 10_000n) / target;
  return Number(hundredths > 10_000n ? 10_000n : hundredths) / 100;
}

/** The highest level whose turnover AND deposits thresholds both are met (levels sorted by level). */
export function earnedLevel(levels: readonly VipLevel[], turnover: bigint, deposits: bigint): number {
  let earned = 0;
  for (const one of levels) if (turnover >= one.turnover && deposits >= one.deposits) earned = one.level;
  return earned;
}

/** The calendar month before the one `instant` falls in, in the platform's zone: "2026-10". */
export function previousMonth(instant: Date, timeZone: string): string {
  const [year, month] = platformDay(instant, timeZone).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A calendar month's instants in the platform's zone. */
export function monthSpan(month: string, timeZone: string): { start: Date; end: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  const start = platformDayBounds(`${month}-01`, timeZone)?.start;
  const end = platformDayBounds(`${next}-01`, timeZone)?.start;
  if (!start || !end) throw new AppError('DATE_INVALID');
  return { start, end };
}

function sum(values: Map<string, bigint>): bigint {
  let total = 0n;
  for (const value of values.values()) total += value;
  return total;
}

/** A real calendar date between 1900-01-01 and today. */
function validBirthday(text: string, timeZone: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1900 && text <= platformDay(new Date(), timeZone);
}

export type VipService = ReturnType<typeof createVipService>;

/**
 * VIP levels (README.md): the level table (operator configuration), members' standing from their lifetime valid
 * turnover and deposits, upgrade bonuses once per level ever reached, the monthly keep-level review, birthdays.
 */
export function createVipService(deps: {
  db: Database;
  ledger: LedgerService;
  bonus: BonusService;
  rules: WalletRulesCache;
  timeZone: string;
  /** A level reached tells the member in their inbox, in the same transaction. */
  messages: SystemMessages;
  /** A member in a time-out or self-exclusion is not moved up (no bonus, no message) until it ends. */
  gate: Pick<ProtectionGate, 'excludedAmong'>;
}) {
  const { db, ledger, bonus, timeZone } = deps;
  let cached: { at: number; levels: Promise<VipLevel[]> } | null = null;

  function levels(): Promise<VipLevel[]> {
    if (!cached || Date.now() - cached.at > LEVELS_CACHE_MS) {
      const loading = vipRepository.levels(db);
      cached = { at: Date.now(), levels: loading };
      loading.catch(() => {
        if (cached?.levels === loading) cached = null;
      });
    }
    return cached.levels;
  }

  async function figures(tx: Executor, memberId: bigint, span: Span = {}) {
    const [turnover, deposits] = await Promise.all([
      memberActivityRepository.validTurnover(tx, memberId, span),
      memberActivityRepository.deposits(tx, memberId, span),
    ]);
    return { turnover: sum(turnover), deposits: deposits.amount };
  }

  const nameOf = (one: VipLevel, lang: Lang) => localizedText(one.name, one.i18n, 'name', lang);

  /** The level as shown: VIP0's withdrawal limits are the wallet settings' (what the withdrawal checks use). */
  async function levelViews(
    table: readonly VipLevel[],
    lang: Lang | 'operator' = DEFAULT_LANG,
  ): Promise<VipLevelView[]> {
    const rules = await deps.rules.get();
    return table.map((one) => ({
      level: one.level,
      name: lang === 'operator' ? one.name : nameOf(one, lang),
      ...(lang === 'operator' && { i18n: one.i18n }),
      turnover: formatAmount(one.turnover),
      deposits: formatAmount(one.deposits),
      keepTurnover: formatAmount(one.keepTurnover),
      upgradeBonus: formatAmount(one.upgradeBonus),
      weeklyWage: formatAmount(one.weeklyWage),
      monthlyWage: formatAmount(one.monthlyWage),
      birthdayBonus: formatAmount(one.birthdayBonus),
      rebateRates: Object.fromEntries(
        Object.entries(one.rebateRates).map(([category, rate]) => [category, ratePercent(Number(rate))]),
      ),
      withdrawCount: one.level === 0 ? rules.withdrawDailyCount : one.withdrawCount,
      withdrawMax: formatAmount(one.level === 0 ? rules.withdrawDailyAmount : one.withdrawMax),
      multiple: formatMultiple(one.multiple),
    }));
  }

  /**
   * Pays the upgrade bonus of each level newly reached and moves the member up: level = peak = the level earned,
   * under the standing row's lock, each bonus keyed vip_upgrade:<member>:<level> so it is paid once ever.
   */
  async function evaluate(memberId: bigint, actor: string): Promise<{ level: number; peak: number; paid: number }> {
    const table = await levels();
    const before = await vipRepository.standing(db, memberId);
    if (!before) throw new AppError('NOT_FOUND');
    const lifetime = await figures(db, memberId);
    const earned = earnedLevel(table, lifetime.turnover, lifetime.deposits);
    if (earned <= before.peak) return { level: before.level, peak: before.peak, paid: 0 };
    // The upgrade waits for the exclusion to end (the job looks at the member again when they next play): a refused
    // bonus would fail the whole upgrade on every pass.
    if ((await deps.gate.excludedAmong(db, [memberId])).size > 0)
      return { level: before.level, peak: before.peak, paid: 0 };
    return ledger.transaction(async (tx) => {
      const locked = await vipRepository.lockStanding(tx, memberId);
      if (earned <= locked.peak) return { ...locked, paid: 0 };
      const grants: Grant[] = table
        .filter((one) => one.level > locked.peak && one.level <= earned && one.upgradeBonus > 0n)
        .map((one) => ({
          memberId,
          programme: 'vip_upgrade',
          reference: `vip:${one.level}`,
          amount: one.upgradeBonus,
          multiple: one.multiple,
          key: `vip_upgrade:${memberId}:${one.level}`,
          actor,
          detail: { level: one.level, name: one.name },
        }));
      let paid = 0;
      for (const grant of grants) if (!(await bonus.grantIn(tx, grant)).replayed) paid += 1;
      await vipRepository.setLevel(tx, memberId, earned, earned);
      const reached = table.find((one) => one.level === earned);
      await deps.messages.sendIn(tx, [
        {
          memberId,
          template: 'vip_level',
          params: { level: String(earned), name: reached?.name ?? `VIP${earned}` },
          ref: `vip_level:${earned}`,
        },
      ]);
      return { level: earned, peak: earned, paid };
    });
  }

  async function standingView(memberId: bigint, lang: Lang = DEFAULT_LANG): Promise<VipStanding> {
    const table = await levels();
    const standing = await vipRepository.standing(db, memberId);
    if (!standing) throw new AppError('NOT_FOUND');
    const now = new Date();
    const thisMonth = monthSpan(platformDay(now, timeZone).slice(0, 7), timeZone);
    const [lifetime, month] = await Promise.all([figures(db, memberId), figures(db, memberId, thisMonth)]);
    const current = [...table].reverse().find((one) => one.level <= standing.level) ?? table[0];
    const next = table.find((one) => one.level > standing.level) ?? null;
    const keep = current?.keepTurnover ?? 0n;
    return {
      level: standing.level,
      name: current ? nameOf(current, lang) : `VIP${standing.level}`,
      peak: standing.peak,
      turnover: formatAmount(lifetime.turnover),
      deposits: formatAmount(lifetime.deposits),
      next: next && {
        level: next.level,
        name: nameOf(next, lang),
        turnover: formatAmount(next.turnover),
        deposits: formatAmount(next.deposits),
        turnoverPercent: percentOf(lifetime.turnover, next.turnover),
        depositsPercent: percentOf(lifetime.deposits, next.deposits),
      },
      month: {
        turnover: formatAmount(month.turnover),
        keepTurnover: formatAmount(keep),
        percent: percentOf(month.turnover, keep),
        kept: month.turnover >= keep,
      },
      birthday: standing.birthday,
    };
  }

  /** Checks and converts the operator's table; any flaw refuses the whole table. */
  function parseTable(body: VipLevelsBody): VipLevel[] {
    const invalid = () => new AppError('VIP_LEVEL_INVALID');
    const amount = (text: string) => {
      const parsed = parseAmount(text);
      if (!parsed.ok) throw invalid();
      return parsed.value;
    };
    const table = [...body.levels].sort((a, b) => a.level - b.level);
    const names = new Set<string>();
    const parsed = table.map((one, index): VipLevel => {
      if (one.level !== index || names.has(one.name)) throw invalid();
      names.add(one.name);
      const rebateRates: Record<string, number> = {};
      for (const [category, percent] of Object.entries(one.rebateRates)) {
        const rate = rateMillionths(percent);
        if (rate === null) throw invalid();
        rebateRates[category] = rate;
      }
      const withdrawMax = amount(one.withdrawMax);
      if (withdrawMax <= 0n) throw invalid();
      return {
        level: one.level,
        name: one.name,
        turnover: amount(one.turnover),
        deposits: amount(one.deposits),
        keepTurnover: amount(one.keepTurnover),
        upgradeBonus: amount(one.upgradeBonus),
        weeklyWage: amount(one.weeklyWage),
        monthlyWage: amount(one.monthlyWage),
        birthdayBonus: amount(one.birthdayBonus),
        rebateRates,
        withdrawCount: one.withdrawCount,
        withdrawMax,
        multiple: one.multiple,
        i18n: one.i18n,
      };
    });
    const first = parsed[0] ?? { turnover: -1n, deposits: -1n };
    if (first.turnover !== 0n || first.deposits !== 0n) throw invalid();
    for (let index = 1; index < parsed.length; index++) {
      const [lower, higher] = [parsed[index - 1] as VipLevel, parsed[index] as VipLevel];
      if (higher.turnover <= lower.turnover || higher.deposits <= lower.deposits) throw invalid();
    }
    return parsed;
  }

  /** The monthly review of one member (under the slice's lock): one level down, or one back up. */
  async function reviewOne(
    tx: Executor,
    table: readonly VipLevel[],
    span: { start: Date; end: Date },
    row: { memberId: bigint; level: number; peak: number },
  ): Promise<'relegated' | 'restored' | null> {
    const current = table.find((one) => one.level === row.level);
    if (!current) return null;
    const month = await figures(tx, row.memberId, span);
    if (row.level > 0 && month.turnover < current.keepTurnover) {
      const lifetime = await figures(tx, row.memberId);
      const earned = earnedLevel(table, lifetime.turnover, lifetime.deposits);
      const floor = table
        .filter((one) => one.level <= earned && one.keepTurnover === 0n)
        .reduce((highest, one) => Math.max(highest, one.level), 0);
      const target = Math.max(row.level - 1, floor);
      if (target >= row.level) return null;
      await vipRepository.setLevel(tx, row.memberId, target, row.peak);
      return 'relegated';
    }
    const above = table.find((one) => one.level === row.level + 1);
    if (row.level < row.peak && above && month.turnover >= above.keepTurnover) {
      await vipRepository.setLevel(tx, row.memberId, above.level, row.peak);
      return 'restored';
    }
    return null;
  }

  return {
    levels,
    evaluate,

    /** `vips`: the member's standing (evaluated first, so an earned level is paid now) and every level. */
    async vips(memberId: bigint | null, lang: Lang = DEFAULT_LANG): Promise<VipsView> {
      if (memberId !== null) await evaluate(memberId, `member:${memberId}`);
      const member = memberId === null ? null : await standingView(memberId, lang);
      return { level: member?.level ?? null, member, levels: await levelViews(await levels(), lang) };
    },

    /** `vipsList`: every level's privileges and the member's own level. */
    async vipsList(memberId: bigint | null, lang: Lang = DEFAULT_LANG): Promise<VipsListView> {
      const level = memberId === null ? null : (await evaluate(memberId, `member:${memberId}`)).level;
      return { level, levels: await levelViews(await levels(), lang) };
    },

    /** The member sets their birthday once; an operator changes it after. */
    async setBirthday(memberId: bigint, birthday: string, lang: Lang = DEFAULT_LANG): Promise<VipStanding> {
      if (!validBirthday(birthday, timeZone)) throw new AppError('BIRTHDAY_INVALID');
      const changed = await ledger.transaction((tx) => vipRepository.setBirthday(tx, memberId, birthday, true));
      if (!changed) throw new AppError('BIRTHDAY_SET');
      return standingView(memberId, lang);
    },

    async adminLevels(actor: OperatorActor): Promise<VipLevelView[]> {
      assertRole(actor, rolesOf('marketingViewers'));
      return levelViews(await vipRepository.levels(db), 'operator');
    },

    /** Replaces the level table whole, audited; an invalid table changes nothing. */
    async saveLevels(actor: OperatorActor, body: VipLevelsBody): Promise<VipLevelView[]> {
      assertRole(actor, rolesOf('marketing'));
      const table = parseTable(body);
      await ledger.transaction(async (tx) => {
        const before = await vipRepository.levels(tx);
        await vipRepository.replaceLevels(tx, table);
        await auditIn(tx, actor, 'vip.levels', 'vip_levels', {
          before: before.length,
          after: body.levels,
        });
      });
      cached = null;
      return levelViews(await levels(), 'operator');
    },

    async adminMember(actor: OperatorActor, memberId: bigint): Promise<VipStanding> {
      assertRole(actor, rolesOf('memberViewers'));
      return standingView(memberId);
    },

    async adminSetBirthday(actor: OperatorActor, memberId: bigint, birthday: string): Promise<VipStanding> {
      assertRole(actor, rolesOf('support'));
      if (!validBirthday(birthday, timeZone)) throw new AppError('BIRTHDAY_INVALID');
      await ledger.transaction(async (tx) => {
        const before = await vipRepository.standing(tx, memberId);
        if (!before) throw new AppError('NOT_FOUND');
        await vipRepository.setBirthday(tx, memberId, birthday, false);
        await auditIn(tx, actor, 'vip.birthday', `member:${memberId}`, { before: before.birthday, after: birthday });
      });
      return standingView(memberId);
    },

    /**
     * The keep-level review of a calendar month ("2026-10"), once across processes: slices of members under the
     * review row's lock, progress saved with each slice, so a second process or a restart continues where it stopped.
     */
    async reviewMonth(month: string): Promise<{ relegated: number; restored: number; finished: boolean }> {
      const span = monthSpan(month, timeZone);
      const table = await vipRepository.levels(db);
      for (;;) {
        const done = await ledger.transaction(async (tx) => {
          const claim = await vipRepository.lockReview(tx, month);
          if (!claim) return true;
          const slice = await vipRepository.reviewSlice(tx, claim.afterMember, REVIEW_SLICE);
          let [relegated, restored] = [0, 0];
          for (const row of slice) {
            const outcome = await reviewOne(tx, table, span, row);
            if (outcome === 'relegated') relegated += 1;
            if (outcome === 'restored') restored += 1;
          }
          const last = slice.at(-1)?.memberId ?? claim.afterMember;
          const finished = slice.length < REVIEW_SLICE;
          await vipRepository.advanceReview(tx, month, { afterMember: last, relegated, restored, finished });
          return finished;
        });
        if (done) break;
      }
      const review = await vipRepository.review(db, month);
      return { relegated: review?.relegated ?? 0, restored: review?.restored ?? 0, finished: true };
    },

    /** The upgrade job's pass: members with valid bets or deposits counted since its cursor are evaluated. */
    async upgradePass(
      onError?: (memberId: bigint, error: unknown) => void,
    ): Promise<{ members: number; paid: number }> {
      const started = new Date();
      const cursor = await vipRepository.cursor(db, 'upgrade');
      const since = cursor ? new Date(cursor.getTime() - UPGRADE_OVERLAP_MS) : null;
      let [after, members, paid] = [0n, 0, 0];
      for (;;) {
        const ids = await vipRepository.activeSince(db, since, UPGRADE_SLICE, after);
        for (const memberId of ids) {
          try {
            paid += (await evaluate(memberId, 'system:vip-upgrade')).paid;
          } catch (error) {
            onError?.(memberId, error);
          }
        }
        members += ids.length;
        if (ids.length < UPGRADE_SLICE) break;
        after = ids.at(-1) as bigint;
      }
      await vipRepository.setCursor(db, 'upgrade', started);
      return { members, paid };
    },

    /** The month the review due now covers (the last calendar month). */
    dueReviewMonth(now = new Date()): string {
      return previousMonth(now, timeZone);
    },
  };
}
