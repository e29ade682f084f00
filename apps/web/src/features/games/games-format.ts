import { truncateMoney } from '@jinb/money';
import { CURRENCY_SYMBOL } from '../../shared/config';

/** "¥1234.56" from a wire amount, truncated to cents like every amount a member sees. */
export function money(value: string): string {
  return `${CURRENCY_SYMBOL}${truncateMoney(value)}`;
}
