import { type DepositOrder, formatOrderNo } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Tag } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, get } from '../../../shared/api/client';
import { CURRENCY_SYMBOL } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { NewestNote } from '../../../shared/ui/NewestNote';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { centsOf, money } from '../amount';
import { CopyRow } from '../components/CopyRow';
import { KindIcon } from '../components/KindIcon';
import { MemberGate } from '../components/MemberGate';
import { demoModeQuery, depositOrderQuery, financeKeys, invalidateBalances, simulatePayment } from '../finance.api';
import '../deposit-info.locale';
import '../finance.locale';
import styles from '../finance.module.css';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';

/**
 * /finance/deposit/info without an id: the order of the member's newest credited deposit (its record's reference is
 * `deposit:<order id>`), or null when they have none.
 */
const newestDepositQuery = (memberId: string) =>
  queryOptions({
    queryKey: [...financeKeys.depositOrders(memberId), 'newest'] as const,
    queryFn: ({ signal }) => get('records', { query: { type: 'deposit', page: 1, size: 1 }, signal }),
    select: (page) => /^deposit:(\d+)$/.exec(page.list[0]?.reference ?? '')?.[1] ?? null,
    staleTime: 0,
  });

/** How often a pending order is asked about while the member pays. */
export const ORDER_POLL_MS = 5000;

const STATUS_COLOR = { pending: 'warning', confirmed: 'success', rejected: 'danger', expired: 'default' } as const;

/**
 * /finance/deposit/info?id=: one order, polled while the member pays. Without an id, or with one that is not the
 * member's, the newest credited deposit shows under a note leading to the deposit records; with none, the way to
 * make one.
 */
export default function DepositInfoPage() {
  const { t } = useTranslation('finance');
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  return (
    <div className={styles.page}>
      <PageHeader title={t('order.title')} fallback={paths.deposit} />
      <MemberGate>
        {(memberId) =>
          /^\d{1,18}$/.test(id) ? (
            <OrderView memberId={memberId} id={id} />
          ) : (
            <NewestOrder memberId={memberId} asked={false} />
          )
        }
      </MemberGate>
    </div>
  );
}

function NewestOrder({ memberId, asked }: { memberId: string; asked: boolean }) {
  const { t } = useTranslation('finance');
  const { t: tn } = useTranslation('depositInfo');
  const navigate = useNavigate();
  const newest = useQuery(newestDepositQuery(memberId));
  if (newest.isPending) return <LoadingState minHeight={320} />;
  if (newest.isError) return <ErrorState message={newest.error.message} onRetry={() => void newest.refetch()} />;
  if (newest.data)
    return (
      <>
        <NewestNote
          text={asked ? tn('missingNewest') : tn('newest')}
          listLabel={tn('records')}
          to={`${paths.transactionRecord}?type=deposit`}
        />
        <OrderView memberId={memberId} id={newest.data} fallback={false} />
      </>
    );
  return (
    <Result
      status="info"
      title={asked ? t('order.missing') : tn('none')}
      description={
        <>
          <p className={styles.resultText}>{tn('noneHint')}</p>
          <Button
            color="primary"
            shape="rounded"
            className={styles.resultAction}
            onClick={() => navigate(paths.deposit)}
          >
            {tn('deposit')}
          </Button>
        </>
      }
    />
  );
}

function OrderView({ memberId, id, fallback = true }: { memberId: string; id: string; fallback?: boolean }) {
  const queryClient = useQueryClient();
  const order = useQuery({
    ...depositOrderQuery(memberId, id),
    // Polling stops by itself once the order is settled, and while the page is hidden (TanStack pauses interval
    // refetches in background tabs); coming back refreshes at once.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? ORDER_POLL_MS : false),
    refetchOnWindowFocus: true,
  });
  const status = order.data?.status;

  const credited = useRef(false);
  useEffect(() => {
    if (status !== 'confirmed' || credited.current) return;
    credited.current = true;
    invalidateBalances(queryClient, memberId);
  }, [status, queryClient, memberId]);

  if (order.isPending) return <LoadingState minHeight={320} />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.code === 'NOT_FOUND' && fallback)
      return <NewestOrder memberId={memberId} asked />;
    return <ErrorState message={order.error.message} onRetry={() => void order.refetch()} />;
  }
  return (
    <PullRefresh onRefresh={() => order.refetch()}>
      <OrderBody order={order.data} onChanged={() => void order.refetch()} />
    </PullRefresh>
  );
}

