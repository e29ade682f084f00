import { Link } from 'react-router';
import { type Locale, registerLocale } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { paths } from '../paths';
import styles from './RecordKindTabs.module.css';

/** The kinds of bets /user/bettingRecord lists: our sportsbook, our own tables, vendors' games. */
export type RecordKind = 'sports' | 'casino' | 'vendor';
const KINDS: readonly RecordKind[] = ['sports', 'casino', 'vendor'];

const zhCN = { kinds: '注单类别', sports: '体育', casino: '真人', vendor: '电子' };
export const recordKindsLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': { kinds: '注單類別', sports: '體育', casino: '真人', vendor: '電子' },
};
registerLocale('recordKinds', recordKindsLocale);

/** Where each kind's records are: the sports tab keeps the sportsbook's own URL (no `kind`). */
export function recordKindPath(kind: RecordKind): string {
  return kind === 'sports' ? paths.bettingRecord : `${paths.bettingRecord}?kind=${kind}`;
}

/**
 * The 体育 / 真人 / 电子 switch at the top of /user/bettingRecord, shared by the sportsbook's page and the casino's
 * (two features, so it lives here). Each kind is its own page; switching replaces the entry.
 */
export function RecordKindTabs({ current }: { current: RecordKind }) {
  const { t } = useTranslation('recordKinds');
  return (
    <nav className={styles.kinds} aria-label={t('kinds')}>
      {KINDS.map((kind) => (
        <Link
          key={kind}
          to={recordKindPath(kind)}
          replace
          aria-current={kind === current ? 'page' : undefined}
          className={kind === current ? styles.kindActive : styles.kind}
        >
          {t(kind)}
        </Link>
      ))}
    </nav>
  );
}
