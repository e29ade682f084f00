import { buildChain, deal, outcomeView } from '@jinb/casino';
import { CASINO_GAMES } from '@jinb/contract';
import { describe, expect, test } from 'vitest';
import { verifyRound } from './verify';

const chain = buildChain('web-verify-test', 5);
const seedOf = (round: number) => chain.seeds[round - 1]!;
const previousOf = (round: number) => (round === 1 ? chain.terminalHash : seedOf(round - 1));

describe('verifyRound', () => {
  test.each(CASINO_GAMES.flatMap((game) => [1, 2, 5].map((round) => [game, round] as const)))(
    '%s round %i: the chain links and the re-deal matches the recorded outcome',
    (game, round) => {
      const recorded = outcomeView(game, deal(game, seedOf(round), 'T1', round));
      const report = verifyRound({
        game,
        table: 'T1',
        number: round,
        seed: seedOf(round),
        previousSeed: previousOf(round),
        recorded,
      });
      expect(report).toMatchObject({ verdict: 'ok', hashMatches: true, dealMatches: true, reasons: [] });
      expect(report.hmacMessage).toBe(`${game}:T1:${round}:0`);
    },
  );

  test('a seed from another round does not hash to this round’s previous seed', () => {
    const recorded = outcomeView('baccarat', deal('baccarat', seedOf(3), 'T1', 3));
    const report = verifyRound({
      game: 'baccarat',
      table: 'T1',
      number: 3,
      seed: seedOf(4),
      previousSeed: previousOf(3),
      recorded,
    });
    expect(report.verdict).toBe('bad');
    expect(report.reasons).toContain('hash');
  });

  test('a recorded outcome that the seed does not deal is caught', () => {
    const real = outcomeView('roulette', deal('roulette', seedOf(2), 'RL1', 2));
    const forged = real.game === 'roulette' ? { ...real, number: (real.number + 1) % 37 } : real;
    const report = verifyRound({
      game: 'roulette',
      table: 'RL1',
      number: 2,
      seed: seedOf(2),
      previousSeed: previousOf(2),
      recorded: forged,
    });
    expect(report).toMatchObject({ verdict: 'bad', hashMatches: true, dealMatches: false, reasons: ['deal'] });
  });

  test('the same seed at another table or round deals something else (the message mixes both in)', () => {
    const recorded = outcomeView('baccarat', deal('baccarat', seedOf(1), 'BAC1', 1));
    const input = { game: 'baccarat' as const, seed: seedOf(1), previousSeed: previousOf(1), recorded };
    // Different cards are all but certain from an 8-deck shoe; the winner alone could coincide.
    expect(verifyRound({ ...input, table: 'BAC2', number: 1 }).dealMatches).toBe(false);
    expect(verifyRound({ ...input, table: 'BAC1', number: 2 }).dealMatches).toBe(false);
    expect(verifyRound({ ...input, table: 'BAC1', number: 1 }).dealMatches).toBe(true);
  });

  test('a seed that is not 64 lowercase hex characters is refused before anything is dealt', () => {
    const report = verifyRound({
      game: 'sic_bo',
      table: 'SB1',
      number: 1,
      seed: seedOf(1).toUpperCase(),
      previousSeed: previousOf(1),
      recorded: null,
    });
    expect(report).toMatchObject({ verdict: 'bad', seedFormatOk: false, dealt: null, reasons: ['seed'] });
  });

  test('by hand without a previous seed or a recorded outcome: dealt, but only partly checked', () => {
    const report = verifyRound({
      game: 'dragon_tiger',
      table: 'DT1',
      number: 4,
      seed: seedOf(4),
      previousSeed: null,
      recorded: null,
    });
    expect(report.verdict).toBe('partial');
    expect(report.dealt).toEqual(outcomeView('dragon_tiger', deal('dragon_tiger', seedOf(4), 'DT1', 4)));
  });
});
