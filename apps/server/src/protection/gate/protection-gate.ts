import { type ErrorCode, formatDateTime } from '@jinb/contract';
import { formatAmount, truncateMoney } from '@jinb/money';
import type { Executor } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { LedgerService } from '../../wallet/ledger/ledger.service';
import { activityRepository } from '../activity.repository';
import { type ExclusionRow, exclusionOf } from '../exclusion.repository';
import { type LimitPeriod, periodSpan, type Span } from '../periods';
import { gateRepository, type LimitsRow } from './gate.repository';

/**
 * The member session a money call comes with, for the session-time limit; null where there is none (a seamless
 * vendor's debit, a job).
 */
export type PlaySession = { startedAt: Date } | null;

const PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];
const DEPOSIT_LIMITS = {
  day: ['depositDay', 'DEPOSIT_LIMIT_DAY'],
  week: ['depositWeek', 'DEPOSIT_LIMIT_WEEK'],
  month: ['depositMonth', 'DEPOSIT_LIMIT_MONTH'],
} as const satisfies Record<LimitPeriod, readonly [keyof LimitsRow, ErrorCode]>;
const LOSS_LIMITS = {
  day: ['lossDay', 'LOSS_LIMIT_DAY'],
  week: ['lossWeek', 'LOSS_LIMIT_WEEK'],
  month: ['lossMonth', 'LOSS_LIMIT_MONTH'],
} as const satisfies Record<LimitPeriod, readonly [keyof LimitsRow, ErrorCode]>;

export type ProtectionGate = ReturnType<typeof createProtectionGate>;

/**
 * Where the member's own limits and exclusions meet the money. Each check runs inside the money path's transaction
 * before any ledger lock, with the member's limits row locked, so two parallel bets or deposits of one member are
 * checked one after the other and cannot both fit under a limit only one fits under. Refusals name the limit, its
 * amount and when its period starts again (`params` for the message, `detail` for the site).
 */
