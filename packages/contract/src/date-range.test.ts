import { describe, expect, it } from 'vitest';
import {
  dateRangeFor,
  formatDateTime,
  isTimeZone,
  isWireDateTime,
  parseDateTime,
  platformDay,
  platformDayBounds,
} from './date-range';

// 23:30 on 23 November in Los Angeles is already 15:30 on 24 November in Shanghai.
const LATE_EVENING_IN_LOS_ANGELES = new Date('2026-11-24T07:30:00Z');

describe('dateRangeFor', () => {
  it('computes today in the platform zone, not on the phone’s clock', () => {
    expect(dateRangeFor(0, LATE_EVENING_IN_LOS_ANGELES, 'Asia/Shanghai')).toEqual({
      startTime: '2026-11-24 00:00:00',
      endTime: '2026-11-24 23:59:59',
    });
    expect(dateRangeFor(0, LATE_EVENING_IN_LOS_ANGELES, 'America/Los_Angeles')).toEqual({
      startTime: '2026-11-23 00:00:00',
      endTime: '2026-11-23 23:59:59',
    });
  });

  it('gives yesterday, the last 7 days and the last 30 days, each including today where it should', () => {
    const now = LATE_EVENING_IN_LOS_ANGELES;
    expect(dateRangeFor(1, now, 'Asia/Shanghai')).toEqual({
      startTime: '2026-11-23 00:00:00',
      endTime: '2026-11-23 23:59:59',
    });
    expect(dateRangeFor(2, now, 'Asia/Shanghai')).toEqual({
      startTime: '2026-11-18 00:00:00',
      endTime: '2026-11-24 23:59:59',
    });
    expect(dateRangeFor(3, now, 'Asia/Shanghai')).toEqual({
      startTime: '2026-10-26 00:00:00',
      endTime: '2026-11-24 23:59:59',
    });
    expect(dateRangeFor(-1, now, 'Asia/Shanghai')).toEqual({ startTime: '', endTime: '' });
  });

  it('crosses month and year ends by the calendar', () => {
    expect(dateRangeFor(1, new Date('2027-01-01T00:30:00+08:00'), 'Asia/Shanghai').startTime).toBe(
      '2026-12-31 00:00:00',
    );
    expect(dateRangeFor(2, new Date('2028-03-02T12:00:00+08:00'), 'Asia/Shanghai').startTime).toBe(
      '2028-02-25 00:00:00',
    );
  });

  it('does not depend on the machine’s own zone', () => {
    // Whatever TZ the test runner has, the answer for a given instant and zone is the same string.
    const range = dateRangeFor(0, new Date('2026-06-30T16:00:00Z'), 'Asia/Shanghai');
    expect(range.startTime).toBe('2026-07-01 00:00:00');
  });
});

describe('parseDateTime', () => {
  it('reads the wire form as wall-clock time in the given zone', () => {
    expect(parseDateTime('2026-11-24 00:00:00', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(parseDateTime('2026-11-24', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(parseDateTime('2026-07-01 09:00:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-07-01T16:00:00.000Z');
  });

  it('is the inverse of formatDateTime', () => {
    const instant = new Date('2026-11-23T15:59:59.000Z');
    for (const zone of ['Asia/Shanghai', 'America/Los_Angeles', 'Europe/London', 'UTC'])
      expect(parseDateTime(formatDateTime(instant, zone), zone)?.getTime()).toBe(instant.getTime());
  });

  it('refuses what is not a date', () => {
    expect(parseDateTime('', 'Asia/Shanghai')).toBeNull();
    expect(parseDateTime('2026-13-01 00:00:00', 'Asia/Shanghai')).toBeNull();
    expect(parseDateTime('2026-11-24T00:00:00Z', 'Asia/Shanghai')).toBeNull();
    expect(parseDateTime('yesterday', 'Asia/Shanghai')).toBeNull();
  });
});

describe('isTimeZone', () => {
  it('accepts IANA names and refuses offsets, abbreviations and unknown places', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('+08:00')).toBe(false);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('platform days', () => {
  it('starts and ends a day at the platform’s midnight, wherever the server runs', () => {
    const bounds = platformDayBounds('2026-11-23', 'Asia/Shanghai');
    expect(bounds?.start.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(bounds?.end.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(platformDay(new Date('2026-11-22T16:30:00Z'), 'Asia/Shanghai')).toBe('2026-11-23');
    expect(platformDay(new Date('2026-11-22T16:30:00Z'), 'UTC')).toBe('2026-11-22');
  });

  it('gives a day with a clock change its true length, and refuses what is not a day', () => {
    const spring = platformDayBounds('2026-03-08', 'America/New_York');
    expect(spring && (spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const month = platformDayBounds('2026-12-31', 'Asia/Shanghai');
    expect(month?.end.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(platformDayBounds('2026-11-23 10:00:00', 'Asia/Shanghai')).toBeNull();
    expect(platformDayBounds('2026-13-01', 'Asia/Shanghai')).toBeNull();
  });
});

describe('isWireDateTime', () => {
  it('takes a day or a day and time that exist', () => {
    for (const good of ['2026-11-25', '2026-11-25 23:59:59', '2028-02-29', '2026-12-31 00:00:00']) {
      expect(isWireDateTime(good), good).toBe(true);
    }
  });

  it('refuses months, days and times that do not exist, and anything else', () => {
    for (const bad of [
      '2099-13-01 00:00:00',
      'xxxxxxxx',
      '2026-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-11-25 24:00:00',
      '2026-11-25 12:60:00',
      '2026-11-25T12:00:00',
      '2026-11-25 12:00',
      ' 2026-11-25',
      '',
    ]) {
      expect(isWireDateTime(bad), bad).toBe(false);
    }
  });
});
