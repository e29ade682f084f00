import type { EventChange, Sport } from '@jinb/contract';
import { create } from 'zustand';
import type { TFunction } from '../../../shared/i18n/translator';

/**
 * The match clock of live events as the channel last told it, and when it arrived: the event's HTTP answer has the
 * score but not the clock, so the scoreboard counts on from the last minute it heard.
 */
export type LiveClock = {
  minute?: number;
  sets?: Array<{ home: number; away: number }>;
  /** Date.now() when it arrived. */
  at: number;
  version: number;
};

export const useLiveClocks = create<Record<string, LiveClock>>()(() => ({}));

export function noteClock(change: EventChange, now = Date.now()): void {
  const live = change.live;
  if (!live) return;
  const known = useLiveClocks.getState()[change.id];
  if (known && known.version >= change.version) return;
  useLiveClocks.setState({
    [change.id]: {
      ...(live.minute !== undefined
        ? { minute: live.minute }
        : known?.minute !== undefined
          ? { minute: known.minute }
          : {}),
      ...(live.sets ? { sets: live.sets } : known?.sets ? { sets: known.sets } : {}),
      at: now,
      version: change.version,
    },
  });
}

/** Basketball quarters as the book's clock counts them (12 minutes each, overtime 5). */
const QUARTER_MINUTES = 12;
const OVERTIME_MINUTES = 5;

/**
 * The clock in the sport's words: football "67'", basketball "第3节 5'"; tennis none.
 * The minute counts on locally between messages, as a stadium clock does; null when nothing is known.
 */
export function clockLabel(t: TFunction, sport: Sport, clock: LiveClock | undefined, now = Date.now()): string | null {
  if (!clock) return null;
  // Tennis has no clock: its sets (the games of each) show on the scoreboard's line below the score.
  if (sport === 'tennis') return null;
  if (clock.minute === undefined) return null;
  const minute = clock.minute + Math.max(0, Math.floor((now - clock.at) / 60_000));
  if (sport === 'basketball') {
    const regular = QUARTER_MINUTES * 4;
    if (minute >= regular) {
      const overtime = Math.floor((minute - regular) / OVERTIME_MINUTES) + 1;
      return t('clock.overtime', { count: overtime, minute: ((minute - regular) % OVERTIME_MINUTES) + 1 });
    }
    return t('clock.quarter', {
      quarter: Math.floor(minute / QUARTER_MINUTES) + 1,
      minute: (minute % QUARTER_MINUTES) + 1,
    });
  }
  return t('clock.minute', { minute: Math.max(1, minute) });
}
