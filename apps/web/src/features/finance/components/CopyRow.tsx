import type { ReactNode } from 'react';
import { copyText } from '../../../shared/clipboard/copy-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import '../finance.locale';
import { showToast } from '../../../shared/ui/toast';
import styles from '../finance.module.css';

type CopyRowProps = {
  label: string;
  /** What lands on the clipboard. */
  value: string;
  /** How it is shown, when that differs from the raw value (a highlighted amount). */
  children?: ReactNode;
  note?: ReactNode;
};

/** One value the member has to type into their bank or wallet app, with a copy button beside it. */
export function CopyRow({ label, value, children, note }: CopyRowProps) {
  const { t } = useTranslation('finance');
  const { t: common } = useTranslation();
  const copy = async () => {
    const copied = await copyText(value);
    showToast(
      copied ? { icon: 'success', content: common('copied') } : { icon: 'fail', content: common('copyFailed') },
    );
  };
  return (
    <div className={styles.copyRow}>
      <div className={styles.copyMain}>
        <span className={styles.copyLabel}>{label}</span>
        <span className={styles.copyValue}>{children ?? value}</span>
        {note && <span className={styles.copyNote}>{note}</span>}
      </div>
      <button
        type="button"
        className={styles.copyButton}
        onClick={() => void copy()}
        aria-label={t('copyValue', { label })}
      >
        {common('copy')}
      </button>
    </div>
  );
}
