import { describe, expect, test } from 'vitest';
import { quote, repeatedEvents, stakeUnits, stakeWire, systemLines, systemsFor } from './slip-math';

const units = (text: string) => stakeUnits(text) ?? 0n;

describe('the slip’s payout arithmetic', () => {
  test('A single pays stake x odds, truncated to 0.0001; several singles are one bet each, added up', () => {
    expect(quote('single', ['1.85'], units('10'))).toEqual({
      bets: 1,
      lines: 1,
      totalStake: 100_000n,
      potentialPayout: 185_000n,
    });
    // 3 x 1.3333 = 3.9999 each: the singles are truncated one by one, never rounded up.
    expect(quote('single', ['1.3333', '1.3333'], units('3'))).toEqual({
      bets: 2,
      lines: 2,
      totalStake: 60_000n,
      potentialPayout: 79_998n,
    });
  });

  test('A parlay multiplies its odds exactly and truncates once: 10 on 2.05 x 1.90 pays 38.95', () => {
    expect(quote('parlay', ['2.05', '1.90'], units('10'))).toEqual({
      bets: 1,
      lines: 1,
      totalStake: 100_000n,
      potentialPayout: 389_500n,
    });
    // 1 on 1.3333 x 1.3333 is 1.77768889: 1.7776, not 1.7777.
    expect(quote('parlay', ['1.3333', '1.3333'], units('1'))?.potentialPayout).toBe(17_776n);
  });

  test('A system bet stakes every line: 2/3 is 3 doubles, a Trixie 3 doubles and the treble', () => {
    const odds = ['2.00', '3.00', '1.50'];
    // Doubles: 2x3 = 6, 2x1.5 = 3, 3x1.5 = 4.5, at 10 each: 135.
    expect(quote('system', odds, units('10'), '2/3')).toEqual({
      bets: 1,
      lines: 3,
      totalStake: 300_000n,
      potentialPayout: 1_350_000n,
    });
    // Plus the treble 2 x 3 x 1.5 = 9: 225.
    expect(quote('system', odds, units('10'), 'trixie')).toEqual({
      bets: 1,
      lines: 4,
      totalStake: 400_000n,
      potentialPayout: 2_250_000n,
    });
  });

  test('A tab that cannot take the picks quotes nothing: a parlay of one, a system of the wrong size', () => {
    expect(quote('parlay', ['1.85'], units('10'))).toBeNull();
    expect(quote('system', ['1.85', '2.00'], units('10'), '2/3')).toBeNull();
    expect(quote('system', ['1.85', '2.00', '2.10'], units('10'), 'yankee')).toBeNull();
  });

  test('The systems offered fit the number of picks, with their line counts', () => {
    expect(systemsFor(2)).toEqual([]);
    expect(systemsFor(3)).toEqual(['2/3', 'trixie', 'patent']);
    expect(systemsFor(4)).toEqual(['2/4', '3/4', 'yankee', 'lucky15']);
    expect(systemsFor(4).map(systemLines)).toEqual([6, 4, 11, 15]);
    expect(systemsFor(10)).toHaveLength(8);
    expect(systemsFor(11)).toEqual([]);
  });
});

describe('the stake box', () => {
  test('sends the stake with at most 2 decimals, which the book accepts', () => {
    expect(stakeUnits('')).toBeNull();
    expect(stakeUnits('0')).toBeNull();
    expect(stakeUnits('10.')).toBe(100_000n);
    expect(stakeWire(units('10'))).toBe('10');
    expect(stakeWire(units('10.5'))).toBe('10.50');
    expect(stakeWire(units('0.05'))).toBe('0.05');
  });
});

test('Picks of one event are found, so they are never combined', () => {
  expect([...repeatedEvents([{ eventId: '1' }, { eventId: '2' }, { eventId: '1' }])]).toEqual(['1']);
  expect(repeatedEvents([{ eventId: '1' }, { eventId: '2' }]).size).toBe(0);
});
