import type { MarketType, Period } from '@jinb/contract';
import { tradingMessages as t } from './messages';

/** 全场 独赢, 上半场 让球 -0.25: how a market reads on the desk. */
export function marketLabel(market: { type: MarketType; period: Period; line: string | null }): string {
  return [t.periods[market.period], t.marketTypes[market.type], market.line].filter(Boolean).join(' ');
}

/** A side's name on the desk: 主, 客, 和, 大, 小 ...; a correct score (2-1) as it is. */
export function sideLabel(side: string): string {
  return t.sides[side] ?? side;
}
