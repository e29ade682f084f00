import { describe, expect, it } from 'vitest';
import { formatCount, toCapitalNumerals, truncateMoney } from './display';

describe('truncateMoney', () => {
  it('truncates to 2 decimals and never rounds up', () => {
    expect(truncateMoney('12.3499')).toBe('12.34');
    expect(truncateMoney('0.9999')).toBe('0.99');
    expect(truncateMoney('5')).toBe('5.00');
    expect(truncateMoney(1.005)).toBe('1.00');
  });

  it('keeps the sign of a negative amount, but not of a truncated zero', () => {
    expect(truncateMoney('-3.456')).toBe('-3.45');
    expect(truncateMoney('-0.001')).toBe('0.00');
  });

  it('shows 0.00 for empty or unparsable input', () => {
    expect(truncateMoney('')).toBe('0.00');
    expect(truncateMoney(null)).toBe('0.00');
    expect(truncateMoney('abc')).toBe('0.00');
  });
});

describe('formatCount', () => {
  it('leaves counts below 100000 as they are', () => {
    expect(formatCount(99999)).toBe('99999');
    expect(formatCount(0)).toBe('0');
  });

  it('uses 万 with 2 decimals from 100000 up to 10 million', () => {
    expect(formatCount(100000)).toBe('10.00万');
    expect(formatCount(123456)).toBe('12.34万');
    expect(formatCount(9999999)).toBe('999.99万');
  });

  it('uses 1 decimal from 10 million up to 100 million', () => {
    expect(formatCount(10000000)).toBe('1000.0万');
    expect(formatCount(99999999)).toBe('9999.9万');
  });

  it('rounds to whole 万 from 100 million', () => {
    expect(formatCount(100000000)).toBe('10000万');
    expect(formatCount(100004999)).toBe('10000万');
    expect(formatCount(100005000)).toBe('10001万');
  });

  it('turns negatives into 0', () => {
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(-500000)).toBe('0');
  });
});

describe('toCapitalNumerals', () => {
  it('is empty for empty input and for values at or above 1e15', () => {
    expect(toCapitalNumerals('')).toBe('');
    expect(toCapitalNumerals(null)).toBe('');
    expect(toCapitalNumerals('1000000000000000')).toBe('');
    expect(toCapitalNumerals(1e15)).toBe('');
  });

  it('writes the largest value below 1e15', () => {
    expect(toCapitalNumerals('999999999999999')).toBe('玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整');
  });

  it('writes whole amounts with 整', () => {
    expect(toCapitalNumerals(0)).toBe('零元整');
    expect(toCapitalNumerals(100)).toBe('壹佰元整');
    expect(toCapitalNumerals(10010)).toBe('壹万零壹拾元整');
    expect(toCapitalNumerals(100000001)).toBe('壹亿零壹元整');
  });

  it('keeps up to 4 decimals with 角分厘毫', () => {
    expect(toCapitalNumerals('123.45')).toBe('壹佰贰拾叁元肆角伍分');
    expect(toCapitalNumerals('1.0001')).toBe('壹元零壹毫');
    expect(toCapitalNumerals('0.05')).toBe('伍分');
    expect(toCapitalNumerals('2.123456')).toBe('贰元壹角贰分叁厘肆毫');
  });

  it('prefixes negatives', () => {
    expect(toCapitalNumerals(-12)).toBe('负壹拾贰元整');
    expect(toCapitalNumerals('-0.5')).toBe('负伍角');
  });
});

describe('toCapitalNumerals above 亿', () => {
  it('writes 万亿 only when the 亿 section is empty', () => {
    expect(toCapitalNumerals('1000000000000')).toBe('壹万亿元整');
    expect(toCapitalNumerals('1000000010000')).toBe('壹万亿零壹万元整');
    expect(toCapitalNumerals('1200000000000')).toBe('壹万贰仟亿元整');
  });
});
