import {
  LIMIT_KEYS,
  LIMIT_RAISE_DELAY_MS,
  type LimitChange,
  type LimitKey,
  type LimitsUpdated,
  type LimitsView,
  type LimitUsage,
  type PendingLimit,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Database, Executor } from '../db/database';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { activityRepository } from './activity.repository';
import { type LimitRaise, limitsRepository, type MemberLimits } from './limits.repository';
import { type LimitPeriod, periodSpan } from './periods';

/** A PUT's values after the contract's parsing: amounts as bigint, minutes as numbers, null removes, absent leaves. */
export type LimitsInput = Partial<Record<LimitKey | 'realityMinutes', bigint | number | null | undefined>>;

type Value = bigint | number | null;

const PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];
const PERIOD_NAME: Record<LimitPeriod, 'Day' | 'Week' | 'Month'> = { day: 'Day', week: 'Week', month: 'Month' };

/** Whether `next` is stricter than `now`: a limit where there was none, or a lower one. Null is no limit. */
function stricter(next: Value, now: Value): boolean {
  if (next === null) return false;
  return now === null || next < now;
}

function sameValue(a: Value, b: Value): boolean {
  return a === null || b === null ? a === b : BigInt(a) === BigInt(b);
}

function wireValue(key: LimitKey | 'realityMinutes', value: Value): string | number | null {
  if (value === null) return null;
  return key === 'sessionMinutes' || key === 'realityMinutes' ? Number(value) : formatAmount(BigInt(value));
}

export type LimitsService = ReturnType<typeof createLimitsService>;

/**
 * The member's own limits. Lowering one (or setting one where there was none) is what a member who wants to stop
 * does, so it applies at once; raising or removing one is what a member chasing losses does, so it waits 24 hours
 * and then needs the member to confirm it. The reality check's interval is a reminder, not a limit: it applies at
 * once either way. Every change runs under the member's member_limits row lock, the one the money paths check under.
 */
