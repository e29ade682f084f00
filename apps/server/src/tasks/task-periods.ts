import { platformDay, platformDayBounds, type TaskKind } from '@jinb/contract';
import type { Span } from '../rewards/member-activity.repository';

/** A calendar date `days` after (or before) "YYYY-MM-DD"; plain calendar arithmetic. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The Monday of the ISO week a day falls in. */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The ISO week's name, "2026-W48": the year of its Thursday, week 1 holding the year's first Thursday. */
export function isoWeekOf(day: string): string {
  const thursday = addDays(mondayOf(day), 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((Date.parse(thursday) - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

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
