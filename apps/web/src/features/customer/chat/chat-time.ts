/** Messages further apart than this get a time line between them (and the first one always does). */
export const TIME_GAP_MS = 5 * 60_000;

const pad = (value: number) => String(value).padStart(2, '0');

function dayStart(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * A time line's words, on the phone's clock: "14:05" today, "<yesterday> 09:30", "03-01 18:30" this year, else
 * "2024-12-31 23:59". `yesterday` is the translated word.
 */
export function timeLabel(iso: string, yesterday: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const days = Math.round((dayStart(now) - dayStart(at)) / 86_400_000);
  if (days === 0) return clock;
  if (days === 1) return `${yesterday} ${clock}`;
  const date = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return at.getFullYear() === now.getFullYear() ? `${date} ${clock}` : `${at.getFullYear()}-${date} ${clock}`;
}

/** Whether a time line goes before a message sent at `current`, after one sent at `previous` (null: the first). */
export function needsTimeLine(previous: string | null, current: string): boolean {
  if (!previous) return true;
  return Date.parse(current) - Date.parse(previous) > TIME_GAP_MS;
}
