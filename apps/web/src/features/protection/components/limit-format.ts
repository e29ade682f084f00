import type { LimitKey, LimitsView, PendingLimit } from '@jinb/contract';
import { parseAmount, truncateMoney } from '@jinb/money';

/** The limits with a period and its usage, in the order the page shows them. */
export const PERIOD_KEYS = ['depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export function isPeriodKey(key: LimitKey): key is PeriodKey {
  return (PERIOD_KEYS as readonly string[]).includes(key);
}

/** `Day`, `Week` or `Month`: the period a key counts over. */
export function periodOf(key: PeriodKey): 'Day' | 'Week' | 'Month' {
  return key.endsWith('Day') ? 'Day' : key.endsWith('Week') ? 'Week' : 'Month';
}

/** How much of `limit` is used, 0-100, in exact integer money (never floats on amounts). */
export function usedPercent(used: string, limit: string): number {
  const usedValue = parseAmount(used);
  const limitValue = parseAmount(limit);
  if (!usedValue.ok || !limitValue.ok || limitValue.value <= 0n) return 0;
  const permille = (usedValue.value * 1000n) / limitValue.value;
  return Math.min(100, Number(permille) / 10);
}

/** A limit's value as shown: money truncated to 2 decimals, minutes with their unit; null: not set. */
export function limitText(
  key: LimitKey,
  value: LimitsView[LimitKey] | PendingLimit['value'],
  minutes: (count: number) => string,
): string | null {
  if (value === null || value === undefined) return null;
  if (key === 'sessionMinutes') return minutes(Number(value));
  return truncateMoney(String(value));
}
