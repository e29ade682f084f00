import { describe, expect, test } from 'vitest';
import { keepNewerEvent, keepNewerEventPages, keepNewerEvents } from './sports.api';
import { event, summary } from './sports.test-fixtures';

describe('a refresh never moves a screen backwards', () => {
  test('An event whose answer is older than the one shown keeps the one shown; newer ones replace it', () => {
    const shownA = summary(event({ id: '1', version: 5 }));
    const shownB = summary(event({ id: '2', version: 5 }));
    const olderA = { ...shownA, version: 4, home: '旧' };
    const newerB = { ...shownB, version: 6, home: '新' };
    const merged = keepNewerEvents([shownA, shownB], [olderA, newerB]) as (typeof shownA)[];
    expect(merged.map((item) => [item.id, item.version, item.home])).toEqual([
      ['1', 5, shownA.home],
      ['2', 6, '新'],
    ]);
    // Unchanged events keep their identity, so their rows do not redraw.
    expect(merged[0]).toBe(shownA);
  });

  test('An event page keeps the newer of the two answers', () => {
    const shown = event({ id: '1', version: 3 });
    expect(keepNewerEvent(shown, { ...shown, version: 2 })).toBe(shown);
    const newer = { ...shown, version: 4 };
    expect(keepNewerEvent(shown, newer)).toEqual(newer);
    expect(keepNewerEvent(undefined, newer)).toEqual(newer);
  });

  test('A list loaded a page at a time keeps the newer version of an event on whichever page it is', () => {
    const shownA = summary(event({ id: '1', version: 5 }));
    const shownB = summary(event({ id: '2', version: 5 }));
    const previous = { pages: [[shownA], [shownB]], pageParams: [1, 2] };
    // The refresh finds B moved to the first page (A started), with an older answer for it than the one shown.
    const next = { pages: [[{ ...shownB, version: 4 }], []], pageParams: [1, 2] };
    const merged = keepNewerEventPages(previous, next) as typeof previous;
    expect(merged.pages[0]![0]).toMatchObject({ id: '2', version: 5, home: shownB.home });
    expect(merged.pages[1]).toEqual([]);
  });
});
