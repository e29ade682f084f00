/** The spec's date-range presets: -1 none, 0 today, 1 yesterday, 2 last 7 days, 3 last 30 days. */
export const DATE_PRESETS = [-1, 0, 1, 2, 3] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export type DateRange = { startTime: string; endTime: string };

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Local wall-clock time as "YYYY-MM-DD HH:mm:ss", the form the records calls take. */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

function startOfDay(date: Date, daysBack = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysBack, 0, 0, 0);
}

function endOfDay(date: Date, daysBack = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysBack, 23, 59, 59);
}

/**
 * Turns a preset into the startTime/endTime pair. "Last 7 days" includes today (today and the 6 days before);
 * "none" gives empty strings so no time filter is sent.
 */
export function dateRangeFor(preset: DatePreset, now: Date = new Date()): DateRange {
  switch (preset) {
    case -1:
      return { startTime: '', endTime: '' };
    case 0:
      return { startTime: formatDateTime(startOfDay(now)), endTime: formatDateTime(endOfDay(now)) };
    case 1:
      return { startTime: formatDateTime(startOfDay(now, 1)), endTime: formatDateTime(endOfDay(now, 1)) };
    case 2:
      return { startTime: formatDateTime(startOfDay(now, 6)), endTime: formatDateTime(endOfDay(now)) };
    case 3:
      return { startTime: formatDateTime(startOfDay(now, 29)), endTime: formatDateTime(endOfDay(now)) };
  }
}
