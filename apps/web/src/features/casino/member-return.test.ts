import type { RoundOutcome } from '@jinb/contract';
import { describe, expect, test } from 'vitest';
import { memberReturn } from './member-return';

const baccarat = (over: Record<string, unknown>): RoundOutcome =>
  ({
    game: 'baccarat',
    winner: 'banker',
    player: ['5h', 'Kd'],
    banker: ['7s', 'Kc'],
    playerTotal: 5,
    bankerTotal: 7,
    playerPair: false,
    bankerPair: false,
    natural: false,
    ...over,
  }) as RoundOutcome;

describe('memberReturn', () => {
  test.each([
    [
      'banker wins: banker 0.95 to 1, player lost',
      baccarat({}),
      [
        ['banker', '10.0000'],
        ['player', '10.0000'],
      ],
      195000n,
    ],
    [
      'a tie returns banker and player, pays tie 8 to 1',
      baccarat({ winner: 'tie', bankerTotal: 5 }),
      [
        ['banker', '10.0000'],
        ['tie', '1.0000'],
      ],
      190000n,
    ],
    [
      'dragon tiger tie gives half of dragon back',
      { game: 'dragon_tiger', winner: 'tie', dragon: '7h', tiger: '7s' } as RoundOutcome,
      [['dragon', '10.0000']],
      50000n,
    ],
    [
      'sic bo 2-2-5: small, double 2 and single 2 twice',
      { game: 'sic_bo', dice: [2, 2, 5], total: 9 } as RoundOutcome,
      [
        ['small', '10.0000'],
        ['double:2', '1.0000'],
        ['single:2', '1.0000'],
      ],
      200000n + 110000n + 30000n,
    ],
    [
      'roulette 17 black: straight 35 to 1, red lost',
      { game: 'roulette', number: 17, color: 'black' } as RoundOutcome,
      [
        ['straight:17', '1.0000'],
        ['red', '5.0000'],
      ],
      360000n,
    ],
  ])('%s', (_, outcome, bets, payout) => {
    const result = memberReturn(
      outcome,
      bets.map(([spot, amount]) => ({ spot: spot!, amount: amount! })),
    );
    expect(result.payout).toBe(payout);
  });
});
