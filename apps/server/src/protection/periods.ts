import { addDays, mondayOf, platformDay, platformDayBounds } from '@jinb/contract';

export type LimitPeriod = 'day' | 'week' | 'month';
/** A half-open span of time: `start` inclusive, `end` (the next period's start) exclusive. */
export type Span = { start: Date; end: Date };

function dayStart(day: string, timeZone: string): Date {
  const bounds = platformDayBounds(day, timeZone);
  if (!bounds) throw new Error(`no bounds for ${day}`);
  return bounds.start;
}

/** The first day of the calendar month after the one `day` ("YYYY-MM-DD") falls in. */
function nextMonthFirst(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The period of a limit that `now` falls in, in the platform's zone: the calendar day, the week from Monday, the
 * calendar month. `end` is where the limit resets. Computed from calendar dates in the zone, so a day with a clock
 * change is 23 or 25 hours long.
 */
export function periodSpan(period: LimitPeriod, now: Date, timeZone: string): Span {
  const today = platformDay(now, timeZone);
  if (period === 'day') return { start: dayStart(today, timeZone), end: dayStart(addDays(today, 1), timeZone) };
  if (period === 'week') {
    const monday = mondayOf(today);
    return { start: dayStart(monday, timeZone), end: dayStart(addDays(monday, 7), timeZone) };
  }
  const first = `${today.slice(0, 7)}-01`;
  return { start: dayStart(first, timeZone), end: dayStart(nextMonthFirst(first), timeZone) };
}
