import type { Card } from '@jinb/contract';
import type { TFunction } from '../../shared/i18n/translator';

/** How a bound account reads in a list: "招商银行 ****1234", "支付宝 ****5678", "USDT-TRC20 ****9abc". */
export function cardLabel(card: Card, t: TFunction<'finance'>): string {
  if (card.kind === 'bank') return `${card.bankName || t('kinds.bank')} ${card.accountNo}`;
  if (card.kind === 'alipay') return `${t('kinds.alipay')} ${card.accountNo}`;
  return `USDT${card.network ? `-${card.network}` : ''} ${card.accountNo}`;
}
