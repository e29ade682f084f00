import { BET_STATUSES, type BetStatus, DATE_PRESET_LABELS, DATE_PRESETS, type DatePreset } from '@jinb/contract';
import type { BetView } from '@jinb/contract/sports';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { ReconnectingNote } from '../../../shared/realtime/ReconnectingNote';
import { useFallbackPoll } from '../../../shared/realtime/use-topic';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { RecordKindTabs } from '../../../shared/ui/RecordKindTabs';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { CashOut, useCashoutTopic } from '../cashout/CashOut';
import { useMemberLive } from '../live/use-live-book';
import { pickLabel } from '../market-labels';
import { useOddsFormat } from '../preferences';
import { betKind, betNet, betStatusLabel } from '../record/bet-labels';
import { type BetFilters, betFilters, betsQuery } from '../sports.api';
import { money, showOdds, signedMoney } from '../sports-format';
import '../sports.locale';
import styles from '../record/record.module.css';

/** The tabs, in the order a member looks: what is running, then how bets ended. */
const STATUSES: readonly BetStatus[] = ['open', 'pending', 'settled', 'cashed_out', 'refused'];
/** A parlay of ten is a long row: the first few legs say what it is, the detail page has the rest. */
const LEGS_SHOWN = 3;

function readStatus(value: string | null): BetFilters['status'] {
  return (BET_STATUSES as readonly string[]).includes(value ?? '') ? (value as BetStatus) : 'open';
}

function readPreset(value: string | null): DatePreset {
  const parsed = Number(value);
  return value !== null && (DATE_PRESETS as readonly number[]).includes(parsed) ? (parsed as DatePreset) : -1;
}

/**
 * /user/bettingRecord: the member's open and settled bets, by the spec's date presets, with the totals of everything
 * the filter matches (stake, payout, net) above the list; each bet opens its detail.
 */
export default function BettingRecordPage() {
  const { t } = useTranslation('sports');
  const current = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState(() => readStatus(params.get('status')));
  const [preset, setPreset] = useState(() => readPreset(params.get('preset')));
  const timeZone = usePlatformTimeZone();
  const filters = useMemo(() => betFilters(status, preset, timeZone), [status, preset, timeZone]);
  const memberId = current.user?.id ?? '';
  // Bets change through the `bets` topic; a slow poll stands in while the channel is down.
  const poll = useFallbackPoll();
  const bets = useInfiniteQuery({ ...betsQuery(memberId, filters), refetchInterval: poll });
  useMemberLive();
  useCashoutTopic(memberId);
  const totals = bets.data?.pages[0]?.totals;
  const decided = status === 'settled' || status === 'cashed_out';

  useEffect(() => {
    const next = new URLSearchParams();
    next.set('status', status);
    if (preset !== -1) next.set('preset', String(preset));
    setParams(next, { replace: true });
  }, [status, preset, setParams]);

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <PageHeader title={t('record.title')} fallback={paths.center} />
        <RecordKindTabs current="sports" />
        <div className={styles.tabs} role="tablist" aria-label={t('record.statusTabs')}>
          {STATUSES.map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={option === status}
              className={option === status ? `${styles.tab} ${styles.tabActive}` : styles.tab}
              onClick={() => setStatus(option)}
            >
              {t(`record.status.${option}`)}
            </button>
          ))}
        </div>
        <fieldset className={styles.presets}>
          <legend className="visually-hidden">{t('record.dateFilter')}</legend>
          {DATE_PRESETS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === preset}
              className={option === preset ? styles.presetActive : styles.preset}
              onClick={() => setPreset(option)}
            >
              {t(`record.presets.${DATE_PRESET_LABELS[option]}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {current.status === 'error' && <ErrorState onRetry={current.reload} />}
      {current.status === 'loading' && <LoadingState minHeight={320} />}
      {current.status === 'ready' && (
        <>
          <dl className={styles.totals} aria-busy={!totals}>
            <div>
              <dt>{t('record.totals.stake')}</dt>
              <dd>{totals ? money(totals.stake) : '--'}</dd>
            </div>
            {/* Open bets have paid nothing and won or lost nothing yet: those two wait for the settled tab. */}
            <div>
              <dt>{t('record.totals.payout')}</dt>
              <dd>{totals && decided ? money(totals.payout) : '--'}</dd>
            </div>
            <div>
              <dt>{t('record.totals.net')}</dt>
              <dd>{totals && decided ? <Net value={totals.net} /> : '--'}</dd>
            </div>
          </dl>
          <div className={styles.list}>
            <PagedList
              query={bets}
              itemKey={(bet) => bet.id}
              renderItem={(bet) => <BetRow bet={bet} timeZone={timeZone} memberId={memberId} />}
              emptyText={preset === -1 ? t(`record.empty.${status}`) : t('record.emptyFiltered')}
            />
          </div>
        </>
      )}
      <ReconnectingNote />
    </div>
  );
}

function Net({ value }: { value: string | bigint }) {
  const net = signedMoney(value);
  return <span className={styles[net.direction]}>{net.text}</span>;
}

function BetRow({ bet, timeZone, memberId }: { bet: BetView; timeZone: string; memberId: string }) {
  const { t } = useTranslation('sports');
  const format = useOddsFormat();
  const state = betStatusLabel(t, bet);
  const net = betNet(bet);
  const first = bet.legs[0];
  const running = bet.status === 'open' || bet.status === 'pending';
  return (
    <div>
      <Link to={`${paths.bettingDetail}?id=${encodeURIComponent(bet.id)}`} className={styles.row}>
        <span className={styles.rowTop}>
          <span className={styles.kind}>{betKind(t, bet)}</span>
          {bet.legs.length === 1 && first && (
            <span className={styles.rowEvent}>
              {first.home} vs {first.away}
            </span>
          )}
          {bet.legs.length > 1 && (
            <span className={styles.rowEvent}>{t('record.legsCount', { count: bet.legs.length })}</span>
          )}
          <span className={`${styles.result} ${styles[state.tone]}`}>{state.text}</span>
        </span>
        <span className={styles.rowLegs}>
          {bet.legs.slice(0, LEGS_SHOWN).map((leg) => (
            <span key={leg.selectionId} className={styles.rowLeg}>
              {bet.legs.length > 1 && `${leg.home} vs ${leg.away} · `}
              {pickLabel(t, leg.sport, leg, leg.side)} <b>@{showOdds(leg.odds, format)}</b>
            </span>
          ))}
          {bet.legs.length > LEGS_SHOWN && <span className={styles.rowLeg}>…</span>}
        </span>
        <span className={styles.rowMoney}>
          <span>
            {t('record.stake')} <b>{money(bet.totalStake)}</b>
          </span>
          {running ? (
            <span>
              {t('record.potentialPayout')} <b>{money(bet.potentialPayout)}</b>
            </span>
          ) : (
            <span>
              {t('record.payout')} <b>{money(bet.payout ?? '0')}</b>
              {net !== null && (
                <b>
                  {' '}
                  <Net value={net} />
                </b>
              )}
            </span>
          )}
        </span>
        <time className={styles.rowTime} dateTime={bet.placedAt}>
          {platformDateTime(bet.placedAt, timeZone)}
        </time>
      </Link>
      {bet.status === 'open' && (
        <div className={styles.rowActions}>
          <CashOut bet={bet} memberId={memberId} />
        </div>
      )}
    </div>
  );
}
