import { betLines, betPayout, type Outcome, parseLine, parseOdds, potentialPayout, type SettledLeg } from '@jinb/odds';
import { describe, expect, it } from 'vitest';
import { FIXED_SIDES, type MarketSpec, type MarketType, type Period, type Sport } from '../market-types';
import type { EventResult, Score } from './event-result';
import { settleMarket, settleSelection } from './outcome';

const CS_SIDES = ['0-0', '1-0', '0-1', '1-1', '2-0', '0-2', '2-1', '1-2', '2-2', 'other'];

function market(
  sport: Sport,
  type: MarketType,
  period: Period,
  line: string | null = null,
  sides?: string[],
): MarketSpec {
  let quarters: number | null = null;
  if (line !== null) {
    const parsed = parseLine(line);
    if (!parsed.ok) throw new Error(`bad line ${line}`);
    quarters = parsed.value;
  }
  return { sport, type, period, line: quarters, sides: sides ?? (type === 'cs' ? CS_SIDES : [...FIXED_SIDES[type]]) };
}

const score = (text: string): Score => {
  const [home, away] = text.split('-').map(Number);
  return { home: home!, away: away! };
};
const football = (ft: string, ht?: string): EventResult => ({
  sport: 'football',
  ft: score(ft),
  ...(ht ? { ht: score(ht) } : {}),
});
const basketball = (ft: string, ht?: string): EventResult => ({
  sport: 'basketball',
  ft: score(ft),
  ...(ht ? { ht: score(ht) } : {}),
});
const tennis = (sets: string, bestOf: 3 | 5 = 3): EventResult => ({
  sport: 'tennis',
  bestOf,
  sets: sets.split(' ').map(score),
});

function outcome(spec: MarketSpec, side: string, result: EventResult): Outcome | string {
  const settled = settleSelection(spec, side, result);
  return settled.ok ? settled.outcome : `error:${settled.error}`;
}

type Row = [name: string, spec: MarketSpec, side: string, result: EventResult, expected: Outcome | `error:${string}`];

const fb = (type: MarketType, line: string | null = null, period: Period = 'ft') =>
  market('football', type, period, line);

