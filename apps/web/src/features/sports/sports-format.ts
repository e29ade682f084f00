import { formatDateTime } from '@jinb/contract';
import { formatAmount, truncateMoney } from '@jinb/money';
import { displayOdds, type OddsFormat, parseOdds } from '@jinb/odds';
import { CURRENCY_SYMBOL } from '../../shared/config';
import type { TFunction } from '../../shared/i18n/translator';

/**
 * A price in the member's format. Every price on the sportsbook's screens goes through here (displayOdds rounds down,
 * so a shown price never promises more than the bet pays); a price the site cannot read is shown as it came.
 */
export function showOdds(odds: string, format: OddsFormat): string {
  const parsed = parseOdds(odds);
  return parsed.ok ? displayOdds(parsed.value, format) : odds;
}

/** Which way a price moved, comparing decimal odds exactly; null when it did not (or one cannot be read). */
export function oddsDirection(from: string, to: string): 'up' | 'down' | null {
  const before = parseOdds(from);
  const after = parseOdds(to);
  if (!before.ok || !after.ok || before.value === after.value) return null;
  return after.value > before.value ? 'up' : 'down';
}

/** "¥1234.56": scale-4 units or a wire amount, truncated to cents like every amount a member sees. */
export function money(value: bigint | string): string {
  const shown = truncateMoney(typeof value === 'bigint' ? formatAmount(value) : value);
  return shown.startsWith('-') ? `-${CURRENCY_SYMBOL}${shown.slice(1)}` : `${CURRENCY_SYMBOL}${shown}`;
}

/** A win or a loss: "+¥8.50", "-¥10.00" or "¥0.00", with which way the money went. */
export function signedMoney(value: bigint | string): { text: string; direction: 'in' | 'out' | 'none' } {
  const shown = truncateMoney(typeof value === 'bigint' ? formatAmount(value) : value);
  if (shown.startsWith('-')) return { text: `-${CURRENCY_SYMBOL}${shown.slice(1)}`, direction: 'out' };
  if (/^0\.00$/.test(shown)) return { text: `${CURRENCY_SYMBOL}${shown}`, direction: 'none' };
  return { text: `+${CURRENCY_SYMBOL}${shown}`, direction: 'in' };
}

/** "1234.56" without the symbol, for the places that name the currency once (a limit, a quick stake). */
export function plainMoney(value: bigint | string): string {
  return truncateMoney(typeof value === 'bigint' ? formatAmount(value) : value).replace(/\.00$/, '');
}

function calendarDay(wallClock: string): number {
  const [year, month, day] = wallClock.slice(0, 10).split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / 86_400_000;
}

/**
 * When an event starts, on the platform's clock (the one the 今日/早盘 lists are cut by): "今天 20:00", "明天 20:00",
 * otherwise "11-25 20:00".
 */
export function kickoffLabel(iso: string, timeZone: string, t: TFunction, now = new Date()): string {
  const start = new Date(iso);
  if (Number.isNaN(start.getTime())) return iso;
  const wallClock = formatDateTime(start, timeZone);
  const time = wallClock.slice(11, 16);
  const days = calendarDay(wallClock) - calendarDay(formatDateTime(now, timeZone));
  if (days === 0) return `${t('today')} ${time}`;
  if (days === 1) return `${t('tomorrow')} ${time}`;
  return `${wallClock.slice(5, 10)} ${time}`;
}
