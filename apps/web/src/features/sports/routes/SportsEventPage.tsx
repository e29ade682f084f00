import type { EventDetail } from '@jinb/contract/sports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { ReconnectingNote } from '../../../shared/realtime/ReconnectingNote';
import { useFallbackPoll } from '../../../shared/realtime/use-topic';
import { usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState } from '../../../shared/ui/states';
import { BookProblem, EventListSkeleton } from '../components/LoadStates';
import { MarketGroups } from '../components/MarketGroups';
import { OddsFormatPicker } from '../components/OddsFormatPicker';
import { clockLabel, useLiveClocks } from '../live/live-clock';
import { useLiveEvent, useMemberLive } from '../live/use-live-book';
import { BetSlip } from '../slip/BetSlip';
import { useSlipSync } from '../slip/use-slip-sync';
import { eventQuery, sportsKeys } from '../sports.api';
import { kickoffLabel } from '../sports-format';
import '../sports.locale';
import styles from '../sports.module.css';

/** Re-renders every `ms` while `on`, for a clock that counts on between messages. */
function useTick(on: boolean, ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [on, ms]);
  return now;
}

function Scoreboard({ event, timeZone, loadedAt }: { event: EventDetail; timeZone: string; loadedAt: number }) {
  const { t } = useTranslation('sports');
  const live = event.status === 'live';
  // A suspended event with a score is a live match stopped for a moment (a goal, a penalty), not over.
  const inPlay = live || (event.status === 'suspended' && event.score !== null);
  const heard = useLiveClocks((clocks) => clocks[event.id]);
  // The channel's clock when it has spoken, else the minute the page's own answer carried when it came.
  const minute = (event as EventDetail & { minute?: number | null }).minute;
  const clock = heard ?? (typeof minute === 'number' ? { minute, at: loadedAt, version: event.version } : undefined);
  const now = useTick(inPlay && clock?.minute !== undefined);
  const clockText = inPlay ? clockLabel(t, event.sport, clock, now) : null;
  return (
    <section className={styles.scoreboard} aria-label={t('eventTitle')}>
      <p className={styles.scoreCompetition}>
        {t(`sports.${event.sport}`)} · {event.competition.name}
      </p>
      <div className={styles.scoreTeams}>
        <span className={styles.scoreTeam}>{event.home}</span>
        <span className={styles.scoreMiddle}>
          {event.score ? (
            <span className={styles.scoreNumbers}>
              {event.score.home} - {event.score.away}
            </span>
          ) : (
            <span className={styles.scoreVs}>VS</span>
          )}
          <span className={inPlay ? `${styles.scoreState} ${styles.scoreStateLive}` : styles.scoreState}>
            {t(`eventStatus.${event.status}`)}
          </span>
          {clockText && (
            <span className={styles.scoreClock}>
              <span className="visually-hidden">{t('clock.label')} </span>
              {clockText}
            </span>
          )}
          {!live && event.status === 'scheduled' && (
            <time className={styles.scoreWhen} dateTime={event.startTime}>
              {kickoffLabel(event.startTime, timeZone, t)}
            </time>
          )}
        </span>
        <span className={styles.scoreTeam}>{event.away}</span>
      </div>
      {(event.halfTime || event.sets.length > 0) && (
        <p className={styles.scoreExtra}>
          {event.halfTime && t('halfTime', { home: event.halfTime.home, away: event.halfTime.away })}
          {event.sets.length > 0 &&
            `${event.halfTime ? ' · ' : ''}${t('sets')} ${event.sets.map((set) => `${set.home}-${set.away}`).join(' ')}`}
        </p>
      )}
    </section>
  );
}

/** One event: its score or start (and clock in play), every market grouped by type and period, prices live. */
export default function SportsEventPage() {
  const { t } = useTranslation('sports');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('event') ?? '';
  const timeZone = usePlatformTimeZone();
  const queryClient = useQueryClient();
  const poll = useFallbackPoll();
  const event = useQuery({ ...eventQuery(id), refetchInterval: poll });
  useLiveEvent(id);
  useMemberLive();
  useSlipSync(event.data ? [event.data] : undefined);

  const validId = /^\d{1,18}$/.test(id);
  const notFound = !validId || (event.error instanceof ApiError && event.error.code === 'NOT_FOUND');
  const refresh = () => queryClient.invalidateQueries({ queryKey: sportsKeys.event(id) });
  const back = event.data ? `${paths.sports}?sport=${event.data.sport}` : paths.sports;

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <PageHeader
          title={event.data?.competition.name ?? t('eventTitle')}
          fallback={back}
          right={<OddsFormatPicker />}
        />
      </div>
      {notFound ? (
        <div className={styles.notFound}>
          <EmptyState description={t('eventNotFound')} />
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.sports, { replace: true })}>
            {t('backToSports')}
          </Button>
        </div>
      ) : (
        <PullRefresh onRefresh={refresh}>
          {event.isPending && (
            <div className={styles.markets}>
              <EventListSkeleton rows={3} />
            </div>
          )}
          {event.isError && !event.data && <BookProblem error={event.error} onRetry={() => void refresh()} />}
          {event.data && (
            <>
              <Scoreboard event={event.data} timeZone={timeZone} loadedAt={event.dataUpdatedAt} />
              {event.data.markets.length === 0 ? (
                <EmptyState description={t('empty.markets')} />
              ) : (
                <MarketGroups event={event.data} />
              )}
            </>
          )}
        </PullRefresh>
      )}
      <ReconnectingNote />
      <BetSlip />
    </div>
  );
}
