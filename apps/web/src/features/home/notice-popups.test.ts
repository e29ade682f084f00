import type { Notice } from '@jinb/contract';
import { beforeEach, describe, expect, test } from 'vitest';
import { dismissedOn, dismissForToday, markShown, popupsToShow, resetVisit } from './notice-popups';

const notice = (id: number, popup = true): Notice => ({
  id,
  title: `公告${id}`,
  content: '',
  createdAt: '2026-11-26T02:00:00Z',
  popup,
});

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('the home page popups', () => {
  let store: ReturnType<typeof memoryStore>;
  beforeEach(() => {
    store = memoryStore();
    resetVisit();
  });

  test('only popup notices open, in the order they came', () => {
    expect(popupsToShow([notice(3), notice(1, false), notice(2)], '2026-11-26', store).map((n) => n.id)).toEqual([
      3, 2,
    ]);
  });

  test('dismissed today hides it today; tomorrow it opens again', () => {
    dismissForToday([3], '2026-11-26', store);
    expect(popupsToShow([notice(3)], '2026-11-26', store)).toEqual([]);
    expect(popupsToShow([notice(3)], '2026-11-27', store).map((n) => n.id)).toEqual([3]);
  });

  test('a new popup opens even on a day another was dismissed', () => {
    dismissForToday([3], '2026-11-26', store);
    expect(popupsToShow([notice(3), notice(4)], '2026-11-26', store).map((n) => n.id)).toEqual([4]);
    dismissForToday([4], '2026-11-26', store);
    expect(dismissedOn('2026-11-26', store)).toEqual([3, 4]);
  });

  test("a dismissal of another day is forgotten when today's is written", () => {
    dismissForToday([3], '2026-11-25', store);
    dismissForToday([4], '2026-11-26', store);
    expect(dismissedOn('2026-11-26', store)).toEqual([4]);
    expect(popupsToShow([notice(3)], '2026-11-26', store).map((n) => n.id)).toEqual([3]);
  });

  test('shown once per visit: closed without dismissing, it waits for the next visit', () => {
    markShown([3]);
    expect(popupsToShow([notice(3)], '2026-11-26', store)).toEqual([]);
    resetVisit();
    expect(popupsToShow([notice(3)], '2026-11-26', store).map((n) => n.id)).toEqual([3]);
  });

  test('unreadable or refused storage never breaks the page', () => {
    const broken = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(popupsToShow([notice(3)], '2026-11-26', broken).map((n) => n.id)).toEqual([3]);
    expect(() => dismissForToday([3], '2026-11-26', broken)).not.toThrow();
  });
});
