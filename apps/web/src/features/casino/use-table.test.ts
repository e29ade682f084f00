import { describe, expect, test } from 'vitest';
import { bankerWins, bettingRound, tableDetail } from './casino.test-fixtures';
import { applyRound } from './use-table';

describe('applyRound', () => {
  const mine = [{ spot: 'banker', amount: '100.0000' }];

  test('a push for the round on show moves its phase and keeps the member’s bets', () => {
    const table = tableDetail({ myBets: mine });
    const dealing = applyRound(table, bettingRound({ phase: 'dealing' }));
    expect(dealing.round?.phase).toBe('dealing');
    expect(dealing.myBets).toEqual(mine);
    expect(dealing.recent).toBe(table.recent);
  });

  test('a settled round joins the recent results once, newest first', () => {
    const table = tableDetail();
    const settled = bettingRound({ phase: 'settled', outcome: bankerWins, seed: 'a'.repeat(64) });
    const once = applyRound(table, settled);
    const twice = applyRound(once, settled);
    expect(once.recent.map((result) => result.number)).toEqual([42, 41, 40]);
    expect(twice.recent).toHaveLength(3);
  });

  test('a later round replaces it and the member starts with no bets; an older push is ignored', () => {
    const table = tableDetail({ myBets: mine });
    const next = applyRound(table, bettingRound({ id: '502', number: 43 }));
    expect(next.round?.number).toBe(43);
    expect(next.myBets).toEqual([]);
    const late = applyRound(next, bettingRound({ phase: 'dealing' }));
    expect(late).toBe(next);
  });
});
