import { type AgentPeriod, addDays, isoWeekOf, platformDay } from '@jinb/contract';
import { periodDays, periodSpan } from '../vip/payouts/payout-periods';

/**
 * Commission periods as keys, the same calendar as the VIP payouts: a platform day '2026-11-25', an ISO week
 * '2026-W48' (Monday to Monday), a month '2026-11'. The key's shape says which kind it is.
 */

const PAYOUT_KIND = { day: 'rebate', week: 'weekly', month: 'monthly' } as const;

/** Which kind of period a key is, or null when it is none. */
export function periodKind(period: string): AgentPeriod | null {
  for (const kind of ['day', 'week', 'month'] as const) if (periodDays(PAYOUT_KIND[kind], period) !== null) return kind;
  return null;
}

/** The first and last-plus-one day of a key of that kind, or null. */
export function commissionDays(kind: AgentPeriod, period: string): { first: string; next: string } | null {
  return periodDays(PAYOUT_KIND[kind], period);
}

/** The instants a period spans in the platform's zone. */
export function commissionSpan(kind: AgentPeriod, period: string, timeZone: string) {
  return periodSpan(PAYOUT_KIND[kind], period, timeZone);
}

/** The last period of this kind that has ended at `now`: yesterday, last ISO week, last month. */
export function lastEndedPeriod(kind: AgentPeriod, now: Date, timeZone: string): string {
  const today = platformDay(now, timeZone);
  if (kind === 'day') return addDays(today, -1);
  if (kind === 'week') return isoWeekOf(addDays(today, -7));
  return addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}