const TABLE: Row[] = [
  // Football 1x2, full time and first half.
  ['1x2 home at 2-1', fb('1x2'), 'home', football('2-1'), 'win'],
  ['1x2 draw at 2-1', fb('1x2'), 'draw', football('2-1'), 'lose'],
  ['1x2 away at 2-1', fb('1x2'), 'away', football('2-1'), 'lose'],
  ['1x2 draw at 1-1', fb('1x2'), 'draw', football('1-1'), 'win'],
  ['1x2 away at 0-2', fb('1x2'), 'away', football('0-2'), 'win'],
  [
    '1h 1x2 home leading 1-0 at the half, losing 1-2 at full time',
    fb('1x2', null, '1h'),
    'home',
    football('1-2', '1-0'),
    'win',
  ],
  ['1h 1x2 draw at 0-0 at the half', fb('1x2', null, '1h'), 'draw', football('3-1', '0-0'), 'win'],
  // Asian handicap, whole lines: a push returns the stake.
  ['ah home 0 at 1-1', fb('ah', '0'), 'home', football('1-1'), 'void'],
  ['ah away 0 at 1-1', fb('ah', '0'), 'away', football('1-1'), 'void'],
  ['ah home 0 at 2-1', fb('ah', '0'), 'home', football('2-1'), 'win'],
  ['ah home -1 at 2-1', fb('ah', '-1'), 'home', football('2-1'), 'void'],
  ['ah home -1 at 3-1', fb('ah', '-1'), 'home', football('3-1'), 'win'],
  ['ah home -1 at 1-1', fb('ah', '-1'), 'home', football('1-1'), 'lose'],
  ['ah away +1 (home -1) at 2-1', fb('ah', '-1'), 'away', football('2-1'), 'void'],
  ['ah away +1 (home -1) at 1-1', fb('ah', '-1'), 'away', football('1-1'), 'win'],
  ['ah home +1 at 0-1', fb('ah', '1'), 'home', football('0-1'), 'void'],
  ['ah home +1 at 0-2', fb('ah', '1'), 'home', football('0-2'), 'lose'],
  // Half lines: never a push.
  ['ah home -0.5 at 1-1', fb('ah', '-0.5'), 'home', football('1-1'), 'lose'],
  ['ah home -0.5 at 1-0', fb('ah', '-0.5'), 'home', football('1-0'), 'win'],
  ['ah away +0.5 at 1-1', fb('ah', '-0.5'), 'away', football('1-1'), 'win'],
  ['ah home -1.5 at 2-0', fb('ah', '-1.5'), 'home', football('2-0'), 'win'],
  ['ah home -1.5 at 2-1', fb('ah', '-1.5'), 'home', football('2-1'), 'lose'],
  ['ah home +1.5 at 0-1', fb('ah', '1.5'), 'home', football('0-1'), 'win'],
  // Quarter lines, at every boundary.
  ['ah home -0.25 at 0-0 loses half', fb('ah', '-0.25'), 'home', football('0-0'), 'half_lose'],
  ['ah away +0.25 at 0-0 wins half', fb('ah', '-0.25'), 'away', football('0-0'), 'half_win'],
  ['ah home -0.25 at 1-0', fb('ah', '-0.25'), 'home', football('1-0'), 'win'],
  ['ah home -0.25 at 0-1', fb('ah', '-0.25'), 'home', football('0-1'), 'lose'],
  ['ah home +0.25 at 0-0 wins half', fb('ah', '0.25'), 'home', football('0-0'), 'half_win'],
  ['ah home +0.25 at 0-1', fb('ah', '0.25'), 'home', football('0-1'), 'lose'],
  ['ah home -0.75 at 1-0 wins half', fb('ah', '-0.75'), 'home', football('1-0'), 'half_win'],
  ['ah away +0.75 at 1-0 loses half', fb('ah', '-0.75'), 'away', football('1-0'), 'half_lose'],
  ['ah home -0.75 at 2-0', fb('ah', '-0.75'), 'home', football('2-0'), 'win'],
  ['ah home -0.75 at 0-0', fb('ah', '-0.75'), 'home', football('0-0'), 'lose'],
  ['ah home +0.75 at 0-1 loses half', fb('ah', '0.75'), 'home', football('0-1'), 'half_lose'],
  ['ah home +0.75 at 0-0', fb('ah', '0.75'), 'home', football('0-0'), 'win'],
  ['ah home -1.25 at 1-0 loses half', fb('ah', '-1.25'), 'home', football('1-0'), 'half_lose'],
  ['ah home -1.25 at 2-0', fb('ah', '-1.25'), 'home', football('2-0'), 'win'],
  ['ah home -1.75 at 2-0 wins half', fb('ah', '-1.75'), 'home', football('2-0'), 'half_win'],
  ['ah home -1.75 at 1-0', fb('ah', '-1.75'), 'home', football('1-0'), 'lose'],
  ['ah home +1.25 at 0-1 wins half', fb('ah', '1.25'), 'home', football('0-1'), 'half_win'],
  ['ah home +1.75 at 0-2 loses half', fb('ah', '1.75'), 'home', football('0-2'), 'half_lose'],
  ['1h ah home -0.25 at 0-0 at the half', fb('ah', '-0.25', '1h'), 'home', football('2-0', '0-0'), 'half_lose'],
  // Over/under: whole, half and quarter lines.
  ['over 2 at 2 goals', fb('ou', '2'), 'over', football('1-1'), 'void'],
  ['under 2 at 2 goals', fb('ou', '2'), 'under', football('2-0'), 'void'],
  ['over 2 at 3 goals', fb('ou', '2'), 'over', football('2-1'), 'win'],
  ['under 2 at 1 goal', fb('ou', '2'), 'under', football('1-0'), 'win'],
  ['over 2.5 at 2 goals', fb('ou', '2.5'), 'over', football('1-1'), 'lose'],
  ['over 2.5 at 3 goals', fb('ou', '2.5'), 'over', football('3-0'), 'win'],
  ['under 2.5 at 2 goals', fb('ou', '2.5'), 'under', football('2-0'), 'win'],
  ['over 2.25 at 2 goals loses half', fb('ou', '2.25'), 'over', football('1-1'), 'half_lose'],
  ['under 2.25 at 2 goals wins half', fb('ou', '2.25'), 'under', football('1-1'), 'half_win'],
  ['over 2.25 at 3 goals', fb('ou', '2.25'), 'over', football('2-1'), 'win'],
  ['over 2.25 at 1 goal', fb('ou', '2.25'), 'over', football('1-0'), 'lose'],
  ['over 2.75 at 3 goals wins half', fb('ou', '2.75'), 'over', football('2-1'), 'half_win'],
  ['under 2.75 at 3 goals loses half', fb('ou', '2.75'), 'under', football('2-1'), 'half_lose'],
  ['over 2.75 at 2 goals', fb('ou', '2.75'), 'over', football('2-0'), 'lose'],
  ['over 2.75 at 4 goals', fb('ou', '2.75'), 'over', football('2-2'), 'win'],
  ['over 0.25 at 0 goals loses half', fb('ou', '0.25'), 'over', football('0-0'), 'half_lose'],
  ['over 0.75 at 1 goal wins half', fb('ou', '0.75'), 'over', football('1-0'), 'half_win'],
  ['1h over 0.75 at 1-0 at the half', fb('ou', '0.75', '1h'), 'over', football('1-3', '1-0'), 'half_win'],
  ['1h under 1.5 at 0-1 at the half', fb('ou', '1.5', '1h'), 'under', football('4-1', '0-1'), 'win'],
  // Both teams to score, odd/even.
  ['btts yes at 1-1', fb('btts'), 'yes', football('1-1'), 'win'],
  ['btts no at 1-1', fb('btts'), 'no', football('1-1'), 'lose'],
  ['btts no at 2-0', fb('btts'), 'no', football('2-0'), 'win'],
  ['btts no at 0-0', fb('btts'), 'no', football('0-0'), 'win'],
  ['1h btts no at 0-0 at the half, 2-2 at full time', fb('btts', null, '1h'), 'no', football('2-2', '0-0'), 'win'],
  ['oe even at 0-0', fb('oe'), 'even', football('0-0'), 'win'],
  ['oe odd at 0-0', fb('oe'), 'odd', football('0-0'), 'lose'],
  ['oe odd at 2-1', fb('oe'), 'odd', football('2-1'), 'win'],
  ['1h oe odd at 1-0 at the half', fb('oe', null, '1h'), 'odd', football('1-1', '1-0'), 'win'],
  // Correct score, with "other" for every score the market does not list.
  ['cs 2-1 at 2-1', fb('cs'), '2-1', football('2-1'), 'win'],
  ['cs 1-2 at 2-1', fb('cs'), '1-2', football('2-1'), 'lose'],
  ['cs other at 2-1', fb('cs'), 'other', football('2-1'), 'lose'],
  ['cs other at 3-3', fb('cs'), 'other', football('3-3'), 'win'],
  ['cs 1-1 at 3-3', fb('cs'), '1-1', football('3-3'), 'lose'],
  ['cs 0-0 at 0-0', fb('cs'), '0-0', football('0-0'), 'win'],
  ['1h cs 1-1 at the half', fb('cs', null, '1h'), '1-1', football('1-2', '1-1'), 'win'],
  // Basketball (full time includes overtime).
  ['basketball ml home at 101-99', market('basketball', 'ml', 'ft'), 'home', basketball('101-99'), 'win'],
  ['basketball ml away at 101-99', market('basketball', 'ml', 'ft'), 'away', basketball('101-99'), 'lose'],
  [
    'basketball 1h ml level at the half',
    market('basketball', 'ml', '1h'),
    'home',
    basketball('101-99', '50-50'),
    'void',
  ],
  ['basketball ah home -5.5 by 6', market('basketball', 'ah', 'ft', '-5.5'), 'home', basketball('101-95'), 'win'],
  ['basketball ah home -6.5 by 6', market('basketball', 'ah', 'ft', '-6.5'), 'home', basketball('101-95'), 'lose'],
  ['basketball ah home -6 by 6', market('basketball', 'ah', 'ft', '-6'), 'home', basketball('101-95'), 'void'],
  [
    'basketball ah home -6.25 by 6',
    market('basketball', 'ah', 'ft', '-6.25'),
    'home',
    basketball('101-95'),
    'half_lose',
  ],
  [
    'basketball 1h ah home -2.5 up 50-47 at the half',
    market('basketball', 'ah', '1h', '-2.5'),
    'home',
    basketball('90-99', '50-47'),
    'win',
  ],
  ['basketball ah away +6.5 by 6', market('basketball', 'ah', 'ft', '-6.5'), 'away', basketball('101-95'), 'win'],
  [
    'basketball total over 195.5 at 196',
    market('basketball', 'ou', 'ft', '195.5'),
    'over',
    basketball('101-95'),
    'win',
  ],
  ['basketball total under 196 at 196', market('basketball', 'ou', 'ft', '196'), 'under', basketball('101-95'), 'void'],
  [
    'basketball 1h total over 100.5 at 99',
    market('basketball', 'ou', '1h', '100.5'),
    'over',
    basketball('101-95', '50-49'),
    'lose',
  ],
  // Tennis: ml the match, ah in sets, ou in games (a tie-break set is 13 games).
  ['tennis ml home at 6-4 3-6 7-6', market('tennis', 'ml', 'ft'), 'home', tennis('6-4 3-6 7-6'), 'win'],
  ['tennis ml away at 6-4 3-6 7-6', market('tennis', 'ml', 'ft'), 'away', tennis('6-4 3-6 7-6'), 'lose'],
  ['tennis sets home -1.5 at 2-1', market('tennis', 'ah', 'ft', '-1.5'), 'home', tennis('6-4 3-6 7-6'), 'lose'],
  ['tennis sets away +1.5 at 2-1', market('tennis', 'ah', 'ft', '-1.5'), 'away', tennis('6-4 3-6 7-6'), 'win'],
  ['tennis sets home -1.5 at 2-0', market('tennis', 'ah', 'ft', '-1.5'), 'home', tennis('6-3 6-4'), 'win'],
  ['tennis sets home -2.5 at 3-0 of 5', market('tennis', 'ah', 'ft', '-2.5'), 'home', tennis('6-3 6-4 7-5', 5), 'win'],
  [
    'tennis sets home +1.5 at 1-3 of 5',
    market('tennis', 'ah', 'ft', '1.5'),
    'home',
    tennis('6-4 4-6 6-7 2-6', 5),
    'lose',
  ],
  ['tennis games over 22.5 at 32', market('tennis', 'ou', 'ft', '22.5'), 'over', tennis('6-4 3-6 7-6'), 'win'],
  ['tennis games under 20 at 20', market('tennis', 'ou', 'ft', '20'), 'under', tennis('6-4 6-4'), 'void'],
  ['tennis games over 19.75 at 20', market('tennis', 'ou', 'ft', '19.75'), 'over', tennis('6-4 6-4'), 'half_win'],
];

