import { describe, expect, test } from 'vitest';
import { i18next } from '../../shared/i18n/i18n';
import { marketTitle, pickLabel, selectionLabel, sideLine } from './market-labels';
import { kickoffLabel, showOdds } from './sports-format';
import './sports.locale';

const t = i18next.getFixedT(null, 'sports');

describe('market and selection labels', () => {
  test('The handicap is the home side’s: the away side reads its negative, a total is the same for both', () => {
    expect(sideLine({ type: 'ah', line: '-0.5' }, 'home')).toBe('-0.5');
    expect(sideLine({ type: 'ah', line: '-0.5' }, 'away')).toBe('+0.5');
    expect(sideLine({ type: 'ah', line: '0.25' }, 'home')).toBe('+0.25');
    expect(sideLine({ type: 'ah', line: '0' }, 'away')).toBe('0');
    expect(sideLine({ type: 'ou', line: '2.75' }, 'under')).toBe('2.75');
    expect(sideLine({ type: '1x2', line: null }, 'home')).toBeNull();
  });

  test('Sides in words, scores as they are', () => {
    expect(selectionLabel(t, { type: '1x2', line: null }, 'draw')).toBe('和');
    expect(selectionLabel(t, { type: 'ah', line: '-0.75' }, 'away')).toBe('客 +0.75');
    expect(selectionLabel(t, { type: 'ou', line: '2.5' }, 'over')).toBe('大 2.5');
    expect(selectionLabel(t, { type: 'oe', line: null }, 'even')).toBe('双');
    expect(selectionLabel(t, { type: 'cs', line: null }, '2-1')).toBe('2-1');
    expect(selectionLabel(t, { type: 'cs', line: null }, 'other')).toBe('其他');
  });

  test('A market’s name follows its sport and its period', () => {
    expect(marketTitle(t, 'football', { type: 'ah', period: 'ft' })).toBe('让球');
    expect(marketTitle(t, 'basketball', { type: 'ah', period: '1h' })).toBe('上半场 让分');
    expect(marketTitle(t, 'tennis', { type: 'ou', period: 'ft' })).toBe('总局数');
    expect(pickLabel(t, 'football', { type: 'ou', period: '1h', line: '1.5' }, 'under')).toBe('上半场 大小 小 1.5');
  });
});

describe('prices in the member’s format', () => {
  test('Every format is rounded down, so a shown price never promises more than the bet pays', () => {
    expect(showOdds('2.50', 'eu')).toBe('2.50');
    expect(showOdds('2.50', 'hk')).toBe('1.50');
    expect(showOdds('2.50', 'malay')).toBe('-0.67');
    expect(showOdds('1.95', 'indo')).toBe('-1.06');
    expect(showOdds('1.9375', 'eu')).toBe('1.93');
  });
});

test('A kick-off is told on the platform’s clock: 今天, 明天, or the date', () => {
  const now = new Date('2026-11-23T20:00:00Z'); // 04:00 on the 24th in Shanghai
  expect(kickoffLabel('2026-11-24T12:00:00Z', 'Asia/Shanghai', t, now)).toBe('今天 20:00');
  expect(kickoffLabel('2026-11-24T17:30:00Z', 'Asia/Shanghai', t, now)).toBe('明天 01:30');
  expect(kickoffLabel('2026-11-27T02:00:00Z', 'Asia/Shanghai', t, now)).toBe('11-27 10:00');
});
