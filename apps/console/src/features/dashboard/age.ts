import { dashboardMessages } from './messages';

const t = dashboardMessages.age;

/** How long an item has waited, in words: "不到 1 分钟", "12 分钟", "3 小时 5 分", "2 天 4 小时". */
export function waitedFor(since: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  if (!(minutes >= 1)) return t.justNow;
  if (minutes < 60) return t.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t.hours(hours, minutes % 60);
  return t.days(Math.floor(hours / 24), hours % 24);
}
