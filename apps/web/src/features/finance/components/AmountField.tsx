import { Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { CURRENCY_SYMBOL } from '../../../shared/config';
import { sanitizeAmountInput } from '../../../shared/forms/amount-input';
import { useTranslation } from '../../../shared/i18n/use-translation';
import '../finance.locale';
import styles from '../finance.module.css';

type AmountFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Fills in everything that may move ("全部"); hidden when absent. */
  onAll?: () => void;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  onEnter?: () => void;
};

/**
 * A money input: the numeric keyboard with a decimal point, at most 2 decimals, the currency sign in front.
 * Labelled with a real <label for>, because antd-mobile copies aria-label onto its wrapper too.
 */
export function AmountField({ id, label, value, onChange, onAll, error, hint, disabled, onEnter }: AmountFieldProps) {
  const { t } = useTranslation('finance');
  return (
    <div className={styles.amountField}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <div className={`${styles.amountRow} ${error ? styles.amountRowError : ''}`}>
        <span className={styles.currency} aria-hidden>
          {CURRENCY_SYMBOL}
        </span>
        <Input
          id={id}
          className={styles.amountInput}
          value={value}
          onChange={(next) => onChange(sanitizeAmountInput(next))}
          inputMode="decimal"
          enterKeyHint="done"
          autoComplete="off"
          placeholder={t('amountPlaceholder')}
          clearable
          disabled={disabled}
          onEnterPress={onEnter}
        />
        {onAll && (
          <button type="button" className={styles.allButton} onClick={onAll} disabled={disabled}>
            {t('all')}
          </button>
        )}
      </div>
      <div className={styles.fieldHint}>
        {error ? (
          <span role="alert" className={styles.fieldError}>
            {error}
          </span>
        ) : (
          hint
        )}
      </div>
    </div>
  );
}
