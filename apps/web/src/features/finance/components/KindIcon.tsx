import { AlipayCircleFill, BankcardOutline } from 'antd-mobile-icons';
import styles from '../finance.module.css';

export type PaymentKind = 'bank' | 'alipay' | 'usdt' | 'usdt_trc20' | 'usdt_erc20';

/** The mark of a deposit channel or a withdrawal account: bank card, Alipay or USDT (Tether's ₮). */
export function KindIcon({ kind }: { kind: PaymentKind }) {
  if (kind === 'bank') {
    return (
      <span className={`${styles.kindIcon} ${styles.kindBank}`} aria-hidden>
        <BankcardOutline />
      </span>
    );
  }
  if (kind === 'alipay') {
    return (
      <span className={`${styles.kindIcon} ${styles.kindAlipay}`} aria-hidden>
        <AlipayCircleFill />
      </span>
    );
  }
  return (
    <span className={`${styles.kindIcon} ${styles.kindUsdt}`} aria-hidden>
      ₮
    </span>
  );
}
