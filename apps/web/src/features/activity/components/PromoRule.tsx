import type { PromotionEligibility, PromotionRuleView } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { promoEligibilityQuery, promoRuleQuery, useApplyPromo, useClaimPromo } from '../activity.api';
import styles from './PromoRule.module.css';

/** Whole yuan without the trailing ".00" ("888", "1.88"). */
const yuan = (amount: string) => truncateMoney(amount).replace(/\.00$/, '');

function RuleLines({ rule }: { rule: PromotionRuleView }) {
  const { t } = useTranslation('activity');
  const period = t(
    rule.frequency === 'day' ? 'rule.periodDay' : rule.frequency === 'week' ? 'rule.periodWeek' : 'rule.periodOnce',
  );
  const percentKind = rule.kind !== 'red_packet' && rule.kind !== 'apply';
  const lines = [
    t(`rule.${rule.kind}`, { rate: rule.rate, period, min: yuan(rule.minAmount), max: yuan(rule.maxAmount) }),
    percentKind ? (rule.cap === '0.0000' ? t('rule.noCap') : t('rule.cap', { cap: yuan(rule.cap) })) : '',
    (rule.kind === 'reload' || rule.kind === 'first_deposit') && rule.minAmount !== '0.0000'
      ? t('rule.minDeposit', { min: yuan(rule.minAmount) })
      : '',
    rule.kind === 'loss_rebate' && rule.minAmount !== '0.0000' ? t('rule.minLoss', { min: yuan(rule.minAmount) }) : '',
    rule.kind === 'red_packet' && rule.dailyPool !== '0.0000' ? t('rule.pool', { pool: yuan(rule.dailyPool) }) : '',
    rule.minLevel > 0 ? t('rule.level', { level: rule.minLevel }) : '',
    rule.channelKinds.length > 0
      ? t('rule.channels', { channels: rule.channelKinds.map((kind) => t(`channelKinds.${kind}`)).join('、') })
      : '',
    t(`rule.frequency.${rule.kind === 'first_deposit' ? 'once' : rule.frequency}`),
    t('rule.multiple', { multiple: rule.multiple }),
  ].filter(Boolean);
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function ClaimButton({ rule, eligibility }: { rule: PromotionRuleView; eligibility: PromotionEligibility }) {
  const { t } = useTranslation('activity');
  const claim = useClaimPromo(rule.promoId);
  const apply = useApplyPromo(rule.promoId);
  const [note, setNote] = useState('');

  if (!eligibility.eligible) {
    return (
      <>
        <Button block color="primary" shape="rounded" disabled>
          {eligibility.reason === 'PROMO_ONCE' || eligibility.reason === 'PROMO_PERIOD_USED'
            ? t('action.taken')
            : eligibility.reason === 'PROMO_PENDING'
              ? t('action.reviewing')
              : rule.kind === 'apply'
                ? t('action.apply')
                : t('action.claim')}
        </Button>
        <p className={styles.reason} role="status">
          {t(`reasons.${eligibility.reason ?? 'PROMO_NOTHING'}`)}
        </p>
      </>
    );
  }

  if (rule.kind === 'apply') {
    const onApply = async () => {
      const confirmed = await Dialog.confirm({
        title: t('action.confirmApplyTitle'),
        content: t('action.confirmApply'),
        confirmText: t('confirm', { ns: 'common' }),
        cancelText: t('cancel', { ns: 'common' }),
      });
      if (!confirmed) return;
      apply.mutate(note, { onSuccess: () => showSuccess(t('action.applied')), onError: showError });
    };
    return (
      <>
        <label htmlFor="promo-apply-note" className="visually-hidden">
          {t('action.notePlaceholder')}
        </label>
        <TextArea
          id="promo-apply-note"
          className={styles.note}
          placeholder={t('action.notePlaceholder')}
          value={note}
          onChange={setNote}
          maxLength={200}
          rows={2}
        />
        <Button block color="primary" shape="rounded" loading={apply.isPending} onClick={() => void onApply()}>
          {t('action.apply')}
        </Button>
      </>
    );
  }

  const amount = eligibility.amount === null ? null : truncateMoney(eligibility.amount);
  const onClaim = async () => {
    const confirmed = await Dialog.confirm({
      title: t('action.confirmTitle'),
      content:
        amount === null
          ? t('action.confirmPacket', { multiple: rule.multiple })
          : t('action.confirmClaim', { amount, multiple: rule.multiple }),
      confirmText: t('confirm', { ns: 'common' }),
      cancelText: t('cancel', { ns: 'common' }),
    });
    if (!confirmed) return;
    claim.mutate(undefined, {
      onSuccess: (result) => showSuccess(t('action.claimed', { amount: truncateMoney(result.amount) })),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'REWARD_REVIEW') showSuccess(t('action.review'));
        else showError(error);
      },
    });
  };
  return (
    <Button block color="primary" shape="rounded" loading={claim.isPending} onClick={() => void onClaim()}>
      {amount === null ? t('action.openPacket') : t('action.claimAmount', { amount })}
    </Button>
  );
}

function Action({ rule }: { rule: PromotionRuleView }) {
  const { t } = useTranslation('activity');
  const navigate = useNavigate();
  const signedIn = useSession(selectIsLoggedIn);
  const eligibility = useQuery(promoEligibilityQuery(rule.promoId, signedIn));
  if (!signedIn) {
    return (
      <Button block color="primary" shape="rounded" onClick={() => navigate(paths.login)}>
        {t('action.login')}
      </Button>
    );
  }
  if (!eligibility.data) {
    return (
      <Button block color="primary" shape="rounded" loading={eligibility.isPending} disabled>
        {t('action.claim')}
      </Button>
    );
  }
  return <ClaimButton rule={rule} eligibility={eligibility.data} />;
}

/** A promotion's rule in words and its 领取 / 申请 button (with the reason when the member may not take it now). */
export function PromoRule({ id }: { id: number }) {
  const { t } = useTranslation('activity');
  const rule = useQuery(promoRuleQuery(id));
  if (!rule.data) return null;
  return (
    <section className={styles.box} aria-labelledby="promo-rule-title">
      <h2 id="promo-rule-title" className={styles.title}>
        {t('rule.title')}
      </h2>
      <RuleLines rule={rule.data} />
      <div className={styles.action}>
        <Action rule={rule.data} />
      </div>
    </section>
  );
}
