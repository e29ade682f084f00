import { describe, expect, test } from 'vitest';
import { platformDateTime } from './platform-time-zone';

describe('platformDateTime', () => {
  test('reads a time on the platform’s clock, whatever the phone’s', () => {
    expect(platformDateTime('2026-11-23T20:00:00Z', 'Asia/Shanghai')).toBe('2026-11-24 04:00');
    expect(platformDateTime('2026-11-23T20:00:00Z', 'America/Los_Angeles')).toBe('2026-11-23 12:00');
    expect(platformDateTime('not a date', 'Asia/Shanghai')).toBe('not a date');
  });
});