export function createProtectionGate(deps: { clock: Clock; timeZone: string }) {
  const { clock, timeZone } = deps;
  const minute = (instant: Date) => formatDateTime(instant, timeZone).slice(0, 16);

  function refuseExclusion(exclusion: ExclusionRow | null): void {
    if (!exclusion) return;
    const until = exclusion.endsAt;
    throw new AppError(exclusion.kind === 'self' ? 'SELF_EXCLUDED' : 'TIMED_OUT', {
      // A permanent self-exclusion has no end to show.
      params: { until: until ? minute(until) : '永久' },
      detail: { kind: exclusion.kind, until: until?.toISOString() ?? null },
    });
  }

  function overLimit(code: ErrorCode, key: string, limit: bigint, used: bigint, span: Span): AppError {
    return new AppError(code, {
      params: { limit: truncateMoney(formatAmount(limit)), resetsAt: minute(span.end) },
      detail: { limit: key, value: formatAmount(limit), used: formatAmount(used), resetsAt: span.end.toISOString() },
    });
  }

  function checkSession(limits: LimitsRow, session: PlaySession, now: Date): void {
    if (limits.sessionMinutes === null || session === null) return;
    const minutes = Math.floor((now.getTime() - session.startedAt.getTime()) / 60_000);
    if (minutes < limits.sessionMinutes) return;
    throw new AppError('SESSION_TIME_LIMIT', {
      params: { limit: String(limits.sessionMinutes) },
      detail: { limit: 'sessionMinutes', value: limits.sessionMinutes, used: minutes, resetsAt: null },
    });
  }

  /** The limits row (locked) and the exclusion in force: what every check starts from. */
  async function state(db: Executor, memberId: bigint, now: Date) {
    const limits = await gateRepository.limits(db, memberId, true);
    refuseExclusion(await exclusionOf(db, memberId, now));
    return limits;
  }

  /** The limits row (not locked) after refusing an exclusion in force: one statement for the usual member. */
  async function screened(db: Executor, memberId: bigint, now: Date): Promise<LimitsRow | null> {
    const { limits, excluded } = await gateRepository.screen(db, memberId, now);
    if (excluded) refuseExclusion(await exclusionOf(db, memberId, now));
    return limits;
  }

  async function checkStake(db: Executor, memberId: bigint, limits: LimitsRow, stake: bigint, now: Date) {
    if (limits.stakeMax !== null && stake > limits.stakeMax)
      throw new AppError('STAKE_LIMIT', {
        params: { limit: truncateMoney(formatAmount(limits.stakeMax)) },
        detail: { limit: 'stakeMax', value: formatAmount(limits.stakeMax), used: formatAmount(stake), resetsAt: null },
      });
    for (const period of PERIODS) {
      const [key, code] = LOSS_LIMITS[period];
      const limit = limits[key] as bigint | null;
      if (limit === null) continue;
      const span = periodSpan(period, now, timeZone);
      const loss = await activityRepository.netLoss(db, memberId, span);
      // The stake is counted as lost: the bet that could take the member past the limit is the one refused.
      if (loss + stake > limit) throw overLimit(code, key, limit, loss, span);
    }
  }

  const gate = {
    /** A deposit order: refused while excluded, past the session time, or above a deposit limit with what the period holds. */
    async deposit(tx: Executor, memberId: bigint, amount: bigint, session: PlaySession): Promise<void> {
      const now = clock();
      const limits = await state(tx, memberId, now);
      if (!limits) return;
      checkSession(limits, session, now);
      for (const period of PERIODS) {
        const [key, code] = DEPOSIT_LIMITS[period];
        const limit = limits[key] as bigint | null;
        if (limit === null) continue;
        const span = periodSpan(period, now, timeZone);
        const used = await activityRepository.deposits(tx, memberId, span);
        if (used + amount > limit) throw overLimit(code, key, limit, used, span);
      }
    },

    /**
     * Money put at stake (a bet, a house-table action, a transfer to a vendor, a seamless vendor's debit): refused
     * while excluded, past the session time, above the single-stake limit, or when it could take the period's net
     * loss past a loss limit.
     */
    async stake(tx: Executor, memberId: bigint, stake: bigint, session: PlaySession): Promise<void> {
      const now = clock();
      const limits = await state(tx, memberId, now);
      if (!limits) return;
      checkSession(limits, session, now);
      await checkStake(tx, memberId, limits, stake, now);
    },

    /** Opening a game or sitting at a house table: refused while excluded or past the session time. */
    async entry(db: Executor, memberId: bigint, session: PlaySession): Promise<void> {
      const now = clock();
      const limits = await screened(db, memberId, now);
      if (limits) checkSession(limits, session, now);
    },

    /** Refuses a reward to a member who is excluded now (a claim says why; a job skips them: see excludedAmong). */
    async refuseReward(tx: Executor, memberId: bigint): Promise<void> {
      refuseExclusion(await exclusionOf(tx, memberId, clock()));
    },

    /** The members of a batch (rewards, marketing messages) who are excluded now and must be left out. */
    excludedAmong(db: Executor, memberIds: readonly bigint[]): Promise<Set<bigint>> {
      return gateRepository.excludedAmong(db, memberIds, clock());
    },

    /**
     * A stake moved by one statement (sports, house tables, venue transfers: their own transaction, one round trip).
     * A member with no limits row and no exclusion keeps that path after one more statement (a primary-key lookup and
     * an index probe), with no lock. A member with limits gets one transaction that locks the row, checks, then runs
     * the same statement.
     */
    async staking<T>(
      ledger: LedgerService,
      db: Executor,
      input: { memberId: bigint; stake: bigint; session: PlaySession },
      run: (executor: Executor) => Promise<T>,
    ): Promise<T> {
      if (!(await screened(db, input.memberId, clock()))) return run(db);
      return ledger.transaction(async (tx) => {
        await gate.stake(tx, input.memberId, input.stake, input.session);
        return run(tx);
      });
    },
  };
  return gate;
}
