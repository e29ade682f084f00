import { describe, expect, test } from 'vitest';
import { event, market, summary } from '../sports.test-fixtures';
import { patchEvent, patchEventPages } from './live-patch';

const detail = event({
  version: 5,
  status: 'live',
  score: { home: 0, away: 0 },
  markets: [market({ type: '1x2' }, { home: '2.00', draw: '3.20', away: '3.80' })],
});
const main = detail.markets[0]!;
const home = main.selections[0]!;

describe('a change from the channel on what a screen shows', () => {
  test('a newer change moves prices, statuses, score and version', () => {
    const next = patchEvent(detail, {
      id: detail.id,
      version: 6,
      live: { home: 1, away: 0, minute: 23 },
      markets: [{ id: main.id, status: 'suspended' }],
      selections: [{ id: home.id, odds: '1.60', version: 2 }],
    });
    expect(next.version).toBe(6);
    expect(next.score).toEqual({ home: 1, away: 0 });
    expect(next.markets[0]?.status).toBe('suspended');
    expect(next.markets[0]?.selections[0]).toMatchObject({ odds: '1.60', version: 2 });
    expect(next.markets[0]?.selections[1]).toBe(main.selections[1]);
  });

  test('a late change (version not newer) leaves the screen as it is, the same object', () => {
    expect(patchEvent(detail, { id: detail.id, version: 5, live: { home: 9, away: 9 } })).toBe(detail);
    expect(
      patchEvent(detail, { id: detail.id, version: 4, selections: [{ id: home.id, odds: '9.00', version: 9 }] }),
    ).toBe(detail);
  });

  test('a price older than the one shown stays out even in a newer change', () => {
    const shown = patchEvent(detail, {
      id: detail.id,
      version: 6,
      selections: [{ id: home.id, odds: '1.70', version: 4 }],
    });
    const next = patchEvent(shown, {
      id: detail.id,
      version: 7,
      selections: [{ id: home.id, odds: '2.50', version: 3 }],
    });
    expect(next.markets[0]?.selections[0]?.odds).toBe('1.70');
  });

  test('a list patches the event on whichever page it is, and drops one that left', () => {
    const other = summary(event());
    const pages = { pages: [[other], [summary(detail)]], pageParams: [1, 2] };
    const patched = patchEventPages(pages, { id: detail.id, version: 6, live: { home: 2, away: 0 } });
    expect(patched?.pages[1]?.[0]?.score).toEqual({ home: 2, away: 0 });
    expect(patched?.pages[0]).toBe(pages.pages[0]);
    const left = patchEventPages(pages, { id: detail.id, version: 7 }, true);
    expect(left?.pages[1]).toEqual([]);
    expect(patchEventPages(pages, { id: '999999', version: 1 })).toBe(pages);
  });
});
