import { beforeEach, describe, expect, test } from 'vitest';
import { legMoved, legUnavailable, type NewLeg, restoreSlip, useSlip } from './slip-store';

const pick = (selectionId: string, fields: Partial<NewLeg> = {}): NewLeg => ({
  selectionId,
  eventId: `e${selectionId}`,
  marketId: `m${selectionId}`,
  sport: 'football',
  competition: '英超',
  home: '曼城',
  away: '阿森纳',
  startTime: '2030-05-01T12:00:00Z',
  type: '1x2',
  period: 'ft',
  line: null,
  side: 'home',
  odds: '1.85',
  version: 1,
  ...fields,
});

beforeEach(() => {
  useSlip.getState().clear();
  useSlip.setState({ stake: '', system: null });
});

const slip = () => useSlip.getState();

describe('picking', () => {
  test('A tap adds a pick and a second tap takes it off; a second event makes it a parlay, one left a single', () => {
    expect(slip().toggle(pick('1'))).toBe('added');
    expect(slip().tab).toBe('single');
    expect(slip().toggle(pick('2'))).toBe('added');
    expect(slip().tab).toBe('parlay');
    expect(slip().toggle(pick('2'))).toBe('removed');
    expect(slip().legs.map((leg) => leg.selectionId)).toEqual(['1']);
    expect(slip().tab).toBe('single');
  });

  test('Another side of the same market takes the place of the first', () => {
    slip().toggle(pick('1', { marketId: 'm', side: 'home' }));
    expect(slip().toggle(pick('2', { marketId: 'm', side: 'away', odds: '4.20' }))).toBe('replaced');
    expect(slip().legs).toMatchObject([{ selectionId: '2', side: 'away', odds: '4.20' }]);
  });

  test('The slip holds at most 10 picks', () => {
    for (let index = 1; index <= 10; index++) expect(slip().toggle(pick(String(index)))).toBe('added');
    expect(slip().toggle(pick('11'))).toBe('full');
    expect(slip().legs).toHaveLength(10);
  });

  test('The picks survive a reload of the tab (session storage)', () => {
    slip().toggle(pick('1'));
    slip().setStake('25');
    const saved = sessionStorage.getItem('sports-slip') ?? '{}';
    expect(JSON.parse(saved).state).toMatchObject({ legs: [{ selectionId: '1' }], stake: '25' });

    // A fresh page: nothing in memory, the tab's storage as it was.
    useSlip.setState({ legs: [], stake: '' });
    sessionStorage.setItem('sports-slip', saved);
    restoreSlip();
    expect(slip().legs.map((leg) => leg.selectionId)).toEqual(['1']);
    expect(slip().stake).toBe('25');
  });
});

describe('prices that move', () => {
  test('A newer price is kept beside the one the member accepted, until one tap accepts it', () => {
    slip().toggle(pick('1', { odds: '1.85', version: 1 }));
    slip().observe([{ selectionId: '1', odds: '1.80', version: 2, status: 'open' }]);
    const [leg] = slip().legs;
    expect(leg).toMatchObject({ odds: '1.85', latest: { odds: '1.80', version: 2 } });
    expect(legMoved(leg!)).toBe(true);

    slip().acceptLatest();
    expect(slip().legs[0]).toMatchObject({ odds: '1.80', version: 2, latest: null });
  });

  test('An older answer never undoes a newer one', () => {
    slip().toggle(pick('1', { odds: '1.85', version: 3 }));
    slip().observe([{ selectionId: '1', odds: '2.10', version: 2, status: 'open' }]);
    expect(slip().legs[0]!.latest).toBeNull();
  });

  test('A market that stops taking bets marks its pick unavailable; removing them leaves the rest', () => {
    slip().toggle(pick('1'));
    slip().toggle(pick('2'));
    slip().observe([{ selectionId: '1', odds: '1.85', version: 1, status: 'suspended' }]);
    expect(legUnavailable(slip().legs[0]!)).toBe(true);
    expect(legMoved(slip().legs[0]!)).toBe(false);

    slip().removeUnavailable();
    expect(slip().legs.map((leg) => leg.selectionId)).toEqual(['2']);
    expect(slip().tab).toBe('single');
  });
});

describe('idempotency keys', () => {
  test('The same bet sent again reuses its key; a changed bet gets a new one; a placed bet’s key is spent', () => {
    const [first] = slip().attemptKeys(['bet-a']);
    expect(slip().attemptKeys(['bet-a'])).toEqual([first]);
    const [changed] = slip().attemptKeys(['bet-b']);
    expect(changed).not.toBe(first);

    slip().toggle(pick('1'));
    slip().placed(['1'], ['bet-b']);
    expect(slip().legs).toEqual([]);
    expect(slip().attemptKeys(['bet-b'])).not.toEqual([changed]);
  });
});
