import type { BetDetail } from '@jinb/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { copyText } from '../../../shared/clipboard/copy-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { ReconnectingNote } from '../../../shared/realtime/ReconnectingNote';
import { useFallbackPoll } from '../../../shared/realtime/use-topic';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { CashOut, useCashoutTopic } from '../cashout/CashOut';
import { useMemberLive } from '../live/use-live-book';
import { pickLabel } from '../market-labels';
import { useOddsFormat } from '../preferences';
import { betKind, betNet, betStatusLabel, legMultiplier } from '../record/bet-labels';
import { betDetailQuery } from '../sports.api';
import { money, showOdds, signedMoney } from '../sports-format';
import '../sports.locale';
import styles from '../record/record.module.css';

/** /user/bettingDetail?id=: one bet with every leg, its result and score, and each line's payout worked out. */
export default function BettingDetailPage() {
  const { t } = useTranslation('sports');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const current = useCurrentUser();
  const memberId = current.user?.id ?? '';
  const poll = useFallbackPoll();
  const detail = useQuery({
    ...betDetailQuery(memberId, id),
    // Only a bet still running changes; while the channel is down it is asked again now and then.
    refetchInterval: (query) =>
      query.state.data?.status === 'open' || query.state.data?.status === 'pending' ? poll : false,
  });
  // The `bets` topic reads the bet again when it stands, is refused, settles or is cashed out.
  useMemberLive();
  useCashoutTopic(memberId);

  const validId = /^\d{1,18}$/.test(id);
  const notFound = !validId || (detail.error instanceof ApiError && detail.error.code === 'NOT_FOUND');
  const failed = !notFound && (current.status === 'error' || detail.isError);
  const retry = () => {
    if (current.status === 'error') current.reload();
    if (detail.isError) void detail.refetch();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('record.detailTitle')} fallback={paths.bettingRecord} />
      {notFound && (
        <div className={styles.notFound}>
          <EmptyState description={t('record.notFound')} />
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.bettingRecord, { replace: true })}>
            {t('record.backToRecords')}
          </Button>
        </div>
      )}
      {failed && <ErrorState message={detail.error?.message} onRetry={retry} />}
      {!notFound && !failed && !detail.data && <LoadingState />}
      {!notFound && detail.data && <Detail bet={detail.data} memberId={memberId} />}
      <ReconnectingNote />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Detail({ bet, memberId }: { bet: BetDetail; memberId: string }) {
  const { t } = useTranslation('sports');
  const format = useOddsFormat();
  const timeZone = usePlatformTimeZone();
  const state = betStatusLabel(t, bet);
  const net = betNet(bet);
  const running = bet.status === 'open' || bet.status === 'pending';
  // The payout math of lines does not apply: the stake came back, or the bet was paid its cash-out value.
  const ended = bet.status === 'refused' || bet.status === 'cashed_out';
  // The order number is what the member's transaction records and support know the bet by; the id stays in URLs.
  const copyId = async () => {
    const copied = await copyText(bet.orderNo);
    showToast(copied ? { icon: 'success', content: t('copied', { ns: 'common' }) } : t('copyFailed', { ns: 'common' }));
  };

  return (
    <>
      <section className={styles.summary}>
        <h2 className={styles.summaryKind}>{betKind(t, bet)}</h2>
        <p className={styles.summaryLabel}>{running ? t('record.potentialPayout') : t('record.payout')}</p>
        <p className={styles.summaryAmount}>{money(running ? bet.potentialPayout : (bet.payout ?? '0'))}</p>
        <span className={`${styles.result} ${styles[state.tone]}`}>{state.text}</span>
        <CashOut bet={bet} memberId={memberId} explain />
        {net !== null && (
          <p className={styles.summaryNet}>
            {t('record.net')} <span className={styles[signedMoney(net).direction]}>{signedMoney(net).text}</span>
          </p>
        )}
        {bet.resettled > 0 && <p className={styles.resettled}>{t('record.resettled', { count: bet.resettled })}</p>}
      </section>

      <section className={styles.card} aria-labelledby="bet-legs">
        <h3 id="bet-legs" className={styles.cardTitle}>
          {t('record.legs')}
        </h3>
        <ol className={styles.legs}>
          {bet.legs.map((leg) => (
            <li key={leg.selectionId} className={styles.leg}>
              <div className={styles.legTop}>
                <span className={styles.legEvent}>
                  {leg.home} vs {leg.away}
                </span>
                {leg.outcome ? (
                  <span className={`${styles.outcome} ${styles[`outcome_${leg.outcome}`]}`}>
                    {t(`record.outcome.${leg.outcome}`)}
                  </span>
                ) : (
                  <span className={styles.outcome}>
                    {/* A refused or cashed-out bet is never settled on its legs: no result is pending. */}
                    {ended ? t(`record.betStatus.${bet.status}`) : t('record.pending')}
                  </span>
                )}
              </div>
              <div className={styles.legPick}>
                {pickLabel(t, leg.sport, leg, leg.side)} <b>@{showOdds(leg.odds, format)}</b>
              </div>
              <div className={styles.legMeta}>
                {t(`sports.${leg.sport}`)} · {leg.competition} · {platformDateTime(leg.startTime, timeZone)}
                {leg.score && (
                  <span className={styles.legScore}>
                    {t('record.result', { home: leg.score.home, away: leg.score.away })}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ol>
      </section>

      {!ended && (
        <section className={styles.card} aria-labelledby="bet-lines">
          <h3 id="bet-lines" className={styles.cardTitle}>
            {t('record.lines')}
          </h3>
          <ol className={styles.lines}>
            {bet.lines.map((line, index) => {
              const settled = line.payout !== null;
              const factors = line.legs.map((legIndex) => {
                const leg = bet.legs[legIndex];
                if (!leg) return '?';
                // The factor the payout really used: a half win pays (odds + 1) / 2, a void counts as 1.
                return settled && leg.outcome ? legMultiplier(leg.odds, leg.outcome) : leg.odds;
              });
              return (
                <li key={line.legs.join('-')} className={styles.line}>
                  {bet.lines.length > 1 && (
                    <span className={styles.lineIndex}>{t('record.lineOf', { index: index + 1 })}</span>
                  )}
                  <span className={styles.lineMath}>
                    {money(line.stake)} × {factors.join(' × ')} ={' '}
                    <b>{money(settled ? (line.payout ?? '0') : line.potentialPayout)}</b>
                    {!settled && <span className={styles.linePending}> ({t('record.pendingPayout')})</span>}
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
      )}

      <dl className={styles.card}>
        <Row label={t('record.betId')}>
          <span className={styles.copyable}>
            <span className={styles.mono}>{bet.orderNo}</span>
            <Button size="mini" fill="outline" color="primary" onClick={copyId} aria-label={t('record.copyId')}>
              {t('copy', { ns: 'common' })}
            </Button>
          </span>
        </Row>
        <Row label={t('record.stakePerLine')}>{money(bet.stake)}</Row>
        <Row label={t('record.totalStake')}>
          {money(bet.totalStake)}
          {bet.lineCount > 1 && ` (${t('slip.lineCount', { count: bet.lineCount })})`}
        </Row>
        <Row label={t('record.potentialPayout')}>{money(bet.potentialPayout)}</Row>
        {bet.payout !== null && <Row label={t('record.payout')}>{money(bet.payout)}</Row>}
        {bet.status === 'settled' && <Row label={t('record.turnover')}>{money(bet.turnover)}</Row>}
        <Row label={t('record.placedAt')}>
          <time dateTime={bet.placedAt}>{platformDateTime(bet.placedAt, timeZone)}</time>
        </Row>
        {bet.settledAt && (
          <Row label={t('record.settledAt')}>
            <time dateTime={bet.settledAt}>{platformDateTime(bet.settledAt, timeZone)}</time>
          </Row>
        )}
      </dl>
    </>
  );
}
