import { EVENT_WINDOWS, type EventWindow, SPORTS, type Sport } from '@jinb/contract';
import type { EventSummary, SportsMenu } from '@jinb/contract/sports';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { CloseCircleFill, ContentOutline, DownOutline, SearchOutline } from 'antd-mobile-icons';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { ReconnectingNote } from '../../../shared/realtime/ReconnectingNote';
import { useFallbackPoll } from '../../../shared/realtime/use-topic';
import { usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { LoadMore } from '../../../shared/ui/LoadMore';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState } from '../../../shared/ui/states';
import { EventRow } from '../components/EventRow';
import { BookProblem, EventListSkeleton } from '../components/LoadStates';
import { OddsFormatPicker } from '../components/OddsFormatPicker';
import { useLiveList, useMemberLive } from '../live/use-live-book';
import { BetSlip } from '../slip/BetSlip';
import { useSlipSync } from '../slip/use-slip-sync';
import { type EventFilters, eventsQuery, menuQuery, sportsKeys } from '../sports.api';
import '../sports.locale';
import styles from '../sports.module.css';

const SEARCH_DELAY_MS = 300;

function readSport(value: string | null): Sport {
  return (SPORTS as readonly string[]).includes(value ?? '') ? (value as Sport) : 'football';
}

function readWindow(value: string | null): EventWindow | null {
  return (EVENT_WINDOWS as readonly string[]).includes(value ?? '') ? (value as EventWindow) : null;
}

/**
 * The list a sport opens on when the link names none (the lobby's 篮球 and 网球): the first of 滚球, 今日, 早盘 with
 * events by the menu's counts, so a sport with only early events does not open on an empty 今日.
 */
function openingWindow(counts: Pick<SportsMenu[number], EventWindow> | undefined): EventWindow {
  return EVENT_WINDOWS.find((window) => (counts?.[window] ?? 0) > 0) ?? 'today';
}

/** The events of a list, by competition in the order the book lists them. */
function byCompetition(events: readonly EventSummary[]) {
  const groups = new Map<string, { id: string; name: string; events: EventSummary[] }>();
  for (const event of events) {
    const group = groups.get(event.competition.id);
    if (group) group.events.push(event);
    else groups.set(event.competition.id, { ...event.competition, events: [event] });
  }
  return [...groups.values()];
}

/** What the member typed, once they pause: one call per search rather than per key. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The sports home: a sport's 滚球 (in play, with the score), 今日 and 早盘 lists, grouped by competition and narrowed
 * to one competition or a search; each event with its headline prices, which a tap puts on the bet slip. The
 * choices live in the URL, so coming back from an event shows the same list.
 */
