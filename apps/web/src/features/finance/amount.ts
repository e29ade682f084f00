import { withdrawalFee as chargedFee, formatAmount, hundredths, parseAmount, truncateMoney, UNIT } from '@jinb/money';
import { CURRENCY_SYMBOL } from '../../shared/config';

/** One cent at scale 4: members enter and see at most 2 decimals. */
const CENT = UNIT / 100n;

/** Scale-4 units of what the member typed; null when there is nothing usable yet. */
export function inputToUnits(text: string): bigint | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (!trimmed) return null;
  const parsed = parseAmount(trimmed);
  return parsed.ok ? parsed.value : null;
}

/** Scale-4 units of an amount from the wire ("100.0000"); 0 for anything malformed. */
export function wireToUnits(wire: string | null | undefined): bigint {
  const parsed = parseAmount(wire ?? '');
  return parsed.ok ? parsed.value : 0n;
}

/** What to put in the amount box for an amount the member may move: truncated to cents, no trailing zeros. */
export function unitsToInput(units: bigint): string {
  if (units <= 0n) return '';
  const cents = (units / CENT) * CENT;
  return formatAmount(cents).replace(/\.?0+$/, '');
}

/** "¥1234.56", truncated like every amount shown to members. */
export function money(value: string | bigint): string {
  return `${CURRENCY_SYMBOL}${truncateMoney(typeof value === 'bigint' ? formatAmount(value) : value)}`;
}

/** A limit in a tight spot: "¥50000" rather than "¥50000.00" (cents stay when there are any). */
export function moneyShort(wire: string): string {
  return money(wire).replace(/\.00$/, '');
}

/** The withdrawal fee exactly as the server charges it (one rule, in @jinb/money), from the settings' wire strings. */
export function withdrawalFee(amount: bigint, feeRatePercent: string, feeFixed: string): bigint {
  return chargedFee(amount, hundredths(feeRatePercent), wireToUnits(feeFixed));
}

export function minUnits(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((smallest, value) => (value < smallest ? value : smallest), first);
}

/** The odd cents of a bank transfer amount ("1000.3700" -> ".37"), which identify the payment. */
export function centsOf(wire: string): string {
  return `.${truncateMoney(wire).split('.')[1] ?? '00'}`;
}
