import { describe, expect, it } from 'vitest';
import { waitedFor } from './age';

describe("a queue's age", () => {
  it('says how long the oldest item has waited', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(waitedFor('2026-11-26T11:59:30Z', now)).toBe('不到 1 分钟');
    expect(waitedFor('2026-11-26T11:48:00Z', now)).toBe('12 分钟');
    expect(waitedFor('2026-11-26T08:55:00Z', now)).toBe('3 小时 5 分');
    expect(waitedFor('2026-11-24T08:00:00Z', now)).toBe('2 天 4 小时');
  });
});
