import { describe, expect, it } from 'vitest';
import {
  type BaccaratOutcome,
  baccaratReturn,
  baccaratValue,
  bankerDraws,
  handTotal,
  parseBaccaratSpot,
  playBaccarat,
  playerDraws,
} from './baccarat';
import { type Card, parseCard } from './cards';
import { SpotError } from './spot';

const cards = (codes: string) => codes.split(' ').map(parseCard);
const codes = (hand: Card[]) => hand.map((c) => `${c.rank}${c.suit}`).join(' ');

describe('card values and totals', () => {
  it('counts ace 1, 2-9 face value, tens and faces 0, and keeps the last digit', () => {
    expect(cards('As 2s 9s Ts Js Qs Ks').map(baccaratValue)).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(handTotal(cards('7s 8h'))).toBe(5);
    expect(handTotal(cards('9s 9h 9d'))).toBe(7);
    expect(handTotal(cards('Ks Qh'))).toBe(0);
  });
});

describe('the player', () => {
  it('draws on 0-5 and stands on 6-7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
  });
});

describe('the banker, cell by cell', () => {
  // Rows: banker total 0-7; columns: the player's third card 0-9. D draws, S stands.
  const table: Record<number, string> = {
    0: 'DDDDDDDDDD',
    1: 'DDDDDDDDDD',
    2: 'DDDDDDDDDD',
    3: 'DDDDDDDDSD',
    4: 'SSDDDDDDSS',
    5: 'SSSSDDDDSS',
    6: 'SSSSSSDDSS',
    7: 'SSSSSSSSSS',
  };
  for (const [banker, row] of Object.entries(table)) {
    for (let third = 0; third <= 9; third++) {
      const draws = row[third] === 'D';
      it(`banker ${banker}, player's third card ${third}: ${draws ? 'draws' : 'stands'}`, () => {
        expect(bankerDraws(Number(banker), third)).toBe(draws);
      });
    }
  }

  it('plays like the player when the player stood: draws on 0-5, stands on 6-7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => bankerDraws(total, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('playBaccarat', () => {
  it('plays the worked example: player draws a 6 on 3, banker on 5 draws against a 6', () => {
    const coup = playBaccarat(cards('4s Kh 9d 5c 6h 2c'));
    expect(codes(coup.player)).toBe('4s 9d 6h');
    expect(codes(coup.banker)).toBe('13h 5c 2c');
    expect([coup.playerTotal, coup.bankerTotal, coup.winner, coup.natural]).toEqual([9, 7, 'player', false]);
  });

  it('stops both hands on a natural 8 or 9 on either side', () => {
    const playerNatural = playBaccarat(cards('4s 2h 4d 3c 9h 9c'));
    expect([playerNatural.player.length, playerNatural.banker.length]).toEqual([2, 2]);
    expect([playerNatural.playerTotal, playerNatural.bankerTotal, playerNatural.winner]).toEqual([8, 5, 'player']);
    expect(playerNatural.natural).toBe(true);
    // Banker natural 9 against the player's 0: the player does not draw.
    const bankerNatural = playBaccarat(cards('Ks 4h Qd 5c 9h 9c'));
    expect([bankerNatural.player.length, bankerNatural.winner, bankerNatural.natural]).toEqual([2, 'banker', true]);
    // Natural 8 against natural 8: a tie.
    expect(playBaccarat(cards('8s 8h Kd Kc 9h 9c')).winner).toBe('tie');
  });

  it('lets the banker draw on 0-5 when the player stands on 6 or 7', () => {
    const coup = playBaccarat(cards('3s 2h 3d 3c 4h 9c'));
    expect([coup.player.length, coup.banker.length]).toEqual([2, 3]);
    // Player 6 stands; banker 5 draws the next card (4h, not the second one): 9 beats 6.
    expect(codes(coup.banker)).toBe('2h 3c 4h');
    expect(coup.winner).toBe('banker');
    const stands = playBaccarat(cards('3s 3h 4d 4c 9h 9c'));
    expect([stands.player.length, stands.banker.length, stands.winner]).toEqual([2, 2, 'tie']);
  });

  it('lets the banker stand on 3 against a player third card 8', () => {
    const coup = playBaccarat(cards('Ks 2h 2d Ac 8h 9c'));
    expect([codes(coup.player), coup.banker.length, coup.playerTotal, coup.bankerTotal]).toEqual([
      '13s 2d 8h',
      2,
      0,
      3,
    ]);
  });

  it('calls pairs by rank on the first two cards only', () => {
    const coup = playBaccarat(cards('Ks 7h Kd 7c 5h 9c'));
    expect([coup.playerPair, coup.bankerPair]).toEqual([true, true]);
    // K and Q are both worth 0 but are not a pair; a third card matching does not make one.
    const none = playBaccarat(cards('Ks 2h Qd 3c Kh 2c'));
    expect([none.playerPair, none.bankerPair]).toEqual([false, false]);
  });

  it('needs enough cards for the coup', () => {
    expect(() => playBaccarat(cards('Ks 2h Qd 3c'))).toThrow(RangeError);
  });
});

describe('baccaratReturn', () => {
  const outcome = (winner: BaccaratOutcome['winner'], bankerTotal = 7, pairs = false): BaccaratOutcome => ({
    player: [],
    banker: [],
    playerTotal: 0,
    bankerTotal,
    winner,
    playerPair: pairs,
    bankerPair: pairs,
    natural: false,
  });
  const ten = 100_000n;

  it('pays banker 0.95:1, player 1:1, tie 8:1, and pushes banker and player on a tie', () => {
    expect(baccaratReturn('banker', outcome('banker'), ten)).toBe(195_000n);
    expect(baccaratReturn('banker', outcome('player'), ten)).toBe(0n);
    expect(baccaratReturn('banker', outcome('tie'), ten)).toBe(ten);
    expect(baccaratReturn('player', outcome('player'), ten)).toBe(200_000n);
    expect(baccaratReturn('player', outcome('banker'), ten)).toBe(0n);
    expect(baccaratReturn('player', outcome('tie'), ten)).toBe(ten);
    expect(baccaratReturn('tie', outcome('tie'), ten)).toBe(900_000n);
    expect(baccaratReturn('tie', outcome('banker'), ten)).toBe(0n);
  });

  it('truncates the commission once to the 0.0001', () => {
    // 10.0001 x 1.95 = 19.500195 -> 19.5001; 0.0001 x 1.95 = 0.000195 -> 0.0001.
    expect(baccaratReturn('banker', outcome('banker'), 100_001n)).toBe(195_001n);
    expect(baccaratReturn('banker', outcome('banker'), 1n)).toBe(1n);
    expect(baccaratReturn('banker', outcome('banker'), 3n)).toBe(5n);
  });

  it('pays the no-commission banker 1:1, or 1:2 on a banker six', () => {
    expect(baccaratReturn('banker', outcome('banker', 7), ten, true)).toBe(200_000n);
    expect(baccaratReturn('banker', outcome('banker', 6), ten, true)).toBe(150_000n);
    expect(baccaratReturn('banker', outcome('banker', 6), 3n, true)).toBe(4n);
    expect(baccaratReturn('banker', outcome('tie', 6), ten, true)).toBe(ten);
    expect(baccaratReturn('player', outcome('player'), ten, true)).toBe(200_000n);
  });

  it('pays pairs 11:1 whoever wins', () => {
    for (const winner of ['player', 'banker', 'tie'] as const) {
      expect(baccaratReturn('player_pair', outcome(winner, 7, true), ten)).toBe(1_200_000n);
      expect(baccaratReturn('banker_pair', outcome(winner, 7, true), ten)).toBe(1_200_000n);
      expect(baccaratReturn('banker_pair', outcome(winner, 7, false), ten)).toBe(0n);
    }
  });

  it('knows the five spots and refuses others', () => {
    expect(['banker', 'player', 'tie', 'banker_pair', 'player_pair'].map(parseBaccaratSpot)).toEqual([
      'banker',
      'player',
      'tie',
      'banker_pair',
      'player_pair',
    ]);
    const error = parseBaccaratSpot('Banker');
    expect(error).toBeInstanceOf(SpotError);
    expect((error as SpotError).code).toBe('UNKNOWN_SPOT');
  });
});
