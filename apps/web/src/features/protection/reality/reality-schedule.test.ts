import { describe, expect, test } from 'vitest';
import { limitReached, minutesSince, nextReminderAt } from './reality-schedule';

const START = '2026-11-26T10:00:00.000Z';
const at = (time: string) => Date.parse(`2026-11-26T${time}.000Z`);

describe('nextReminderAt', () => {
  test('counts whole intervals from the session start, not from the last reminder', () => {
    const summary = { startedAt: START, realityMinutes: 15, sessionMinutes: null };
    expect(nextReminderAt(summary, at('10:00:00'))).toBe(at('10:15:00'));
    expect(nextReminderAt(summary, at('10:07:00'))).toBe(at('10:15:00'));
    expect(nextReminderAt(summary, at('10:15:00'))).toBe(at('10:30:00'));
    expect(nextReminderAt(summary, at('10:31:30'))).toBe(at('10:45:00'));
  });

  test('adds the session-time limit once, while it is ahead', () => {
    const summary = { startedAt: START, realityMinutes: 20, sessionMinutes: 30 };
    expect(nextReminderAt(summary, at('10:20:00'))).toBe(at('10:30:00'));
    expect(nextReminderAt(summary, at('10:30:00'))).toBe(at('10:40:00'));
    expect(nextReminderAt({ ...summary, realityMinutes: null }, at('10:05:00'))).toBe(at('10:30:00'));
    expect(nextReminderAt({ ...summary, realityMinutes: null }, at('10:30:00'))).toBeNull();
  });

  test('is null without an interval or a limit, or without a start it can read', () => {
    expect(nextReminderAt({ startedAt: START, realityMinutes: null, sessionMinutes: null }, at('10:00:00'))).toBeNull();
    expect(nextReminderAt({ startedAt: 'soon', realityMinutes: 15, sessionMinutes: null }, at('10:00:00'))).toBeNull();
  });

  test('a clock a little behind the server still waits a whole interval', () => {
    const summary = { startedAt: START, realityMinutes: 15, sessionMinutes: null };
    expect(nextReminderAt(summary, at('09:59:50'))).toBe(at('10:15:00'));
  });
});

test('minutesSince and limitReached', () => {
  expect(minutesSince(START, at('10:14:59'))).toBe(14);
  expect(minutesSince(START, at('09:59:00'))).toBe(0);
  expect(limitReached({ startedAt: START, sessionMinutes: 30 }, at('10:29:59'))).toBe(false);
  expect(limitReached({ startedAt: START, sessionMinutes: 30 }, at('10:30:00'))).toBe(true);
  expect(limitReached({ startedAt: START, sessionMinutes: null }, at('23:00:00'))).toBe(false);
});
