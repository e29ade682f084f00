import { formatAmount, parseAmount, truncateMoney, UNIT } from '@jinb/money';
import { CURRENCY_SYMBOL } from '../../shared/config';

/** A wire amount ("10.0000") in scale-4 units; anything unreadable counts as 0. */
export function units(wire: string | null | undefined): bigint {
  const parsed = parseAmount(wire ?? '0');
  return parsed.ok ? parsed.value : 0n;
}

/** Whole chips (yuan) in scale-4 units. */
export const chipUnits = (yuan: number): bigint => BigInt(yuan) * UNIT;

/** "¥1234.56": scale-4 units or a wire amount, truncated to cents like every amount a member sees. */
export function money(value: bigint | string): string {
  const shown = truncateMoney(typeof value === 'bigint' ? formatAmount(value) : value);
  return shown.startsWith('-') ? `-${CURRENCY_SYMBOL}${shown.slice(1)}` : `${CURRENCY_SYMBOL}${shown}`;
}

/** A chip stack's short face: 1500 -> "1.5K", 120 -> "120". */
export function chipFace(value: bigint): string {
  const yuan = Number(value / UNIT);
  if (yuan >= 10_000) return `${+(yuan / 10_000).toFixed(1)}W`;
  if (yuan >= 1_000) return `${+(yuan / 1_000).toFixed(1)}K`;
  return String(yuan);
}

/** Scale-4 units as the wire writes them ("10.0000"). */
export const wire = (value: bigint): string => formatAmount(value);

/** A stake as a member's amount is sent: at most two decimals ("100.00"; the server refuses more, AMOUNT_PRECISION). */
export const stakeInput = (value: bigint): string => truncateMoney(formatAmount(value));
