import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '../account.module.css';

type LinkRowProps = { to: string; children: ReactNode; extra?: ReactNode; prefix?: ReactNode };

/** A list row that is a real link (antd-mobile's clickable rows are anchors without href: no keyboard, no role). */
export function LinkRow({ to, children, extra, prefix }: LinkRowProps) {
  return (
    <Link to={to} className={styles.rowLink}>
      <List.Item arrow prefix={prefix} extra={extra}>
        {children}
      </List.Item>
    </Link>
  );
}
