import { addDays, mondayOf, platformDay, platformDayBounds } from '@jinb/contract';

export type Period = { key: string; start: Date | null; end: Date | null };

function daySpan(first: string, days: number, timeZone: string): { start: Date; end: Date } {
  const start = platformDayBounds(first, timeZone)?.start;
  const end = platformDayBounds(addDays(first, days - 1), timeZone)?.end;
  if (!start || !end) throw new Error(`no bounds for ${first}`);
  return { start, end };
}

/**
 * The period a frequency puts `now` in ('once' spans everything), or the one before it (`previous`: the day or week
 * a rebate boost or loss rebate counts). Keys: 'once', a day '2026-11-25', a week by its Monday 'w2026-11-23'.
 */
export function periodOf(frequency: string, now: Date, timeZone: string, previous = false): Period {
  const today = platformDay(now, timeZone);
  if (frequency === 'day') {
    const day = previous ? addDays(today, -1) : today;
    return { key: day, ...daySpan(day, 1, timeZone) };
  }
  if (frequency === 'week') {
    const monday = addDays(mondayOf(today), previous ? -7 : 0);
    return { key: `w${monday}`, ...daySpan(monday, 7, timeZone) };
  }
  return { key: 'once', start: null, end: null };
}

/** The later of two starts and the earlier of two ends, either may be open. */
export function clip(period: Period, start: Date | null, end: Date | null): { start: Date | null; end: Date | null } {
  const later = !period.start ? start : !start ? period.start : period.start > start ? period.start : start;
  const earlier = !period.end ? end : !end ? period.end : period.end < end ? period.end : end;
  return { start: later, end: earlier };
}
