import type { RedemptionView } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showFailure, showSuccess } from '../../../shared/ui/feedback';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { redemptionsQuery, useRedeem } from '../redemption.api';
import '../redemption.locale';
import styles from '../redemption.module.css';

function RedeemForm() {
  const { t } = useTranslation('redemption');
  const [code, setCode] = useState('');
  const redeem = useRedeem();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      showFailure(t('required'));
      return;
    }
    redeem.mutate(typed, {
      onSuccess: (result) => {
        setCode('');
        showSuccess(t('redeemed', { amount: truncateMoney(result.amount) }));
      },
      onError: showError,
    });
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <div className={styles.inputRow}>
        <Input
          className={styles.input}
          value={code}
          onChange={(value) => setCode(value.toUpperCase())}
          placeholder={t('placeholder')}
          aria-label={t('inputLabel')}
          maxLength={32}
          autoComplete="off"
          clearable
        />
        <Button type="submit" color="primary" shape="rounded" loading={redeem.isPending}>
          {t('redeem')}
        </Button>
      </div>
      <p className={styles.hint}>{t('hint')}</p>
    </form>
  );
}

function RedemptionRow({ item, timeZone }: { item: RedemptionView; timeZone: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className={styles.row} onClick={() => navigate(`${paths.redemptionDetail}?id=${item.id}`)}>
      <span className={styles.rowMain}>
        <span className={styles.code}>{item.code}</span>
        <span className={styles.sub}>
          <time dateTime={item.createdAt}>{platformDateTime(item.createdAt, timeZone)}</time>
        </span>
      </span>
      <span className={styles.plus}>+{truncateMoney(item.amount)}</span>
    </button>
  );
}

/** /user/redemptionRecord: a code to redeem at the top, then the member's redemptions. */
export default function RedemptionRecordPage() {
  const { t } = useTranslation('redemption');
  const timeZone = usePlatformTimeZone();
  const redemptions = useInfiniteQuery(redemptionsQuery());
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.center} />
      <RedeemForm />
      <h2 className={styles.heading}>{t('records')}</h2>
      <PagedList
        query={redemptions}
        itemKey={(item) => item.id}
        renderItem={(item) => <RedemptionRow item={item} timeZone={timeZone} />}
        emptyText={t('empty')}
      />
    </div>
  );
}
