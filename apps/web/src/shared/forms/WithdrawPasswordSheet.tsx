import { Button, Popup } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import './forms.locale';
import styles from './WithdrawPasswordSheet.module.css';

const LENGTH = 6;

type WithdrawPasswordSheetProps = {
  visible: boolean;
  summary: ReactNode;
  /** The button under the boxes, naming what the password confirms. */
  submitText: string;
  submitting: boolean;
  /** Why the last try was refused (a wrong password); shown under the boxes. */
  error: string | null;
  onSubmit: (password: string) => void;
  onClose: () => void;
};

/**
 * The 6-digit withdraw password in a bottom sheet. It is a real password input (numeric keyboard, a label, works
 * with a hardware keyboard and screen readers) drawn as six boxes; the sixth digit submits.
 */
export function WithdrawPasswordSheet({
  visible,
  summary,
  submitText,
  submitting,
  error,
  onSubmit,
  onClose,
}: WithdrawPasswordSheetProps) {
  const { t } = useTranslation('forms');
  const { t: common } = useTranslation();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (visible) setValue('');
  }, [visible]);

  // An attempt that ended with the sheet still open failed: empty the boxes and take the next try.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && !submitting) {
      setValue('');
      input.current?.focus();
    }
    wasSubmitting.current = submitting;
  }, [submitting]);

  const change = (next: string) => {
    const digits = next.replace(/\D/g, '').slice(0, LENGTH);
    setValue(digits);
    if (digits.length === LENGTH && !submitting) onSubmit(digits);
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={submitting ? undefined : onClose}
      onClose={onClose}
      afterShow={() => input.current?.focus()}
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      <div className={styles.sheetHead}>
        <h2 className={styles.sheetTitle}>{t('withdrawPasswordTitle')}</h2>
        <button type="button" className={styles.sheetClose} onClick={onClose} disabled={submitting}>
          {common('cancel')}
        </button>
      </div>
      <div className={styles.sheetSummary}>{summary}</div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (value.length === LENGTH && !submitting) onSubmit(value);
        }}
      >
        <label htmlFor="withdraw-password" className="visually-hidden">
          {t('withdrawPasswordLabel')}
        </label>
        <div className={`${styles.passcode} ${error ? styles.passcodeError : ''}`}>
          {Array.from({ length: LENGTH }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions
            <span key={index} className={`${styles.passcodeCell} ${index === value.length ? styles.passcodeNext : ''}`}>
              {index < value.length ? '•' : ''}
            </span>
          ))}
          <input
            ref={input}
            id="withdraw-password"
            className={styles.passcodeInput}
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={LENGTH}
            value={value}
            disabled={submitting}
            onChange={(event) => change(event.target.value)}
          />
        </div>
        <p className={styles.sheetError} role="alert">
          {error}
        </p>
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={submitting}
          disabled={submitting || value.length < LENGTH}
        >
          {submitText}
        </Button>
      </form>
    </Popup>
  );
}
