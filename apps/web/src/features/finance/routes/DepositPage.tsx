import type { DepositChannel } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { showError } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { inputToUnits, money, moneyShort, unitsToInput, wireToUnits } from '../amount';
import { AmountField } from '../components/AmountField';
import { KindIcon } from '../components/KindIcon';
import { MemberGate } from '../components/MemberGate';
import { depositChannelsQuery, useCreateDeposit } from '../finance.api';
import '../finance.locale';
import styles from '../finance.module.css';

/** Round amounts members pick most; only those inside the chosen channel's limits are offered. */
const QUICK_AMOUNTS = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];
const MAX_QUICK_AMOUNTS = 6;

export default function DepositPage() {
  const { t } = useTranslation('finance');
  return (
    <div className={styles.page}>
      <PageHeader title={t('deposit.title')} fallback={paths.center} />
      <MemberGate>{(memberId) => <DepositForm memberId={memberId} />}</MemberGate>
    </div>
  );
}

function DepositForm({ memberId }: { memberId: string }) {
  const { t } = useTranslation('finance');
  const channels = useQuery(depositChannelsQuery(memberId));
  const [channelId, setChannelId] = useState('');

  if (channels.isPending) return <LoadingState minHeight={320} />;
  if (channels.isError) return <ErrorState message={channels.error.message} onRetry={() => void channels.refetch()} />;
  if (channels.data.length === 0) return <EmptyState description={t('deposit.noChannels')} />;

  const channel = channels.data.find((item) => item.id === channelId) ?? channels.data[0]!;
  return (
    <>
      <section className={styles.section} aria-labelledby="deposit-channel-title">
        <h2 id="deposit-channel-title" className={styles.sectionTitle}>
          {t('deposit.channel')}
        </h2>
        <div className={styles.optionGrid} role="radiogroup" aria-labelledby="deposit-channel-title">
          {channels.data.map((item) => (
            <label key={item.id} className={`${styles.option} ${item.id === channel.id ? styles.optionActive : ''}`}>
              <input
                type="radio"
                name="deposit-channel"
                className={styles.optionInput}
                checked={item.id === channel.id}
                onChange={() => setChannelId(item.id)}
              />
              <KindIcon kind={item.kind} />
              <span className={styles.optionText}>
                <span className={styles.optionName}>{item.name}</span>
                <span className={styles.optionMeta}>
                  {moneyShort(item.min)} - {moneyShort(item.max)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </section>
      {/* A fresh form per channel: the amount, its errors and the idempotency key belong to one channel. */}
      <DepositAmount key={channel.id} memberId={memberId} channel={channel} />
    </>
  );
}

function DepositAmount({ memberId, channel }: { memberId: string; channel: DepositChannel }) {
  const { t } = useTranslation('finance');
  const navigate = useNavigate();
  const deposit = useCreateDeposit(memberId);
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [idempotencyKey, renewKey] = useIdempotencyKey();

  // Another amount is another action; a retry of the same amount must reuse the key so it cannot pay twice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key follows the amount typed
  useEffect(() => renewKey(), [amount, renewKey]);

  const min = wireToUnits(channel.min);
  const max = wireToUnits(channel.max);
  const units = inputToUnits(amount);
  const error = (() => {
    if (units === null) return amount || attempted ? t('amountRequired') : null;
    if (units < min) return t('amountBelowMin', { min: money(channel.min) });
    if (units > max) return t('amountAboveMax', { max: money(channel.max) });
    return null;
  })();
  const quick = QUICK_AMOUNTS.filter((value) => {
    const valueUnits = BigInt(value) * 10_000n;
    return valueUnits >= min && valueUnits <= max;
  }).slice(0, MAX_QUICK_AMOUNTS);

  const submit = () => {
    setAttempted(true);
    if (deposit.isPending || error || units === null) return;
    deposit.mutate(
      { body: { channel: channel.id, amount: unitsToInput(units) }, idempotencyKey },
      {
        onSuccess: (order) => {
          renewKey();
          navigate(`${paths.depositInfo}?id=${encodeURIComponent(order.id)}`);
        },
        onError: showError,
      },
    );
  };

  return (
    <form
      className={styles.section}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <AmountField
        id="deposit-amount"
        label={t('deposit.amountLabel')}
        value={amount}
        onChange={setAmount}
        error={error}
        hint={t('limitRange', { min: money(channel.min), max: money(channel.max) })}
      />
      {quick.length > 0 && (
        <div className={styles.chips}>
          {quick.map((value) => (
            <button
              key={value}
              type="button"
              className={`${styles.chip} ${units === BigInt(value) * 10_000n ? styles.chipActive : ''}`}
              aria-label={t('quickAmount', { amount: money(String(value)) })}
              aria-pressed={units === BigInt(value) * 10_000n}
              onClick={() => setAmount(String(value))}
            >
              {value}
            </button>
          ))}
        </div>
      )}
      {(channel.tips || channel.kind.startsWith('usdt')) && (
        <div className={styles.tips}>
          {channel.tips && <p>{channel.tips}</p>}
          {channel.kind.startsWith('usdt') && <p>{t('deposit.rateHint')}</p>}
        </div>
      )}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        className={styles.submit}
        loading={deposit.isPending}
        disabled={deposit.isPending}
      >
        {t('deposit.submit')}
      </Button>
    </form>
  );
}