function OrderBody({ order, onChanged }: { order: DepositOrder; onChanged: () => void }) {
  const { t } = useTranslation('finance');
  const timeZone = usePlatformTimeZone();
  const navigate = useNavigate();
  const left = useCountdown(order.expiresAt);
  const timedOut = order.status === 'pending' && left === 0;

  // The server expires unpaid orders on its own schedule; ask once when the clock runs out.
  const askedAtZero = useRef(false);
  useEffect(() => {
    if (timedOut && !askedAtZero.current) {
      askedAtZero.current = true;
      onChanged();
    }
  }, [timedOut, onChanged]);

  if (order.status === 'confirmed') {
    return (
      <Result
        status="success"
        title={t('order.confirmedTitle')}
        description={
          <>
            <p className={styles.resultText}>{t('order.confirmedDescription', { amount: money(order.payAmount) })}</p>
            <div className={styles.resultActions}>
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.myAssets)}>
                {t('order.myAssets')}
              </Button>
              <Button shape="rounded" onClick={() => navigate(paths.transfer)}>
                {t('order.transfer')}
              </Button>
            </div>
          </>
        }
      />
    );
  }
  if (order.status !== 'pending' || timedOut) {
    const rejected = order.status === 'rejected';
    return (
      <Result
        status={rejected ? 'error' : 'waiting'}
        title={rejected ? t('order.rejectedTitle') : t('order.expiredTitle')}
        description={
          <>
            <p className={styles.resultText}>{rejected ? order.reason : t('order.expiredDescription')}</p>
            <Button
              color="primary"
              shape="rounded"
              className={styles.resultAction}
              onClick={() => navigate(paths.deposit, { replace: true })}
            >
              {t('order.newOrder')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <>
      <section className={styles.orderHead}>
        <div className={styles.orderHeadTop}>
          <KindIcon kind={order.kind} />
          <span className={styles.orderKind}>{t(`kinds.${order.kind}`)}</span>
          <Tag color={STATUS_COLOR[order.status]} fill="outline">
            {t(`order.status.${order.status}`)}
          </Tag>
        </div>
        <div className={styles.countdown} role="timer" aria-live="off">
          <span>{t('order.countdown')}</span>
          <strong>{formatCountdown(left)}</strong>
        </div>
      </section>
      <section className={styles.card}>
        <PaymentDetails order={order} />
      </section>
      <p className={styles.pollingNote} role="status">
        {t('order.polling')}
      </p>
      <SimulateButton order={order} onDone={onChanged} />
      <p className={styles.orderNo}>
        {t('order.orderNo')} {formatOrderNo('deposit', order.id, order.createdAt, timeZone)}
      </p>
    </>
  );
}

function PaymentDetails({ order }: { order: DepositOrder }) {
  const { t } = useTranslation('finance');
  const payee = order.payee;
  const remark = order.remark ? (
    <CopyRow label={t('order.remark')} value={order.remark} note={t('order.remarkHint')}>
      <strong className={styles.remark}>{order.remark}</strong>
    </CopyRow>
  ) : null;

  if (order.kind === 'usdt_trc20' || order.kind === 'usdt_erc20') {
    const network = payee.network ?? (order.kind === 'usdt_trc20' ? 'TRC20' : 'ERC20');
    const coins = truncateCoins(order.coinAmount ?? '');
    return (
      <>
        <p className={styles.warning}>{t('order.networkWarning', { network })}</p>
        <CopyRow label={t('order.coinAmount')} value={coins} note={t('order.coinExactly')}>
          <strong className={styles.payAmount}>{coins} USDT</strong>
        </CopyRow>
        <div className={styles.infoRow}>
          <span>{t('order.network')}</span>
          <span>{network}</span>
        </div>
        {payee.address && (
          <>
            <CopyRow label={t('order.address')} value={payee.address}>
              <span className={styles.breakAll}>{payee.address}</span>
            </CopyRow>
            <div className={styles.qr}>
              <QRCodeSVG value={payee.address} size={148} marginSize={2} title={t('order.qr')} />
            </div>
          </>
        )}
        {order.rate && (
          <div className={styles.infoRow}>
            <span>{t('order.rate')}</span>
            <span>{t('order.rateValue', { rate: money(order.rate) })}</span>
          </div>
        )}
        <div className={styles.infoRow}>
          <span>{t('order.equals')}</span>
          <span>{money(order.amount)}</span>
        </div>
      </>
    );
  }

  const amountText = truncateMoney(order.payAmount);
  const [whole] = amountText.split('.');
  const payAmount =
    order.kind === 'bank' ? (
      <CopyRow
        label={t('order.payAmount')}
        value={amountText}
        note={<span className={styles.warningText}>{t('order.payExactly', { cents: centsOf(order.payAmount) })}</span>}
      >
        <strong className={styles.payAmount}>
          {CURRENCY_SYMBOL}
          {whole}
          <em className={styles.cents}>{centsOf(order.payAmount)}</em>
        </strong>
      </CopyRow>
    ) : (
      <CopyRow label={t('order.payAmount')} value={amountText}>
        <strong className={styles.payAmount}>{money(order.payAmount)}</strong>
      </CopyRow>
    );

  if (order.kind === 'alipay') {
    return (
      <>
        {payAmount}
        {payee.account && <CopyRow label={t('order.alipayAccount')} value={payee.account} />}
        {payee.accountName && <CopyRow label={t('order.accountName')} value={payee.accountName} />}
        {remark}
      </>
    );
  }
  return (
    <>
      {payAmount}
      {payee.bankName && <CopyRow label={t('order.bankName')} value={payee.bankName} />}
      {payee.accountName && <CopyRow label={t('order.accountName')} value={payee.accountName} />}
      {payee.accountNo && <CopyRow label={t('order.accountNo')} value={payee.accountNo} />}
      {payee.branch && <CopyRow label={t('order.branch')} value={payee.branch} />}
      {remark}
    </>
  );
}

/** A coin amount as the chain needs it: all 4 decimals that make it unique, trailing zeros dropped. */
function truncateCoins(wire: string): string {
  return wire.includes('.') ? wire.replace(/0+$/, '').replace(/\.$/, '') : wire;
}

function SimulateButton({ order, onDone }: { order: DepositOrder; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const demo = useQuery(demoModeQuery());
  const [running, setRunning] = useState(false);
  if (!demo.data) return null;
  const simulate = async () => {
    setRunning(true);
    try {
      await simulatePayment(order.id);
      showSuccess(t('order.simulated'));
      onDone();
    } catch (caught) {
      showError(caught);
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className={styles.demo}>
      <Button
        block
        fill="outline"
        color="primary"
        shape="rounded"
        loading={running}
        disabled={running}
        onClick={simulate}
      >
        {t('order.simulate')}
      </Button>
    </div>
  );
}
