import { type LimitKey, type LimitsUpdated, type LimitsView, SESSION_MINUTES_RANGE } from '@jinb/contract';
import { parseAmount } from '@jinb/money';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { sanitizeAmountInput } from '../../../shared/forms/amount-input';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/ui/feedback';
import { useUpdateLimits } from '../protection.api';
import styles from '../protection.module.css';
import { limitText } from './limit-format';

type LimitSheetProps = {
  limitKey: LimitKey | null;
  view: LimitsView;
  onClose: () => void;
  /** What the server did with the change (applied at once, or waiting 24 hours). */
  onChanged: (result: LimitsUpdated) => void;
};

/** A bottom sheet that sets one limit (an amount, or minutes for the session) or removes it. */
export function LimitSheet({ limitKey, view, onClose, onChanged }: LimitSheetProps) {
  const { t } = useTranslation('protection');
  const update = useUpdateLimits();
  const inputId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => {
    if (limitKey) {
      setText('');
      setInvalid(null);
    }
  }, [limitKey]);

  const minutesKey = limitKey === 'sessionMinutes';
  const name = limitKey ? t(`limits.keys.${limitKey}`) : '';
  const current = limitKey ? limitText(limitKey, view[limitKey], (count) => t('limits.minutes', { count })) : null;
  const send = (value: string) => {
    if (!limitKey) return;
    update.mutate(
      { [limitKey]: value },
      {
        onSuccess: (result) => {
          onChanged(result);
          onClose();
        },
        onError: (error) => setInvalid(errorMessage(error)),
      },
    );
  };
  const submit = () => {
    const value = text.trim();
    const valid = minutesKey
      ? /^\d+$/.test(value) && Number(value) >= SESSION_MINUTES_RANGE.min && Number(value) <= SESSION_MINUTES_RANGE.max
      : (() => {
          const parsed = parseAmount(value);
          return parsed.ok && parsed.value > 0n;
        })();
    if (!valid) {
      setInvalid(t('limits.invalid'));
      return;
    }
    send(value);
  };

  return (
    <Popup
      visible={limitKey !== null}
      onMaskClick={update.isPending ? undefined : onClose}
      onClose={onClose}
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-labelledby={`${inputId}-title`}>
        <h2 id={`${inputId}-title`} className={styles.sheetTitle}>
          {t('limits.editTitle', { name })}
        </h2>
        <p className={styles.hint} style={{ textAlign: 'center' }}>
          {t('limits.current', { value: current ?? t('limits.notSet') })}
        </p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label className={styles.field} htmlFor={inputId}>
            <span className="visually-hidden">{minutesKey ? t('limits.minutesLabel') : t('limits.amount')}</span>
            <input
              id={inputId}
              inputMode={minutesKey ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={text}
              placeholder={
                minutesKey ? t('limits.minutesPlaceholder', SESSION_MINUTES_RANGE) : t('limits.amountPlaceholder')
              }
              onChange={(event) => {
                setInvalid(null);
                setText(
                  minutesKey
                    ? event.target.value.replace(/\D/g, '').slice(0, 4)
                    : sanitizeAmountInput(event.target.value),
                );
              }}
            />
            {minutesKey && <span className={styles.fieldUnit}>{t('limits.minutesLabel')}</span>}
          </label>
          {invalid && (
            <p className={styles.error} role="alert">
              {invalid}
            </p>
          )}
          <p className={styles.hint} style={{ marginTop: 10 }}>
            {t('limits.rule')}
          </p>
          <div className={styles.sheetButtons}>
            {current !== null && (
              <Button shape="rounded" disabled={update.isPending} onClick={() => send('')}>
                {t('limits.remove')}
              </Button>
            )}
            <Button type="submit" color="primary" shape="rounded" loading={update.isPending}>
              {t('limits.save')}
            </Button>
          </div>
        </form>
      </div>
    </Popup>
  );
}
