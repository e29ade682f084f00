import type { RoundOutcome, RoundView, TableDetail } from '@jinb/contract';

/** A round of BAC1 in its betting window, closing `inMs` from now. */
export function bettingRound(over: Partial<RoundView> = {}, inMs = 12_000): RoundView {
  return {
    id: '501',
    table: 'BAC1',
    game: 'baccarat',
    number: 42,
    phase: 'betting',
    opensAt: new Date(Date.now() - 3_000).toISOString(),
    closesAt: new Date(Date.now() + inMs).toISOString(),
    settledAt: null,
    chainId: '1',
    outcome: null,
    winner: null,
    seed: null,
    previousSeed: null,
    ...over,
  };
}

export const bankerWins: RoundOutcome = {
  game: 'baccarat',
  winner: 'banker',
  player: ['5h', 'Kd'],
  banker: ['7s', 'Kc'],
  playerTotal: 5,
  bankerTotal: 7,
  playerPair: false,
  bankerPair: false,
  natural: false,
};

export const playerWins: RoundOutcome = {
  ...bankerWins,
  winner: 'player',
  playerTotal: 9,
  player: ['9h', 'Kd'],
} as RoundOutcome;

export function tableDetail(over: Partial<TableDetail> = {}): TableDetail {
  return {
    code: 'BAC1',
    game: 'baccarat',
    name: '百家乐 1号桌',
    gameId: 1002,
    open: true,
    windowMs: 15_000,
    limits: { min: '10.0000', max: '5000.0000', spots: { tie: { min: '10.0000', max: '1000.0000' } } },
    round: bettingRound(),
    recent: [
      { id: '500', number: 41, outcome: bankerWins },
      { id: '499', number: 40, outcome: playerWins },
    ],
    chain: { id: '1', terminalHash: 'a'.repeat(64), length: 10_000 },
    myBets: [],
    ...over,
  };
}
