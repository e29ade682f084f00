import { isoWeekOf, mondayOf, platformDay, platformDayBounds, type TaskKind } from '@jinb/contract';
import type { Span } from '../rewards/member-activity.repository';

/**
 * Where a task kind counts now, in the platform's zone: daily from today's midnight, weekly from Monday's, newbie
 * and once since the member registered (all time). `period` names it in the claim's unique key, so a daily task is
 * claimable again tomorrow and a once task never again.
 */
export function periodOf(
  kind: TaskKind,
  now: Date,
  timeZone: string,
): { period: string; span: Span; firstDay: string | null } {
  const today = platformDay(now, timeZone);
  if (kind === 'daily')
    return { period: today, span: { start: platformDayBounds(today, timeZone)?.start }, firstDay: today };
  if (kind === 'weekly') {
    const monday = mondayOf(today);
    return { period: isoWeekOf(today), span: { start: platformDayBounds(monday, timeZone)?.start }, firstDay: monday };
  }
  return { period: 'once', span: {}, firstDay: null };
}
