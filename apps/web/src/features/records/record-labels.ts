import { DATE_PRESET_LABELS, DATE_PRESETS, type DatePreset, type RecordState, type RecordType } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { CURRENCY_SYMBOL } from '../../shared/config';
import type { TFunction } from '../../shared/i18n/translator';

export const TYPE_TABS: ReadonlyArray<{ value: RecordType | ''; label: string }> = [
  { value: '', label: 'all' },
  { value: 'deposit', label: 'deposit' },
  { value: 'withdraw', label: 'withdraw' },
  { value: 'transfer', label: 'transfer' },
  { value: 'adjust', label: 'adjust' },
  { value: 'bonus', label: 'bonus' },
  { value: 'bet', label: 'bet' },
];

export const PRESETS: ReadonlyArray<{ value: DatePreset; label: string }> = DATE_PRESETS.map((value) => ({
  value,
  label: DATE_PRESET_LABELS[value],
}));

/** Why the money moved, in words; a code added to the ledger later falls back to its record type. */
export function codeLabel(code: string, type: RecordType, t: TFunction): string {
  return t(`codes.${code}`, { defaultValue: t(`types.${type}`) });
}

const HOUSE_ACCOUNTS = new Set(['deposits', 'withdrawals', 'fees', 'adjustments', 'sportsbook']);

/**
 * An account name from the ledger ("main", "frozen", "bets", "venue:<code>", "transit:<code>", "house:<kind>") in words.
 * Venue codes become the venue's name when known.
 */
export function accountLabel(account: string, t: TFunction, venueNames?: ReadonlyMap<string, string>): string {
  if (account === 'main' || account === 'frozen' || account === 'bets') return t(`accounts.${account}`);
  const [scope = '', ...rest] = account.split(':');
  const name = rest.join(':');
  const venue = (code: string) => venueNames?.get(code) ?? code;
  if (scope === 'venue') return t('accounts.venue', { name: venue(name) });
  if (scope === 'transit') return t('accounts.transit', { name: venue(name) });
  if (scope === 'house') {
    if (HOUSE_ACCOUNTS.has(name)) return t(`accounts.${name}`);
    if (name.startsWith('venue:')) return venue(name.slice('venue:'.length));
    return t('accounts.house');
  }
  return account;
}

/** A signed amount for a list: "+¥100.00" or "-¥100.00" (truncated, never rounded). */
export function signedMoney(amount: string): { text: string; direction: 'in' | 'out' | 'none' } {
  const shown = truncateMoney(amount);
  const negative = shown.startsWith('-');
  const magnitude = negative ? shown.slice(1) : shown;
  if (/^0\.00$/.test(magnitude)) return { text: `${CURRENCY_SYMBOL}${magnitude}`, direction: 'none' };
  return { text: `${negative ? '-' : '+'}${CURRENCY_SYMBOL}${magnitude}`, direction: negative ? 'out' : 'in' };
}

export function money(amount: string): string {
  const shown = truncateMoney(amount);
  return shown.startsWith('-') ? `-${CURRENCY_SYMBOL}${shown.slice(1)}` : `${CURRENCY_SYMBOL}${shown}`;
}

/** A state's colour: waiting is amber, done is green, money that came back (or never left) is grey or red. */
export const STATE_COLOR: Record<RecordState, 'warning' | 'primary' | 'success' | 'danger' | 'default'> = {
  pending: 'warning',
  processing: 'primary',
  completed: 'success',
  refused: 'danger',
  cancelled: 'default',
  failed: 'danger',
};

/** Events whose money came back to the main wallet: their amount is shown crossed out, neither income nor spending. */
export function reversed(state: RecordState): boolean {
  return state === 'refused' || state === 'cancelled' || state === 'failed';
}
