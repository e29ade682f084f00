import { truncateMoney } from '@jinb/money';
import { CURRENCY_SYMBOL } from '../../shared/config';

/** "¥5.00": truncated to cents like every amount a member sees. */
export function money(wire: string): string {
  return `${CURRENCY_SYMBOL}${truncateMoney(wire)}`;
}
