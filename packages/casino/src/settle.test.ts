import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardCode, drawFromShoe } from './cards';
import { buildChain } from './chain';
import { RoundStream, roundContext } from './rng';
import { deal, GAMES, settle, spotError } from './settle';
import { SpotError } from './spot';

const seed = '12a3cd6fdbf32c15cac8a7a105a4f1dba74f1cdcbc52e514b1a78fad2f864029';
// Seeds for the distribution checks: a real chain, so the test deals what a server would.
const seeds = buildChain('jinb-distribution-test', 4000).seeds;

describe('deal', () => {
  it('deals the same round the same way everywhere (pinned results for the example seed)', () => {
    const baccarat = deal('baccarat', seed, 'BAC1', 1);
    expect([baccarat.player.map(cardCode), baccarat.banker.map(cardCode), baccarat.winner]).toEqual([
      ['Kc', '8d'],
      ['7d', '2s'],
      'banker',
    ]);
    const dragonTiger = deal('dragon_tiger', seed, 'DT1', 1);
    expect([cardCode(dragonTiger.dragon), cardCode(dragonTiger.tiger), dragonTiger.winner]).toEqual([
      'Jh',
      '9h',
      'dragon',
    ]);
    expect(deal('sic_bo', seed, 'SB1', 1).dice).toEqual([6, 2, 4]);
    // The first word of the openssl block (see rng.test.ts), 0x9af7cff5 = 2599931893, is below the limit: mod 37 = 20.
    expect(deal('roulette', seed, 'RL1', 1)).toEqual({ number: 20, color: 'black' });
  });

  it('is a function of the game, seed, table and round only', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAMES),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.stringMatching(/^[A-Z0-9]{1,8}$/),
        fc.integer({ min: 1, max: 1e9 }),
        (game, s, table, round) => {
          expect(deal(game, s, table, round)).toEqual(deal(game, s, table, round));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('deals different rounds of one seed at two tables', () => {
    const at = (table: string) => seeds.slice(0, 50).map((s) => deal('roulette', s, table, 1).number);
    expect(at('RL1')).not.toEqual(at('RL2'));
  });

  it('spreads roulette numbers evenly over many seeds (chi-squared, 36 degrees of freedom)', () => {
    const counts = new Array<number>(37).fill(0);
    seeds.forEach((s, i) => {
      for (const table of ['R1', 'R2', 'R3']) counts[deal('roulette', s, table, i + 1).number]!++;
    });
    const expected = (seeds.length * 3) / 37;
    const chi2 = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 67.99 is the 0.1% critical value: a fair wheel fails this once in a thousand seed sets; these seeds are fixed.
    expect(chi2).toBeLessThan(67.99);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('rolls each die face about a sixth of the time and triples about 1 in 36', () => {
    const faces = new Array<number>(7).fill(0);
    let triples = 0;
    seeds.forEach((s, i) => {
      const roll = deal('sic_bo', s, 'SB1', i + 1);
      for (const die of roll.dice) faces[die]!++;
      if (roll.triple) triples++;
    });
    const expected = (seeds.length * 3) / 6;
    const chi2 = faces.slice(1).reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 0.1% critical value for 5 degrees of freedom.
    expect(chi2).toBeLessThan(20.52);
    expect(triples / seeds.length).toBeGreaterThan(1 / 36 - 0.01);
    expect(triples / seeds.length).toBeLessThan(1 / 36 + 0.01);
  });

  it('deals baccarat winners near the 8-deck odds (banker 45.86%, player 44.62%, tie 9.52%)', () => {
    const wins = { banker: 0, player: 0, tie: 0 };
    seeds.forEach((s, i) => {
      wins[deal('baccarat', s, 'B1', i + 1).winner]++;
    });
    // Three standard deviations at 4000 rounds is about 2.4 points.
    expect(Math.abs(wins.banker / seeds.length - 0.4586)).toBeLessThan(0.025);
    expect(Math.abs(wins.player / seeds.length - 0.4462)).toBeLessThan(0.025);
    expect(Math.abs(wins.tie / seeds.length - 0.0952)).toBeLessThan(0.015);
  });
});

describe('drawFromShoe', () => {
  it('draws a whole one-deck shoe as a permutation of the 52 cards', () => {
    const cards = drawFromShoe(new RoundStream(seed, roundContext('test', 'T', 1)), 1, 52);
    expect(new Set(cards.map(cardCode)).size).toBe(52);
  });

  it('never draws more of a card than the shoe holds', () => {
    const cards: Card[] = drawFromShoe(new RoundStream(seed, roundContext('test', 'T', 2)), 8, 416);
    const counts = new Map<string, number>();
    for (const card of cards) counts.set(cardCode(card), (counts.get(cardCode(card)) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 8)).toBe(true);
    expect(() => drawFromShoe(new RoundStream(seed, 'x'), 1, 53)).toThrow(RangeError);
  });
});

describe('settle', () => {
  const bankerWins = deal('baccarat', seed, 'BAC1', 1);

  it('settles each bet on the outcome, stake included', () => {
    expect(
      settle('baccarat', bankerWins, [
        { spot: 'banker', amount: 100_000n },
        { spot: 'player', amount: 100_000n },
        { spot: 'tie', amount: 10_000n },
      ]),
    ).toEqual([
      { spot: 'banker', amount: 100_000n, payout: 195_000n },
      { spot: 'player', amount: 100_000n, payout: 0n },
      { spot: 'tie', amount: 10_000n, payout: 0n },
    ]);
    // Banker wins on 9: the no-commission table pays even money.
    expect(bankerWins.bankerTotal).toBe(9);
    expect(settle('baccarat_no_commission', bankerWins, [{ spot: 'banker', amount: 100_000n }])[0]!.payout).toBe(
      200_000n,
    );
    expect(settle('roulette', { number: 0, color: 'green' }, [{ spot: 'red', amount: 5n }])).toEqual([
      { spot: 'red', amount: 5n, payout: 0n },
    ]);
    expect(settle('sic_bo', deal('sic_bo', seed, 'SB1', 1), [])).toEqual([]);
  });

  it('throws the spot error for a spot of another game and a RangeError for a stake that is not positive', () => {
    expect(() => settle('roulette', { number: 1, color: 'red' }, [{ spot: 'banker', amount: 1n }])).toThrow(SpotError);
    expect(() => settle('baccarat', bankerWins, [{ spot: 'banker', amount: 0n }])).toThrow(RangeError);
  });

  it('names the error of any spot by a stable code', () => {
    expect(spotError('baccarat', 'banker_pair')).toBeNull();
    expect(spotError('dragon_tiger', 'banker')).toBe('UNKNOWN_SPOT');
    expect(spotError('sic_bo', 'total:18')).toBe('SPOT_OUT_OF_RANGE');
    expect(spotError('roulette', 'split:1-5')).toBe('SPOT_NOT_ADJACENT');
    expect(spotError('roulette', 'corner:5-1')).toBe('SPOT_NOT_CANONICAL');
  });

  it('never returns more than 181 times a stake, nor less than 0, on any dealt round', () => {
    const spots = {
      baccarat: ['banker', 'player', 'tie', 'banker_pair', 'player_pair'],
      baccarat_no_commission: ['banker', 'player', 'tie'],
      dragon_tiger: ['dragon', 'tiger', 'tie'],
      sic_bo: ['big', 'small', 'odd', 'even', 'total:10', 'triple:6', 'any_triple', 'double:1', 'single:3'],
      roulette: ['straight:0', 'split:0-1', 'corner:1-5', 'red', 'dozen:3'],
    } as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...GAMES),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (game, s, amount) => {
          const outcome = deal(game, s, 'T', 1);
          for (const bet of settle(
            game,
            outcome,
            spots[game].map((spot) => ({ spot, amount })),
          )) {
            expect(bet.payout >= 0n && bet.payout <= 181n * amount).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
