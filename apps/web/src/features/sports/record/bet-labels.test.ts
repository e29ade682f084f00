import { describe, expect, test } from 'vitest';
import { i18next } from '../../../shared/i18n/i18n';
import { betDetail } from '../sports.test-fixtures';
import { betKind, betStatusLabel, legMultiplier } from './bet-labels';
import '../sports.locale';

const t = i18next.getFixedT(null, 'sports');
const leg = betDetail().legs[0]!;

describe('a bet in words', () => {
  test('Its kind: a single, a parlay by its size, a system by its name', () => {
    expect(betKind(t, betDetail())).toBe('单注');
    expect(betKind(t, betDetail({ type: 'parlay', legs: [leg, leg, leg] }))).toBe('串关 3串1');
    expect(betKind(t, betDetail({ type: 'system', system: '2/4' }))).toBe('复式 2串1');
    expect(betKind(t, betDetail({ type: 'system', system: 'yankee' }))).toBe('复式 四串十一');
  });

  test('A settled single says how its pick ended; other bets how the money did', () => {
    const single = (outcome: 'half_lose' | 'void', payout: string) =>
      betDetail({ status: 'settled', payout, legs: [{ ...leg, outcome }] });
    expect(betStatusLabel(t, single('half_lose', '5.0000'))).toEqual({ text: '输半', tone: 'lost' });
    expect(betStatusLabel(t, single('void', '10.0000'))).toEqual({ text: '走水', tone: 'void' });
    expect(betStatusLabel(t, betDetail())).toEqual({ text: '待结算', tone: 'open' });
    const parlay = (payout: string) => betDetail({ type: 'parlay', status: 'settled', payout, legs: [leg, leg] });
    expect(betStatusLabel(t, parlay('0.0000'))).toEqual({ text: '输', tone: 'lost' });
    expect(betStatusLabel(t, parlay('36.0000'))).toEqual({ text: '赢', tone: 'won' });
    expect(betStatusLabel(t, parlay('10.0000'))).toEqual({ text: '退款', tone: 'void' });
  });
});

test('A settled leg multiplies its line by the factor the payout used', () => {
  expect(legMultiplier('1.95', 'win')).toBe('1.95');
  expect(legMultiplier('1.95', 'half_win')).toBe('1.475');
  expect(legMultiplier('1.9375', 'half_win')).toBe('1.46875');
  expect(legMultiplier('1.95', 'half_lose')).toBe('0.5');
  expect(legMultiplier('1.95', 'void')).toBe('1');
  expect(legMultiplier('1.95', 'lose')).toBe('0');
});