describe('settling a selection against a result', () => {
  it.each(TABLE)('%s', (_name, spec, side, result, expected) => {
    expect(outcome(spec, side, result)).toBe(expected);
  });

  it('covers every market type of every sport, for every period it is offered in', () => {
    const covered = new Set(TABLE.map(([, spec]) => `${spec.sport} ${spec.type} ${spec.period}`));
    expect([...covered].sort()).toEqual(
      [
        ...['1x2', 'ah', 'ou', 'btts', 'oe', 'cs'].flatMap((type) => [`football ${type} ft`, `football ${type} 1h`]),
        ...['ml', 'ah', 'ou'].flatMap((type) => [`basketball ${type} ft`, `basketball ${type} 1h`]),
        'tennis ml ft',
        'tennis ah ft',
        'tennis ou ft',
      ].sort(),
    );
  });
});

describe('what cannot be settled', () => {
  const errors: Array<[string, MarketSpec, string, EventResult, string]> = [
    ['a first half before the half-time score', fb('ou', '0.5', '1h'), 'over', football('1-0'), 'error:pending'],
    ['a side the market does not have', fb('1x2'), 'over', football('1-0'), 'error:side'],
    ['a result of another sport', fb('1x2'), 'home', basketball('90-80'), 'error:mismatch'],
    ['a half-time score above the full time', fb('1x2'), 'home', football('1-0', '2-0'), 'error:half_time'],
    ['a negative score', fb('1x2'), 'home', { sport: 'football', ft: { home: -1, away: 0 } }, 'error:score'],
    ['a fractional score', fb('1x2'), 'home', { sport: 'football', ft: { home: 1.5, away: 0 } }, 'error:score'],
    ['a tennis match nobody has won yet', market('tennis', 'ml', 'ft'), 'home', tennis('6-4'), 'error:sets'],
    [
      'a tennis match that goes on after it was won',
      market('tennis', 'ml', 'ft'),
      'home',
      tennis('6-4 6-4 6-4'),
      'error:sets',
    ],
    ['a tennis set that is not one', market('tennis', 'ml', 'ft'), 'home', tennis('6-5 6-4'), 'error:sets'],
    ['a tennis first half', market('tennis', 'ml', '1h'), 'home', tennis('6-4 6-4'), 'error:period'],
    ['a football money line', market('football', 'ml', 'ft'), 'home', football('1-0'), 'error:type'],
    ['a handicap without a line', { ...fb('ah', '0'), line: null }, 'home', football('1-0'), 'error:line'],
    ['a 1x2 with a line', { ...fb('1x2'), line: 4 }, 'home', football('1-0'), 'error:line'],
    ['a total of 0', fb('ou', '0'), 'over', football('1-0'), 'error:line'],
    [
      'a market missing a side',
      market('football', '1x2', 'ft', null, ['home', 'away']),
      'home',
      football('1-0'),
      'error:sides',
    ],
    [
      'a correct score written 01-0',
      market('football', 'cs', 'ft', null, ['01-0', 'other']),
      'other',
      football('1-0'),
      'error:sides',
    ],
    [
      'a correct score listed twice',
      market('football', 'cs', 'ft', null, ['1-0', '1-0']),
      '1-0',
      football('1-0'),
      'error:sides',
    ],
  ];
  it.each(errors)('refuses %s', (_name, spec, side, result, expected) => {
    expect(outcome(spec, side, result)).toBe(expected);
  });

  it('settles a whole market at once, each side from the same result', () => {
    expect(settleMarket(fb('ah', '-0.25'), football('0-0'))).toEqual({
      ok: true,
      outcomes: { home: 'half_lose', away: 'half_win' },
    });
    expect(settleMarket(fb('cs'), football('5-0'))).toMatchObject({
      ok: true,
      outcomes: { other: 'win', '0-0': 'lose' },
    });
  });
});