export function createLimitsService(deps: { db: Database; clock: Clock; timeZone: string }) {
  const { db, clock, timeZone } = deps;

  function pendingView(raises: LimitRaise[], now: Date): LimitsView['pending'] {
    const pending: LimitsView['pending'] = {};
    for (const raise of raises) {
      pending[raise.key] = {
        value: wireValue(raise.key, raise.value),
        requestedAt: raise.requestedAt.toISOString(),
        effectiveAt: raise.effectiveAt.toISOString(),
        confirmable: raise.effectiveAt.getTime() <= now.getTime(),
      } satisfies PendingLimit;
    }
    return pending;
  }

  async function usage(executor: Executor, memberId: bigint, now: Date): Promise<LimitsView['usage']> {
    const entries = await Promise.all(
      PERIODS.flatMap((period) => {
        const span = periodSpan(period, now, timeZone);
        const resetsAt = span.end.toISOString();
        return [
          activityRepository
            .deposits(executor, memberId, span)
            .then((used) => [`deposit${PERIOD_NAME[period]}`, { used: formatAmount(used), resetsAt }] as const),
          activityRepository.netLoss(executor, memberId, span).then(
            // Ahead of the house there is no loss to count against a loss limit.
            (loss) => [`loss${PERIOD_NAME[period]}`, { used: formatAmount(loss > 0n ? loss : 0n), resetsAt }] as const,
          ),
        ];
      }),
    );
    return Object.fromEntries(entries) as Record<string, LimitUsage> as LimitsView['usage'];
  }

  async function view(executor: Executor, memberId: bigint, limits?: MemberLimits): Promise<LimitsView> {
    const now = clock();
    // PGlite answers one query at a time; on PostgreSQL these are separate connections outside any transaction.
    const [current, raises, used] = await Promise.all([
      limits ?? limitsRepository.read(executor, memberId),
      limitsRepository.raises(executor, memberId),
      usage(executor, memberId, now),
    ]);
    return {
      depositDay: current.depositDay === null ? null : formatAmount(current.depositDay),
      depositWeek: current.depositWeek === null ? null : formatAmount(current.depositWeek),
      depositMonth: current.depositMonth === null ? null : formatAmount(current.depositMonth),
      lossDay: current.lossDay === null ? null : formatAmount(current.lossDay),
      lossWeek: current.lossWeek === null ? null : formatAmount(current.lossWeek),
      lossMonth: current.lossMonth === null ? null : formatAmount(current.lossMonth),
      stakeMax: current.stakeMax === null ? null : formatAmount(current.stakeMax),
      sessionMinutes: current.sessionMinutes,
      realityMinutes: current.realityMinutes,
      pending: pendingView(raises, now),
      usage: used,
    };
  }

  return {
    view(memberId: bigint): Promise<LimitsView> {
      return view(db, memberId);
    },

    async update(memberId: bigint, input: LimitsInput): Promise<LimitsUpdated> {
      const now = clock();
      const changes: LimitChange[] = [];
      await db.transaction(async (tx) => {
        const current = await limitsRepository.lock(tx, memberId);
        const waiting = new Map((await limitsRepository.raises(tx, memberId)).map((raise) => [raise.key, raise]));
        if (input.realityMinutes !== undefined) {
          const next = input.realityMinutes === null ? null : Number(input.realityMinutes);
          const status = sameValue(next, current.realityMinutes) ? 'unchanged' : 'applied';
          if (status === 'applied') await limitsRepository.set(tx, memberId, 'realityMinutes', next, now);
          changes.push({ key: 'realityMinutes', status, effectiveAt: now.toISOString() });
        }
        for (const key of LIMIT_KEYS) {
          const raw = input[key];
          if (raw === undefined) continue;
          const next: Value = raw === null ? null : key === 'sessionMinutes' ? Number(raw) : BigInt(raw);
          const inForce = current[key];
          const pending = waiting.get(key);
          if (sameValue(next, inForce)) {
            // The form sends every field: a value left as it is keeps whatever is waiting for that key.
            changes.push({ key, status: 'unchanged', effectiveAt: now.toISOString() });
          } else if (stricter(next, inForce)) {
            await limitsRepository.set(tx, memberId, key, next, now);
            // A stricter limit overrides a looser one still waiting.
            if (pending) await limitsRepository.dropRaise(tx, memberId, key);
            changes.push({ key, status: 'applied', effectiveAt: now.toISOString() });
          } else if (pending && sameValue(pending.value, next)) {
            // Asked again for what is already waiting: the 24 hours do not start over.
            changes.push({ key, status: 'pending', effectiveAt: pending.effectiveAt.toISOString() });
          } else {
            const effectiveAt = new Date(now.getTime() + LIMIT_RAISE_DELAY_MS);
            const value = next === null ? null : BigInt(next);
            await limitsRepository.putRaise(tx, memberId, { key, value, requestedAt: now, effectiveAt });
            changes.push({ key, status: 'pending', effectiveAt: effectiveAt.toISOString() });
          }
        }
      });
      return { ...(await view(db, memberId)), changes };
    },

    /** Applies a raise or removal whose 24 hours have passed. */
    async confirm(memberId: bigint, key: LimitKey): Promise<LimitsView> {
      const now = clock();
      await db.transaction(async (tx) => {
        await limitsRepository.lock(tx, memberId);
        const raise = (await limitsRepository.raises(tx, memberId)).find((one) => one.key === key);
        if (!raise) throw new AppError('LIMIT_NOT_PENDING');
        // When it becomes due is in the view's `pending`; the refusal is the plain envelope.
        if (raise.effectiveAt.getTime() > now.getTime()) throw new AppError('LIMIT_NOT_DUE');
        const value = raise.value === null ? null : key === 'sessionMinutes' ? Number(raise.value) : raise.value;
        await limitsRepository.set(tx, memberId, key, value, now);
        await limitsRepository.dropRaise(tx, memberId, key);
      });
      return view(db, memberId);
    },

    /** Drops a raise or removal, waiting or due: the limit in force stays. */
    async cancel(memberId: bigint, key: LimitKey): Promise<LimitsView> {
      await db.transaction(async (tx) => {
        await limitsRepository.lock(tx, memberId);
        if (!(await limitsRepository.dropRaise(tx, memberId, key))) throw new AppError('LIMIT_NOT_PENDING');
      });
      return view(db, memberId);
    },
  };
}
