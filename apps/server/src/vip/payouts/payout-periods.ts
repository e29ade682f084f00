import { addDays, isoWeekOf, platformDay, platformDayBounds, type VipPayoutKind } from '@jinb/contract';

/**
 * The periods the payout jobs run for, as keys: a platform day '2026-11-25' (rebate, birthday), an ISO week
 * '2026-W48' (weekly wage: Monday to Monday), a calendar month '2026-11' (monthly wage). Days are computed on the
 * calendar (UTC arithmetic on the date alone); the instants a period spans come from the platform's time zone.
 */

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

function dateOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

function dayOf(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The Monday a week key starts on. */
export function weekMonday(week: string): string {
  const [year, number] = week.split('-W').map(Number) as [number, number];
  const january4 = new Date(Date.UTC(year, 0, 4));
  const firstMonday = january4.getTime() - ((january4.getUTCDay() + 6) % 7) * DAY_MS;
  return dayOf(new Date(firstMonday + (number - 1) * 7 * DAY_MS));
}

/** The first and the last-plus-one day of a period key, or null when the key is not one of that kind. */
export function periodDays(kind: VipPayoutKind, period: string): { first: string; next: string } | null {
  if (kind === 'rebate' || kind === 'birthday') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(period) || dayOf(dateOf(period)) !== period) return null;
    return { first: period, next: addDays(period, 1) };
  }
  if (kind === 'weekly') {
    const match = /^(\d{4})-W(\d{2})$/.exec(period);
    if (!match) return null;
    const first = weekMonday(period);
    if (isoWeekOf(first) !== period) return null;
    return { first, next: addDays(first, 7) };
  }
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return {
    first: `${year}-${pad(month)}-01`,
    next: month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`,
  };
}

/** The instants a period spans in the platform's time zone. */
export function periodSpan(kind: VipPayoutKind, period: string, timeZone: string): { start: Date; end: Date } | null {
  const days = periodDays(kind, period);
  if (!days) return null;
  const start = platformDayBounds(days.first, timeZone)?.start;
  const end = platformDayBounds(days.next, timeZone)?.start;
  return start && end ? { start, end } : null;
}

/** What is due at `now`: yesterday's rebate, last week's and last month's wages, today's birthdays. */
export function duePeriods(now: Date, timeZone: string): Array<{ kind: VipPayoutKind; period: string }> {
  const today = platformDay(now, timeZone);
  const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  return [
    { kind: 'rebate', period: addDays(today, -1) },
    { kind: 'weekly', period: isoWeekOf(addDays(today, -7)) },
    { kind: 'monthly', period: lastMonth },
    { kind: 'birthday', period: today },
  ];
}

/** A birthday payout's period: the year (a member is paid once a year, whatever their birthday is changed to). */
export function entitlementPeriod(kind: VipPayoutKind, period: string): string {
  return kind === 'birthday' ? period.slice(0, 4) : period;
}

/** The month-days whose birthdays are paid on `day`: 29 February's are paid on the 28th in other years. */
export function birthdayMonthDays(day: string): string[] {
  const monthDay = day.slice(5);
  const year = Number(day.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay];
}
