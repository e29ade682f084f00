import type { MarketType, Period, Sport } from '@jinb/contract';
import { formatLine, parseLine } from '@jinb/odds';
import type { TFunction } from '../../shared/i18n/translator';

/** What a label needs to know of a market. */
export type MarketLike = { type: MarketType; period: Period; line: string | null };

/** The type in the sport's own words: a handicap is 让球 in football, 让分 in basketball, 让盘 in tennis. */
export function marketName(t: TFunction, sport: Sport, type: MarketType): string {
  return t(`marketsBySport.${sport}.${type}`, { defaultValue: t(`markets.${type}`) });
}

/** "让球", or "上半场 让球" for a first-half market: the whole match is what a member assumes. */
export function marketTitle(t: TFunction, sport: Sport, market: Pick<MarketLike, 'type' | 'period'>): string {
  const name = marketName(t, sport, market.type);
  return market.period === 'ft' ? name : `${t(`periods.${market.period}`)} ${name}`;
}

function signed(quarters: number): string {
  const text = formatLine(quarters);
  return quarters > 0 ? `+${text}` : text;
}

/**
 * The line as a side sees it: the handicap is the home side's, so the away side reads its negative ("+0.5" for the
 * away side of home -0.5); a total is the same number for over and under. Null for types without a line.
 */
export function sideLine(market: Pick<MarketLike, 'type' | 'line'>, side: string): string | null {
  if (market.line === null || (market.type !== 'ah' && market.type !== 'ou')) return null;
  const parsed = parseLine(market.line);
  if (!parsed.ok) return market.line;
  if (market.type === 'ou') return formatLine(parsed.value);
  return signed(side === 'away' ? -parsed.value : parsed.value);
}

/** A selection in words: 主, 和, 客, "主 -0.5", "大 2.5", 是, 单, a score "2-1", 其他. */
export function selectionLabel(t: TFunction, market: Pick<MarketLike, 'type' | 'line'>, side: string): string {
  if (market.type === 'cs') return side === 'other' ? t('sides.other') : side;
  const name = t(`sides.${side}`, { defaultValue: side });
  const line = sideLine(market, side);
  return line === null ? name : `${name} ${line}`;
}

/** One pick in full, for the slip and the records: "上半场 大小 大 1.5". */
export function pickLabel(t: TFunction, sport: Sport, market: MarketLike, side: string): string {
  return `${marketTitle(t, sport, market)} ${selectionLabel(t, market, side)}`;
}
