import type { TransferResult, VenueWallet } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Button, Dialog, Switch, Tag } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { balanceQuery } from '../../../shared/session/session.queries';
import { showError, showFailure, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { inputToUnits, money, unitsToInput, wireToUnits } from '../amount';
import { AmountField } from '../components/AmountField';
import { MemberGate } from '../components/MemberGate';
import {
  autoTransferQuery,
  financeKeys,
  invalidateBalances,
  saveAutoTransfer,
  useRecallAll,
  useTransfer,
  walletsQuery,
} from '../finance.api';
import '../finance.locale';
import styles from '../finance.module.css';

/** The main wallet's id on the wire (transfer from/to). */
const MAIN = 'main';

export default function TransferPage() {
  const { t } = useTranslation('finance');
  return (
    <div className={styles.page}>
      <PageHeader title={t('transfer.title')} fallback={paths.center} />
      <MemberGate>{(memberId) => <Transfer memberId={memberId} />}</MemberGate>
    </div>
  );
}

function Transfer({ memberId }: { memberId: string }) {
  const { t } = useTranslation('finance');
  const queryClient = useQueryClient();
  const balance = useQuery(balanceQuery);
  const wallets = useQuery(walletsQuery(memberId));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: financeKeys.wallets(memberId) }),
    ]);

  /** A transfer's answer carries every balance after it: show them without another round trip. */
  const applyResult = (result: TransferResult) => {
    queryClient.setQueryData(balanceQuery.queryKey, (old) => (old ? { ...old, balance: result.main } : old));
    queryClient.setQueryData(financeKeys.wallets(memberId), result.venues);
    invalidateBalances(queryClient, memberId);
  };

  if (balance.isPending || wallets.isPending) return <LoadingState minHeight={320} />;
  if (balance.isError || wallets.isError) {
    const error = balance.error ?? wallets.error;
    return <ErrorState message={error?.message} onRetry={() => void refresh()} />;
  }

  return (
    <PullRefresh onRefresh={refresh}>
      <MainWallet main={balance.data.balance} venues={wallets.data} onResult={applyResult} />
      <AutoTransfer memberId={memberId} />
      {wallets.data.length === 0 ? (
        <EmptyState description={t('transfer.noVenues')} />
      ) : (
        <TransferForm main={balance.data.balance} venues={wallets.data} onResult={applyResult} />
      )}
    </PullRefresh>
  );
}

/**
 * The 免转 switch: on, launching a transfer-wallet vendor's game moves the main balance there and /app/venueBack
 * brings it back; off, the member moves money by hand here. Shown once the saved choice is known.
 */
function AutoTransfer({ memberId }: { memberId: string }) {
  const { t } = useTranslation('finance');
  const queryClient = useQueryClient();
  const setting = useQuery(autoTransferQuery(memberId));
  const save = useMutation({
    mutationFn: saveAutoTransfer,
    onSuccess: (result) => {
      queryClient.setQueryData(financeKeys.autoTransfer(memberId), result);
      showSuccess(result.autoTransfer ? t('transfer.autoOn') : t('transfer.autoOff'));
    },
    onError: showError,
  });
  if (!setting.data) return null;
  return (
    <section className={styles.autoTransfer}>
      <div className={styles.autoTransferText}>
        <h2 className={styles.sectionTitle}>{t('transfer.auto')}</h2>
        <span className={styles.autoTransferHint}>{t('transfer.autoHint')}</span>
      </div>
      <Switch
        checked={save.isPending ? save.variables : setting.data.autoTransfer}
        loading={save.isPending}
        onChange={(checked) => save.mutate(checked)}
      />
    </section>
  );
}

function useShowResult() {
  const { t } = useTranslation('finance');
  return (result: TransferResult, success: string) => {
    if (result.status === 'confirmed') showSuccess(success);
    else if (result.status === 'pending')
      void Dialog.alert({ title: t('transfer.pendingTitle'), content: t('transfer.pendingText') });
    else showFailure(t('transfer.failed'));
  };
}

function MainWallet({
  main,
  venues,
  onResult,
}: {
  main: string;
  venues: VenueWallet[];
  onResult: (result: TransferResult) => void;
}) {
  const { t } = useTranslation('finance');
  const showResult = useShowResult();
  const recallAll = useRecallAll();
  const [recallKey, renewRecallKey] = useIdempotencyKey();

  const recall = () =>
    recallAll.mutate(recallKey, {
      onSuccess: (result) => {
        renewRecallKey();
        onResult(result);
        showResult(result, t('transfer.recalled'));
      },
      onError: showError,
    });

  return (
    <section className={styles.walletHero}>
      <span className={styles.walletHeroLabel}>{t('mainWallet')}</span>
      <strong className={styles.walletHeroAmount} data-testid="main-balance">
        {money(main)}
      </strong>
      <Button
        block
        shape="rounded"
        size="large"
        className={styles.recallButton}
        loading={recallAll.isPending}
        disabled={recallAll.isPending || venues.length === 0}
        onClick={recall}
      >
        {t('transfer.recall')}
      </Button>
    </section>
  );
}

