import { describe, expect, it } from 'vitest';
import { basketballDistributions, DEFAULT_BASKETBALL_MODEL, expectedPoints } from './basketball';
import { DEFAULT_FOOTBALL_LINES, DEFAULT_FOOTBALL_MODEL, footballFairMarkets, scoreMatrix } from './football';
import { basketballInPlayMarkets, footballInPlayMarkets, tennisInPlayMarkets } from './in-play';
import type { FairMarket } from './margin';
import { serveFromRatings, tennisDistributions } from './tennis';

const side = (markets: FairMarket[], type: string, period: string, name: string, line: number | null = null) =>
  markets
    .find((market) => market.type === type && market.period === period && market.line === line)
    ?.selections.find((selection) => selection.side === name)?.probability ?? Number.NaN;

describe('in-play prices', () => {
  const goals = { home: 1.6, away: 1.1 };
  const lines = { ...DEFAULT_FOOTBALL_LINES, alternates: 6 };

  it('are the pre-match prices at kick-off (football)', () => {
    const inPlay = footballInPlayMarkets(
      goals,
      DEFAULT_FOOTBALL_MODEL,
      {
        score: { home: 0, away: 0 },
        minute: 0,
        halfTime: false,
      },
      lines,
    );
    const before = footballFairMarkets(scoreMatrix(goals, DEFAULT_FOOTBALL_MODEL), 'ft', lines);
    for (const name of ['home', 'draw', 'away'])
      expect(side(inPlay, '1x2', 'ft', name)).toBeCloseTo(side(before, '1x2', 'ft', name), 9);
  });

  it('follow a goal and the clock: a lead is worth more the later it is, certain at the whistle', () => {
    const at = (minute: number, home: number) =>
      side(
        footballInPlayMarkets(
          goals,
          DEFAULT_FOOTBALL_MODEL,
          { score: { home, away: 0 }, minute, halfTime: minute >= 45 },
          lines,
        ),
        '1x2',
        'ft',
        'home',
      );
    expect(at(10, 1)).toBeGreaterThan(at(10, 0));
    expect(at(80, 1)).toBeGreaterThan(at(40, 1));
    expect(at(90, 1)).toBeCloseTo(1, 9);
    // Over 2.5 with three goals in is won whatever comes.
    const three = footballInPlayMarkets(
      goals,
      DEFAULT_FOOTBALL_MODEL,
      { score: { home: 2, away: 1 }, minute: 50, halfTime: true },
      lines,
    );
    expect(three.some((market) => market.period === '1h')).toBe(false);
    for (const market of three) {
      const total = market.selections.reduce((sum, selection) => sum + selection.probability, 0);
      expect(total).toBeCloseTo(1, 6);
    }
  });

  it('price basketball from the points still to come, and never a tie at full time', () => {
    const points = expectedPoints({ offence: 2, defence: 0 }, { offence: 0, defence: 0 }, DEFAULT_BASKETBALL_MODEL);
    const start = basketballInPlayMarkets(
      points,
      DEFAULT_BASKETBALL_MODEL,
      { score: { home: 0, away: 0 }, played: 0, halfTime: false },
      { alternates: 2 },
    );
    const full = basketballDistributions(
      { offence: 2, defence: 0 },
      { offence: 0, defence: 0 },
      DEFAULT_BASKETBALL_MODEL,
    );
    const preMatch = full.fullTime.margin.p.reduce(
      (sum, p, i) => (full.fullTime.margin.min + i > 0 ? sum + p : sum),
      0,
    );
    expect(side(start, 'ml', 'ft', 'home')).toBeCloseTo(preMatch, 2);
    const late = basketballInPlayMarkets(
      points,
      DEFAULT_BASKETBALL_MODEL,
      { score: { home: 90, away: 80 }, played: 0.9, halfTime: true },
      { alternates: 2 },
    );
    expect(side(late, 'ml', 'ft', 'home')).toBeGreaterThan(0.9);
    expect(side(late, 'ml', 'ft', 'home') + side(late, 'ml', 'ft', 'away')).toBeCloseTo(1, 9);
  });

  it('price the tennis match winner from the sets won', () => {
    const serve = serveFromRatings(0.1, 0);
    const even = tennisInPlayMarkets(serve, 3, { home: 0, away: 0 });
    const preMatch = tennisDistributions(serve, 3);
    expect(side(even, 'ml', 'ft', 'home')).toBeCloseTo(preMatch.homeWins, 2);
    expect(side(tennisInPlayMarkets(serve, 3, { home: 1, away: 0 }), 'ml', 'ft', 'home')).toBeGreaterThan(
      side(even, 'ml', 'ft', 'home'),
    );
    expect(side(tennisInPlayMarkets(serve, 3, { home: 2, away: 0 }), 'ml', 'ft', 'home')).toBe(1);
  });
});
