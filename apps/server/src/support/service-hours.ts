import type { ServiceHours } from '@jinb/contract';

/** The minute of the day (0-1439) in `timeZone`. */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((one) => one.type === type)?.value);
  return part('hour') * 60 + part('minute');
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether `at` falls in the service hours, read in the platform's zone. `open` equal to `close` is all day; `open`
 * after `close` runs over midnight (22:00-06:00). The close minute itself is outside.
 *
 * withinHours({ open: '09:00', close: '21:00' }, new Date('2026-11-26T12:59:00Z'), 'Asia/Shanghai') is true (20:59
 * there); at 13:00Z (21:00 there) it is false.
 */
export function withinHours(hours: ServiceHours, at: Date, timeZone: string): boolean {
  const open = minutes(hours.open);
  const close = minutes(hours.close);
  if (open === close) return true;
  const now = minuteOfDay(at, timeZone);
  return open < close ? now >= open && now < close : now >= open || now < close;
}