function TransferForm({
  main,
  venues,
  onResult,
}: {
  main: string;
  venues: VenueWallet[];
  onResult: (result: TransferResult) => void;
}) {
  const { t } = useTranslation('finance');
  const showResult = useShowResult();
  const [direction, setDirection] = useState<'out' | 'in'>('out');
  const [venueCode, setVenueCode] = useState(() => (venues.find((venue) => !venue.maintenance) ?? venues[0]!).code);
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const move = useTransfer();
  const [idempotencyKey, renewKey] = useIdempotencyKey();

  // biome-ignore lint/correctness/useExhaustiveDependencies: another amount, venue or direction is another transfer
  useEffect(() => renewKey(), [amount, venueCode, direction, renewKey]);

  const venue = venues.find((item) => item.code === venueCode) ?? venues[0]!;
  const from = direction === 'out' ? MAIN : venue.code;
  const to = direction === 'out' ? venue.code : MAIN;
  const available = wireToUnits(direction === 'out' ? main : venue.balance);
  const units = inputToUnits(amount);
  const error = (() => {
    if (units === null) return amount || attempted ? t('amountRequired') : null;
    if (units <= 0n) return t('amountInvalid');
    if (units > available) return t('amountAboveBalance');
    return null;
  })();

  const pickVenue = () => {
    const sheet = ActionSheet.show({
      cancelText: t('cancel', { ns: 'common' }),
      extra: t('transfer.chooseVenue'),
      actions: venues.map((item) => ({
        key: item.code,
        text: item.name,
        description: item.maintenance ? t('maintenance') : money(item.balance),
        disabled: item.maintenance,
        onClick: () => {
          setVenueCode(item.code);
          sheet.close();
        },
      })),
    });
  };

  const submit = () => {
    setAttempted(true);
    if (error || units === null || move.isPending) return;
    move.mutate(
      { body: { from, to, amount: unitsToInput(units) }, idempotencyKey },
      {
        onSuccess: (result) => {
          renewKey();
          setAmount('');
          setAttempted(false);
          onResult(result);
          showResult(result, t('transfer.confirmed'));
        },
        onError: showError,
      },
    );
  };

  const venueButton = (
    <button type="button" className={styles.walletPick} onClick={pickVenue} aria-label={t('transfer.chooseVenue')}>
      <span>{venue.name}</span>
      <DownOutline aria-hidden />
    </button>
  );
  const mainSide = <span className={styles.walletFixed}>{t('mainWallet')}</span>;

  return (
    <>
      <form
        className={styles.section}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className={styles.direction}>
          <div className={styles.directionSide}>
            <span className={styles.directionLabel}>{t('transfer.from')}</span>
            {direction === 'out' ? mainSide : venueButton}
          </div>
          <button
            type="button"
            className={styles.swap}
            aria-label={t('transfer.swap')}
            onClick={() => setDirection((value) => (value === 'out' ? 'in' : 'out'))}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
              <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <div className={styles.directionSide}>
            <span className={styles.directionLabel}>{t('transfer.to')}</span>
            {direction === 'out' ? venueButton : mainSide}
          </div>
        </div>
        <AmountField
          id="transfer-amount"
          label={t('transfer.amountLabel')}
          value={amount}
          onChange={setAmount}
          onAll={() => setAmount(unitsToInput(available))}
          error={error}
          hint={`${t('balance')} ${money(available)}`}
        />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          className={styles.submit}
          loading={move.isPending}
          disabled={move.isPending || venue.maintenance}
        >
          {t('transfer.submit')}
        </Button>
      </form>

      <section className={styles.section} aria-labelledby="venue-wallets-title">
        <h2 id="venue-wallets-title" className={styles.sectionTitle}>
          {t('transfer.venues')}
        </h2>
        <ul className={styles.venueGrid}>
          {venues.map((item) => (
            <li key={item.code}>
              <button
                type="button"
                className={`${styles.venue} ${item.code === venue.code ? styles.venueActive : ''}`}
                aria-pressed={item.code === venue.code}
                disabled={item.maintenance}
                onClick={() => setVenueCode(item.code)}
              >
                <span className={styles.venueName}>{item.name}</span>
                {item.maintenance ? (
                  <Tag color="default">{t('maintenance')}</Tag>
                ) : (
                  <span className={styles.venueBalance}>{money(item.balance)}</span>
                )}
                {wireToUnits(item.pending) > 0n && (
                  <span className={styles.venuePending}>{t('pending', { amount: money(item.pending) })}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
