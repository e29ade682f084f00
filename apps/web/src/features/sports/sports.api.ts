import type { BetStatus, DatePreset, DateRange, EventWindow, Sport } from '@jinb/contract';
import { dateRangeFor, EVENT_PAGE_SIZE } from '@jinb/contract';
import type { EventDetail, EventSummary, PlaceBetBody, SportsConfig } from '@jinb/contract/sports';
import { type InfiniteData, infiniteQueryOptions, queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import { getAt, put } from '../../shared/api/calls';
import { get, post } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';

/**
 * Prices and scores come over the realtime channel (live/use-live-book.ts); the pages poll at FALLBACK_POLL_MS only
 * while it is down. The menu's counts are not pushed: asked again this often.
 */
const MENU_POLL_MS = 30_000;

/** What a list of events is filtered by; a search looks through every window of the sport. */
export type EventFilters = { sport: Sport; status?: EventWindow; competition?: string; q?: string };

export const sportsKeys = {
  all: ['sports'] as const,
  menu: () => [...sportsKeys.all, 'menu'] as const,
  events: (filters: EventFilters) => [...sportsKeys.all, 'events', filters] as const,
  event: (id: string) => [...sportsKeys.all, 'event', id] as const,
  /** A visitor's config (the book's defaults) and a member's (their own preferences) differ. */
  config: (memberId: string) => [...sportsKeys.all, 'config', memberId] as const,
  bets: (memberId: string) => [...sportsKeys.all, 'bets', memberId] as const,
  betList: (memberId: string, filters: BetFilters) => [...sportsKeys.bets(memberId), 'list', filters] as const,
  betDetail: (memberId: string, id: string) => [...sportsKeys.bets(memberId), 'detail', id] as const,
};

/**
 * A refresh never moves a screen backwards: an event whose answer carries an older `version` than the one on screen
 * (a slower answer from another server overtaking a newer one) keeps the one on screen.
 */
export function keepNewerEvents(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next)) return next;
  const shown = new Map((previous as EventSummary[]).map((event) => [event.id, event]));
  const merged = (next as EventSummary[]).map((event) => {
    const before = shown.get(event.id);
    return before && before.version > event.version ? before : event;
  });
  return replaceEqualDeep(previous, merged);
}

type EventPages = InfiniteData<EventSummary[], number>;

/** keepNewerEvents over a list loaded a page at a time: an event keeps its newer version wherever its page is. */
export function keepNewerEventPages(previous: unknown, next: unknown): unknown {
  const before = previous as EventPages | undefined;
  const after = next as EventPages | undefined;
  if (!before?.pages || !after?.pages) return replaceEqualDeep(previous, next);
  const shown = before.pages.flat();
  return replaceEqualDeep(previous, {
    ...after,
    pages: after.pages.map((page) => keepNewerEvents(shown, page) as EventSummary[]),
  });
}

export function keepNewerEvent(previous: unknown, next: unknown): unknown {
  const before = previous as EventDetail | undefined;
  const after = next as EventDetail;
  if (before && after && before.id === after.id && before.version > after.version) return before;
  return replaceEqualDeep(previous, next);
}

/** The sports home's tabs: per sport, how many events each list has and the competitions with events. */
export const menuQuery = queryOptions({
  queryKey: sportsKeys.menu(),
  queryFn: ({ signal }) => get('sportsMenu', { signal }),
  refetchInterval: MENU_POLL_MS,
  staleTime: 5_000,
});

/**
 * One list of the sports home (滚球, 今日, 早盘, a competition, a search), a page at a time as the member scrolls,
 * kept current by the realtime channel (every page loaded so far). A page shorter than a full one is the last.
 */
export const eventsQuery = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: sportsKeys.events(filters),
    queryFn: ({ pageParam, signal }) =>
      get('sportsEvents', { query: { ...filters, page: pageParam, size: EVENT_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: EventSummary[], pages: EventSummary[][]) =>
      last.length < EVENT_PAGE_SIZE ? undefined : pages.length + 1,
    staleTime: 5_000,
    structuralSharing: keepNewerEventPages,
  });

/** The event page: every market, kept current by the realtime channel. */
export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: sportsKeys.event(id),
    queryFn: ({ signal }) => getAt('sportsEvent', { id }, { signal }),
    staleTime: 5_000,
    structuralSharing: keepNewerEvent,
    enabled: /^\d{1,18}$/.test(id),
  });

/** Shown until the book answers, and to a visitor when it will not: the book's own defaults. */
export const DEFAULT_SPORTS_CONFIG: SportsConfig = {
  oddsFormat: 'eu',
  acceptOdds: 'none',
  minStake: '10.0000',
  maxStake: '50000.0000',
  quickStakes: ['50.0000', '100.0000', '500.0000', '1000.0000'],
  maxLegs: 10,
};

/** The slip's limits and quick stakes, and a member's stored odds format and odds-change policy. */
export const configQuery = (memberId: string) =>
  queryOptions({
    queryKey: sportsKeys.config(memberId),
    queryFn: ({ signal }) => get('sportsConfig', { signal }),
    staleTime: 5 * 60_000,
  });

export function savePreferences(body: Partial<Pick<SportsConfig, 'oddsFormat' | 'acceptOdds'>>) {
  return put('sportsPreferences', { body, json: true });
}

/** One bet, under its own Idempotency-Key (a retry with the same key is the same bet). */
export function placeBet(body: PlaceBetBody, idempotencyKey: string) {
  return post('placeBet', { body, json: true, idempotencyKey });
}

// --- /user/bettingRecord -------------------------------------------------------------------------------------

export const BETS_PAGE_SIZE = 20;

export type BetFilters = { status: BetStatus; preset: DatePreset; range: DateRange };

/** The preset's range in the platform's zone, fixed when picked so every page asks for the same span. */
export function betFilters(
  status: BetFilters['status'],
  preset: DatePreset,
  timeZone: string,
  now = new Date(),
): BetFilters {
  return { status, preset, range: dateRangeFor(preset, now, timeZone) };
}

export const betsQuery = (memberId: string, filters: BetFilters) =>
  infiniteQueryOptions({
    queryKey: sportsKeys.betList(memberId, filters),
    queryFn: ({ pageParam, signal }) =>
      get('bets', {
        query: {
          status: filters.status,
          startTime: filters.range.startTime,
          endTime: filters.range.endTime,
          page: pageParam,
          size: BETS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: memberId !== '',
  });

export const betDetailQuery = (memberId: string, id: string) =>
  queryOptions({
    queryKey: sportsKeys.betDetail(memberId, id),
    queryFn: ({ signal }) => get('betDetail', { query: { id }, signal }),
    enabled: memberId !== '' && /^\d{1,18}$/.test(id),
  });
