import { Button, DatePicker, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { useSetBirthday } from '../vip.api';
import '../vip.locale';
import styles from '../vip.module.css';

function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The member's birthday: shown once set, otherwise a picker and a confirmation (it cannot be changed later). */
export function BirthdaySetter({ birthday }: { birthday: string | null }) {
  const { t } = useTranslation('vip');
  const [picking, setPicking] = useState(false);
  const setBirthday = useSetBirthday();

  const choose = async (date: Date) => {
    const text = isoDate(date);
    const confirmed = await Dialog.confirm({
      title: t('birthday.confirmTitle'),
      content: t('birthday.confirm', { date: text }),
      confirmText: t('confirm', { ns: 'common' }),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (!confirmed) return;
    setBirthday.mutate(text, { onSuccess: () => showSuccess(t('birthday.done')), onError: showError });
  };

  return (
    <section className={styles.section} aria-labelledby="vip-birthday-title">
      <div className={styles.birthday}>
        <div>
          <h2 id="vip-birthday-title" className={styles.sectionTitle} style={{ margin: 0 }}>
            {t('birthday.title')}
          </h2>
          {!birthday && <p className={styles.birthdayHint}>{t('birthday.hint')}</p>}
        </div>
        {birthday ? (
          <span className={styles.birthdayValue}>{t('birthday.value', { date: birthday })}</span>
        ) : (
          <Button size="small" color="primary" loading={setBirthday.isPending} onClick={() => setPicking(true)}>
            {t('birthday.set')}
          </Button>
        )}
      </div>
      <DatePicker
        title={t('birthday.pickerTitle')}
        visible={picking}
        onClose={() => setPicking(false)}
        min={new Date(1900, 0, 1)}
        max={new Date()}
        defaultValue={new Date(1990, 0, 1)}
        confirmText={t('confirm', { ns: 'common' })}
        cancelText={t('cancel', { ns: 'common' })}
        onConfirm={(date) => void choose(date)}
      />
    </section>
  );
}
