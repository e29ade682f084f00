import { describe, expect, it } from 'vitest';
import { parseCard } from './cards';
import { dragonTigerReturn, parseDragonTigerSpot, playDragonTiger } from './dragon-tiger';
import type { SpotError } from './spot';

const round = (dragon: string, tiger: string) => playDragonTiger([parseCard(dragon), parseCard(tiger)]);

describe('playDragonTiger', () => {
  it('ranks ace lowest and king highest, ignoring suits', () => {
    expect(round('Ks', 'Qh').winner).toBe('dragon');
    expect(round('As', '2h').winner).toBe('tiger');
    expect(round('Ts', '9h').winner).toBe('dragon');
    expect(round('Js', 'Th').winner).toBe('dragon');
    expect(round('7s', '7d').winner).toBe('tie');
    expect(round('As', 'Kd').winner).toBe('tiger');
  });

  it('gives the first card to the dragon', () => {
    const result = round('3c', '8d');
    expect([result.dragon.rank, result.tiger.rank, result.winner]).toEqual([3, 8, 'tiger']);
    expect(() => playDragonTiger([parseCard('3c')])).toThrow(RangeError);
  });
});

describe('dragonTigerReturn', () => {
  const ten = 100_000n;

  it('pays dragon and tiger 1:1 and tie 8:1', () => {
    expect(dragonTigerReturn('dragon', round('Ks', '2h'), ten)).toBe(200_000n);
    expect(dragonTigerReturn('tiger', round('Ks', '2h'), ten)).toBe(0n);
    expect(dragonTigerReturn('tiger', round('2s', 'Kh'), ten)).toBe(200_000n);
    expect(dragonTigerReturn('tie', round('Ks', '2h'), ten)).toBe(0n);
    expect(dragonTigerReturn('tie', round('5s', '5h'), ten)).toBe(900_000n);
  });

  it('returns half of dragon and tiger bets on a tie, truncated to the 0.0001', () => {
    const tie = round('Qs', 'Qd');
    expect(dragonTigerReturn('dragon', tie, ten)).toBe(50_000n);
    expect(dragonTigerReturn('tiger', tie, ten)).toBe(50_000n);
    // 0.0003 / 2 = 0.00015 -> 0.0001; 0.0001 / 2 -> 0.
    expect(dragonTigerReturn('dragon', tie, 3n)).toBe(1n);
    expect(dragonTigerReturn('tiger', tie, 1n)).toBe(0n);
  });

  it('knows dragon, tiger and tie', () => {
    expect(['dragon', 'tiger', 'tie'].map(parseDragonTigerSpot)).toEqual(['dragon', 'tiger', 'tie']);
    expect((parseDragonTigerSpot('banker') as SpotError).code).toBe('UNKNOWN_SPOT');
  });
});
