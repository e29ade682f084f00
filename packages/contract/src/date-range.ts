import { TZDate } from '@date-fns/tz';

/** The spec's date-range presets: -1 none, 0 today, 1 yesterday, 2 last 7 days, 3 last 30 days. */
export const DATE_PRESETS = [-1, 0, 1, 2, 3] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** Each preset's key in the site's translations (`presets.<key>`). */
export const DATE_PRESET_LABELS: Readonly<Record<DatePreset, string>> = {
  [-1]: 'none',
  0: 'today',
  1: 'yesterday',
  2: 'week',
  3: 'month',
};

export type DateRange = { startTime: string; endTime: string };

/** The platform's zone when the operator has not set PLATFORM_TIMEZONE: where the business days begin and end. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** An IANA zone name the runtime knows ("Asia/Shanghai", "UTC"); offsets and abbreviations ("+08:00", "CST") are not. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The calendar date `daysBack` days before y-m-d, as "YYYY-MM-DD"; plain calendar arithmetic, no zone involved. */
function calendarDate(year: number, month: number, day: number, daysBack: number): string {
  const date = new Date(Date.UTC(year, month, day - daysBack));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The wall-clock time in `timeZone` as "YYYY-MM-DD HH:mm:ss", the form the records calls take. */
export function formatDateTime(date: Date, timeZone: string): string {
  const zoned = new TZDate(date.getTime(), timeZone);
  return `${calendarDate(zoned.getFullYear(), zoned.getMonth(), zoned.getDate(), 0)} ${pad(zoned.getHours())}:${pad(
    zoned.getMinutes(),
  )}:${pad(zoned.getSeconds())}`;
}

/**
 * Turns a preset into the startTime/endTime pair, as wall-clock times in the platform's zone: the server reads them
 * in that zone, so a phone set to another zone still asks for the platform's "today". "Last 7 days" includes today
 * (today and the 6 days before); "none" gives empty strings so no time filter is sent.
 */
export function dateRangeFor(preset: DatePreset, now: Date, timeZone: string): DateRange {
  if (preset === -1) return { startTime: '', endTime: '' };
  const today = new TZDate(now.getTime(), timeZone);
  const day = (daysBack: number) => calendarDate(today.getFullYear(), today.getMonth(), today.getDate(), daysBack);
  const [from, to] = preset === 0 ? [0, 0] : preset === 1 ? [1, 1] : preset === 2 ? [6, 0] : [29, 0];
  return { startTime: `${day(from)} 00:00:00`, endTime: `${day(to)} 23:59:59` };
}

const WIRE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

type WireParts = [year: number, month: number, day: number, hours: number, minutes: number, seconds: number];

/** The parts of "YYYY-MM-DD[ HH:mm:ss]" when they name a day that exists and a time of day; null otherwise. */
function wireParts(text: string): WireParts | null {
  const match = WIRE_DATE_TIME.exec(text);
  if (!match) return null;
  const parts = match.slice(1).map((part) => Number(part ?? 0)) as WireParts;
  const [year, month, day, hours, minutes, seconds] = parts;
  if (year < 1970 || month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day >= 1 && day <= daysInMonth ? parts : null;
}

/**
 * Whether a records call's time is one: "YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss", a day that exists in its month (no
 * 2099-13-01, no 2026-02-30), a time of day that exists. What parseDateTime reads, checked without a zone.
 */
export function isWireDateTime(text: string): boolean {
  return wireParts(text) !== null;
}

/** A records call's time as a sortable text: a day alone is its first second. */
export function wireDateTimeKey(text: string): string {
  return text.length === 10 ? `${text} 00:00:00` : text;
}

/**
 * "YYYY-MM-DD[ HH:mm:ss]" read as wall-clock time in `timeZone` -> the instant; null when empty or not a day and time
 * that exist (isWireDateTime). A time the clocks skip (the hour lost when they go forward) resolves to the next one
 * that exists.
 */
export function parseDateTime(text: string, timeZone: string): Date | null {
  const parts = wireParts(text.trim());
  if (!parts) return null;
  const [year, month, day, hours, minutes, seconds] = parts;
  const instant = new TZDate(year, month - 1, day, hours, minutes, seconds, timeZone).getTime();
  return Number.isNaN(instant) ? null : new Date(instant);
}

/** The platform's calendar date of an instant, "YYYY-MM-DD". */
export function platformDay(instant: Date, timeZone: string): string {
  return formatDateTime(instant, timeZone).slice(0, 10);
}

/** The calendar date `days` after (negative: before) "YYYY-MM-DD": plain calendar arithmetic, no zone involved. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return calendarDate(year, month - 1, date, -days);
}

/** The Monday of the ISO week a calendar date falls in (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The ISO week a calendar date belongs to, "2026-W48": the year of its Thursday, week 1 holding the first Thursday. */
export function isoWeekOf(day: string): string {
  const thursday = addDays(mondayOf(day), 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((Date.parse(thursday) - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1;
  return `${year}-W${pad(week)}`;
}

/**
 * The instants a platform day starts and ends (the next day's start): where daily limits reset and the operator's
 * day summary begins. Computed in the zone, so a day with a clock change is 23 or 25 hours long, as it should be.
 */
export function platformDayBounds(day: string, timeZone: string): { start: Date; end: Date } | null {
  const start = parseDateTime(day, timeZone);
  if (!start || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const end = parseDateTime(calendarDate(year, month - 1, date, -1), timeZone);
  return end ? { start, end } : null;
}
