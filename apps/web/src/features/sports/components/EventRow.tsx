import type { EventSummary, MarketView } from '@jinb/contract/sports';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { clockLabel, useLiveClocks } from '../live/live-clock';
import { kickoffLabel } from '../sports-format';
import styles from './EventRow.module.css';
import { OddsButton } from './OddsButton';

/** The match result (or winner) goes on its own row; the main handicap and total share the next. */
function headline(markets: readonly MarketView[]): { main: MarketView | null; lines: MarketView[] } {
  const main = markets.find((market) => market.type === '1x2' || market.type === 'ml') ?? markets[0] ?? null;
  const lines = markets.filter((market) => market !== main && market.period === main?.period).slice(0, 2);
  return { main, lines };
}

export function eventPath(id: string): string {
  return `${paths.sports}?event=${encodeURIComponent(id)}`;
}

/** One event in a list: when (or the live score), the teams, its headline prices, and the way to every market. */
export function EventRow({ event, timeZone }: { event: EventSummary; timeZone: string }) {
  const { t } = useTranslation('sports');
  const { main, lines } = headline(event.markets);
  const live = event.status === 'live' || (event.status === 'suspended' && event.score !== null);
  const more = event.marketCount - event.markets.length;
  const heard = useLiveClocks((clocks) => clocks[event.id]);
  // The minute the list's answer carried (eventSummary.minute) until the channel tells a newer one.
  const minute = (event as EventSummary & { minute?: number | null }).minute;
  const clock = live
    ? clockLabel(
        t,
        event.sport,
        heard ?? (typeof minute === 'number' ? { minute, at: Date.now(), version: 0 } : undefined),
      )
    : null;

  return (
    <article className={styles.row}>
      <Link
        to={eventPath(event.id)}
        className={styles.head}
        aria-label={t('allMarkets', { home: event.home, away: event.away })}
      >
        <span className={styles.when}>
          {live ? (
            <span className={styles.live}>
              {t('liveNow')}
              {clock && ` ${clock}`}
            </span>
          ) : (
            <time dateTime={event.startTime}>{kickoffLabel(event.startTime, timeZone, t)}</time>
          )}
          {event.status !== 'scheduled' && event.status !== 'live' && (
            <span className={styles.status}>{t(`eventStatus.${event.status}`)}</span>
          )}
        </span>
        <span className={styles.teams}>
          <span className={styles.team}>
            <span className={styles.teamName}>{event.home}</span>
            {event.score && <span className={styles.score}>{event.score.home}</span>}
          </span>
          <span className={styles.team}>
            <span className={styles.teamName}>{event.away}</span>
            {event.score && <span className={styles.score}>{event.score.away}</span>}
          </span>
        </span>
        <span className={styles.more}>
          {more > 0 && t('moreMarkets', { count: more })}
          <RightOutline />
        </span>
      </Link>
      {main && (
        <div className={styles.prices}>
          {main.selections.map((selection) => (
            <OddsButton key={selection.id} event={event} market={main} selection={selection} />
          ))}
        </div>
      )}
      {lines.length > 0 && (
        <div className={styles.prices}>
          {lines.flatMap((market) =>
            market.selections.map((selection) => (
              <OddsButton key={selection.id} event={event} market={market} selection={selection} />
            )),
          )}
        </div>
      )}
    </article>
  );
}
