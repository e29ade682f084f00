import type { EventDetail } from '@jinb/contract/sports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState } from '../../../shared/ui/states';
import { BookProblem, EventListSkeleton } from '../components/LoadStates';
import { MarketGroups } from '../components/MarketGroups';
import { OddsFormatPicker } from '../components/OddsFormatPicker';
import { BetSlip } from '../slip/BetSlip';
import { useSlipSync } from '../slip/use-slip-sync';
import { eventQuery, sportsKeys } from '../sports.api';
import { kickoffLabel } from '../sports-format';
import '../sports.locale';
import styles from '../sports.module.css';

function Scoreboard({ event, timeZone }: { event: EventDetail; timeZone: string }) {
  const { t } = useTranslation('sports');
  const live = event.status === 'live';
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
          <span className={live ? `${styles.scoreState} ${styles.scoreStateLive}` : styles.scoreState}>
            {t(`eventStatus.${event.status}`)}
          </span>
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

/** One event: its score or start, and every market grouped by type and period, prices refreshed while in view. */
export default function SportsEventPage() {
  const { t } = useTranslation('sports');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('event') ?? '';
  const timeZone = usePlatformTimeZone();
  const queryClient = useQueryClient();
  const event = useQuery(eventQuery(id));
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
              <Scoreboard event={event.data} timeZone={timeZone} />
              {event.data.markets.length === 0 ? (
                <EmptyState description={t('empty.markets')} />
              ) : (
                <MarketGroups event={event.data} />
              )}
            </>
          )}
        </PullRefresh>
      )}
      <BetSlip />
    </div>
  );
}
