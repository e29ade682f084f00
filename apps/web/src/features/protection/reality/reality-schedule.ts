import type { SessionSummary } from '@jinb/contract';

const MINUTE_MS = 60_000;

type Schedule = Pick<SessionSummary, 'startedAt' | 'realityMinutes' | 'sessionMinutes'>;

/**
 * When the next reminder is due (epoch ms) after `now`, or null when the member asked for none: every
 * `realityMinutes` counted from the session's start (not from the last reminder, so a reminder answered late does not
 * push the next one back), and once when the session reaches the member's own `sessionMinutes` limit.
 *
 * Started 10:00 with a 15-minute interval: at 10:07 the next is 10:15; at 10:15 (just answered) it is 10:30.
 */
export function nextReminderAt(summary: Schedule, now: number): number | null {
  const start = Date.parse(summary.startedAt);
  if (Number.isNaN(start)) return null;
  const due: number[] = [];
  if (summary.realityMinutes) {
    const period = summary.realityMinutes * MINUTE_MS;
    due.push(start + Math.max(1, Math.floor((now - start) / period) + 1) * period);
  }
  if (summary.sessionMinutes) {
    const limitAt = start + summary.sessionMinutes * MINUTE_MS;
    if (limitAt > now) due.push(limitAt);
  }
  return due.length ? Math.min(...due) : null;
}

/** Whole minutes since the session started (never negative). */
export function minutesSince(startedAt: string, now: number): number {
  const start = Date.parse(startedAt);
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now - start) / MINUTE_MS));
}

/** Whether the session has reached the member's own session-time limit. */
export function limitReached(summary: Pick<SessionSummary, 'startedAt' | 'sessionMinutes'>, now: number): boolean {
  return summary.sessionMinutes !== null && minutesSince(summary.startedAt, now) >= summary.sessionMinutes;
}