describe('paying bets from settled selections', () => {
  const odds = (text: string) => {
    const parsed = parseOdds(text);
    if (!parsed.ok) throw new Error(text);
    return parsed.value;
  };
  const leg = (spec: MarketSpec, side: string, result: EventResult, price: string): SettledLeg => {
    const settled = settleSelection(spec, side, result);
    if (!settled.ok) throw new Error(settled.error);
    return { odds: odds(price), outcome: settled.outcome };
  };
  const lines = (...args: Parameters<typeof betLines>) => {
    const result = betLines(...args);
    if (!result.ok) throw new Error(result.error);
    return result.lines;
  };
  const stake = 1_000_000n; // 100.0000 a line

  // Three legs from three events: a half-lost handicap, a half-won total and a won 1x2.
  const halfLost = leg(fb('ah', '-0.25'), 'home', football('0-0'), '1.93');
  const halfWon = leg(fb('ou', '2.75'), 'over', football('2-1'), '1.87');
  const won = leg(fb('1x2'), 'home', football('2-0'), '2.10');
  const voided = leg(fb('ah', '0'), 'away', football('1-1'), '1.95');
  const lost = leg(market('basketball', 'ou', 'ft', '200.5'), 'over', basketball('99-95'), '1.90');

  it('pays a parlay of a half-lost, a half-won and a won leg as half x (1.87 + 1) / 2 x 2.10', () => {
    expect([halfLost.outcome, halfWon.outcome, won.outcome]).toEqual(['half_lose', 'half_win', 'win']);
    // 100 x 0.5 x 1.435 x 2.10 = 150.675.
    expect(betPayout(stake, [halfLost, halfWon, won], lines('parlay', 3)).total).toBe(1_506_750n);
  });

  it('counts a void leg of a parlay as odds 1', () => {
    expect(voided.outcome).toBe('void');
    // 100 x 1 x 2.10 = 210.
    expect(betPayout(stake, [voided, won], lines('parlay', 2)).total).toBe(2_100_000n);
    // Every leg void: the stake back.
    expect(betPayout(stake, [voided, voided], lines('parlay', 2)).total).toBe(stake);
  });

  it('pays nothing for a parlay with a lost leg, whatever the others did', () => {
    expect(betPayout(stake, [won, halfWon, lost], lines('parlay', 3)).total).toBe(0n);
  });

  it('settles a 2/3 system line by line', () => {
    const legs = [won, halfWon, lost];
    const settled = betPayout(stake, legs, lines('system', 3, '2/3'));
    // won x halfWon = 100 x 2.10 x 1.435 = 301.35; the two lines with the lost leg pay nothing.
    expect(settled).toEqual({ lines: [3_013_500n, 0n, 0n], total: 3_013_500n });
    expect(
      potentialPayout(
        stake,
        legs.map((item) => item.odds),
        lines('system', 3, '2/3'),
      ),
    ).toBe(
      // 2.10 x 1.87 + 2.10 x 1.90 + 1.87 x 1.90 = 3.927 + 3.99 + 3.553, x 100.
      11_470_000n,
    );
  });

  it('settles a Yankee (11 lines) and a Lucky 15 (15 lines) with void and half legs', () => {
    const legs = [won, halfWon, voided, halfLost];
    const yankee = lines('system', 4, 'yankee');
    const lucky15 = lines('system', 4, 'lucky15');
    expect([yankee.length, lucky15.length]).toEqual([11, 15]);
    const yankeePaid = betPayout(stake, legs, yankee);
    // Factors: won 2.10, half won 1.435, void 1, half lost 0.5. Doubles: 3.0135 + 2.10 + 1.05 + 1.435 + 0.7175 + 0.5;
    // trebles: 3.0135 + 1.50675 + 1.05 + 0.7175; the four-fold 1.50675.
    expect(yankeePaid.lines).toEqual([
      3_013_500n,
      2_100_000n,
      1_050_000n,
      1_435_000n,
      717_500n,
      500_000n,
      3_013_500n,
      1_506_750n,
      1_050_000n,
      717_500n,
      1_506_750n,
    ]);
    expect(yankeePaid.total).toBe(16_610_500n);
    // The Lucky 15 adds the four singles: 2.10 + 1.435 + 1 + 0.5.
    expect(betPayout(stake, legs, lucky15).total - yankeePaid.total).toBe(5_035_000n);
  });
});