export default function SportsHomePage() {
  const { t } = useTranslation('sports');
  const [params, setParams] = useSearchParams();
  const sport = readSport(params.get('sport'));
  const named = readWindow(params.get('list'));
  const competition = params.get('competition') ?? '';
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const q = useSettled(typed.trim());
  const timeZone = usePlatformTimeZone();
  const queryClient = useQueryClient();
  const searchId = useId();
  const competitionId = useId();

  const menu = useQuery(menuQuery);
  const sportMenu = menu.data?.find((entry) => entry.sport === sport);
  // Unknown until the menu answers (or fails), so a sport never shows an empty 今日 on its way to 早盘.
  const list = named ?? (menu.isPending ? null : openingWindow(sportMenu));

  const change = (next: { sport?: Sport; list?: EventWindow | null; competition?: string; q?: string }) => {
    const values = { sport, list, competition, q, ...next };
    const search = new URLSearchParams();
    search.set('sport', values.sport);
    if (values.list) search.set('list', values.list);
    if (values.competition) search.set('competition', values.competition);
    if (values.q) search.set('q', values.q);
    setParams(search, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL follows the settled search, nothing else
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) change({ q });
  }, [q]);

  // The list picked by the counts stays in the URL, so the list does not move under the member when counts change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL follows the picked list, nothing else
  useEffect(() => {
    if (!named && list) change({ list });
  }, [named, list]);

  const filters: EventFilters = useMemo(
    () => (q ? { sport, q } : { sport, status: list ?? 'today', ...(competition ? { competition } : {}) }),
    [sport, list, competition, q],
  );
  const poll = useFallbackPoll();
  const events = useInfiniteQuery({
    ...eventsQuery(filters),
    enabled: list !== null || q !== '',
    refetchInterval: poll,
  });
  const shown = useMemo(() => events.data?.pages.flat(), [events.data]);
  useLiveList(shown, filters.status === 'live' && !filters.q);
  useMemberLive();
  useSlipSync(shown);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sportsKeys.menu() }),
      queryClient.invalidateQueries({ queryKey: sportsKeys.events(filters) }),
    ]);

  const groups = useMemo(() => byCompetition(shown ?? []), [shown]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggleGroup = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const competitions = sportMenu?.competitions ?? [];
  const emptyText = q ? t('empty.search') : t(`empty.${list ?? 'today'}`);

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <PageHeader
          title={t('title')}
          fallback={paths.home}
          right={
            <span className={styles.headerActions}>
              <OddsFormatPicker />
              <Link to={paths.bettingRecord} className={styles.headerLink} aria-label={t('bettingRecord')}>
                <ContentOutline />
              </Link>
            </span>
          }
        />
        <div className={styles.sportTabs} role="tablist" aria-label={t('sportTabs')}>
          {SPORTS.map((option) => {
            const counts = menu.data?.find((entry) => entry.sport === option);
            const total = counts ? counts.live + counts.today + counts.early : null;
            return (
              <button
                key={option}
                type="button"
                role="tab"
                aria-selected={option === sport}
                className={option === sport ? `${styles.sportTab} ${styles.sportTabActive}` : styles.sportTab}
                onClick={() => {
                  const counts = menu.data?.find((entry) => entry.sport === option);
                  // The list on screen if the new sport has events there, else the sport's first list with events.
                  const next = counts && list && counts[list] > 0 ? list : counts ? openingWindow(counts) : null;
                  change({ sport: option, competition: '', list: next });
                }}
              >
                {t(`sports.${option}`)}
                {total !== null && <span className={styles.count}>{total}</span>}
              </button>
            );
          })}
        </div>
        <div className={styles.filters}>
          <div className={styles.windows} role="tablist" aria-label={t('windowTabs')}>
            {EVENT_WINDOWS.map((option) => {
              const active = !q && option === list;
              return (
                <button
                  key={option}
                  type="button"
                  role="tab"
                  aria-selected={active}
                  className={active ? `${styles.window} ${styles.windowActive}` : styles.window}
                  onClick={() => {
                    setTyped('');
                    change({ list: option, q: '' });
                  }}
                >
                  {option === 'live' && <span className={styles.liveDot} aria-hidden />}
                  {t(`windows.${option}`)}
                  {sportMenu && <span className={styles.windowCount}>{sportMenu[option]}</span>}
                </button>
              );
            })}
          </div>
          <span className={styles.competitionPicker}>
            <label htmlFor={competitionId} className="visually-hidden">
              {t('pickCompetition')}
            </label>
            <select
              id={competitionId}
              className={styles.competitionSelect}
              value={competition}
              disabled={q !== ''}
              onChange={(event) => change({ competition: event.target.value })}
            >
              <option value="">{t('allCompetitions')}</option>
              {competitions.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name} ({entry.events})
                </option>
              ))}
            </select>
            <DownOutline className={styles.competitionArrow} aria-hidden />
          </span>
        </div>
        <div className={styles.search}>
          <SearchOutline className={styles.searchIcon} aria-hidden />
          <label htmlFor={searchId} className="visually-hidden">
            {t('searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            placeholder={t('search')}
            value={typed}
            maxLength={40}
            enterKeyHint="search"
            onChange={(event) => setTyped(event.target.value)}
          />
          {typed && (
            <button
              type="button"
              className={styles.searchClear}
              onClick={() => setTyped('')}
              aria-label={t('clearSearch')}
            >
              <CloseCircleFill />
            </button>
          )}
        </div>
      </div>

      <PullRefresh onRefresh={refresh}>
        <main className={styles.lists} aria-busy={events.isFetching}>
          {events.isPending && <EventListSkeleton />}
          {events.isError && !events.data && <BookProblem error={events.error} onRetry={() => void refresh()} />}
          {shown && groups.length === 0 && (
            <div className={styles.emptyBlock}>
              <EmptyState description={emptyText} />
            </div>
          )}
          {groups.map((group) => {
            const open = !collapsed.has(group.id);
            const panelId = `competition-${group.id}`;
            return (
              <section key={group.id} className={styles.group} aria-label={group.name}>
                <h2 className={styles.groupHead}>
                  <button
                    type="button"
                    className={styles.groupButton}
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => toggleGroup(group.id)}
                  >
                    <span className={styles.groupName}>{group.name}</span>
                    <span className={styles.groupCount}>{t('eventCount', { count: group.events.length })}</span>
                    <DownOutline className={open ? styles.chevronOpen : styles.chevron} aria-hidden />
                  </button>
                </h2>
                <div id={panelId} hidden={!open}>
                  {group.events.map((event) => (
                    <EventRow key={event.id} event={event} timeZone={timeZone} />
                  ))}
                </div>
              </section>
            );
          })}
          {groups.length > 0 && <LoadMore query={events} />}
        </main>
      </PullRefresh>
      <ReconnectingNote />
      <BetSlip />
    </div>
  );
}
