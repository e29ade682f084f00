import type { BetChange, EventChange, LiveListChange } from '@jinb/contract';
import type { EventDetail, EventSummary } from '@jinb/contract/sports';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useBalanceLive } from '../../../shared/realtime/use-balance-live';
import { useTopic, useTopics } from '../../../shared/realtime/use-topic';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { sportsKeys } from '../sports.api';
import { noteClock } from './live-clock';
import { listHas, patchEvent, patchEventPages } from './live-patch';

/**
 * The sportsbook's screens kept current by the realtime channel instead of polling: an event's page and the lists
 * patch the query cache from `event:<id>` and `live`, the balance follows `balance`, the bet lists `bets`.
 */

/** A list subscribes to its first events only: what a phone shows, and far under the server's per-socket cap. */
export const LIST_TOPICS_MAX = 40;

type EventPages = InfiniteData<EventSummary[], number>;
const eventLists = [...sportsKeys.all, 'events'] as const;

/** Applies one event's change to its page and to every cached list holding it; `reload` reads them again. */
export function applyEventChange(queryClient: QueryClient, change: EventChange): void {
  if (!change || typeof change.id !== 'string' || typeof change.version !== 'number') return;
  noteClock(change);
  if (change.reload) {
    void queryClient.invalidateQueries({ queryKey: sportsKeys.event(change.id) });
    return;
  }
  queryClient.setQueryData<EventDetail>(sportsKeys.event(change.id), (old) => (old ? patchEvent(old, change) : old));
  queryClient.setQueriesData<EventPages>({ queryKey: eventLists }, (old) => patchEventPages(old, change));
}

/** The live list's change: an event leaving goes, one arriving (not on screen yet) has the list read again. */
export function applyLiveChange(queryClient: QueryClient, change: LiveListChange): void {
  if (!change || typeof change.id !== 'string') return;
  const liveLists = queryClient.getQueriesData<EventPages>({ queryKey: eventLists }).filter(([key]) => {
    const filters = key[2] as { status?: string; q?: string } | undefined;
    return filters?.status === 'live' && !filters.q;
  });
  if (change.left) {
    for (const [key] of liveLists)
      queryClient.setQueryData<EventPages>(key, (old) => patchEventPages(old, change, true));
    void queryClient.invalidateQueries({ queryKey: sportsKeys.menu() });
    applyEventChange(queryClient, { ...change, reload: false });
    return;
  }
  const arrived = liveLists.some(([, data]) => !listHas(data, change.id));
  applyEventChange(queryClient, change);
  if (arrived || change.reload) {
    for (const [key, data] of liveLists)
      if (change.reload || !listHas(data, change.id))
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
    void queryClient.invalidateQueries({ queryKey: sportsKeys.menu() });
  }
}

/** The event page: its prices, statuses, score and clock as they change. */
export function useLiveEvent(id: string | null): void {
  const queryClient = useQueryClient();
  useTopic<EventChange>(
    id && /^\d{1,18}$/.test(id) ? `event:${id}` : null,
    (change) => applyEventChange(queryClient, change),
    () => void queryClient.invalidateQueries({ queryKey: sportsKeys.event(id ?? '') }),
  );
}

/** A list's topics are confirmed one by one: their re-reads become one, this long after the last. */
const LIST_RELOAD_DEBOUNCE_MS = 300;

/** A list on the sports home: each shown event's topic, and for 滚球 the live list itself. */
export function useLiveList(events: readonly EventSummary[] | undefined, live: boolean): void {
  const queryClient = useQueryClient();
  const reloadTimer = useRef<number | undefined>(undefined);
  const pending = useRef(new Set<string>());
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  const topics = (events ?? []).slice(0, LIST_TOPICS_MAX).map((event) => `event:${event.id}`);
  if (live) topics.push('live');
  useTopics<EventChange | LiveListChange>(
    topics,
    (topic, change) => {
      if (topic === 'live') applyLiveChange(queryClient, change as LiveListChange);
      else applyEventChange(queryClient, change);
    },
    (topic) => {
      pending.current.add(topic);
      window.clearTimeout(reloadTimer.current);
      reloadTimer.current = window.setTimeout(() => {
        const topics = [...pending.current];
        pending.current.clear();
        const ids = new Set(topics.filter((name) => name !== 'live').map((name) => name.slice('event:'.length)));
        const all = topics.includes('live');
        void queryClient.invalidateQueries({
          queryKey: eventLists,
          predicate: (query) => {
            if (all) return true;
            const data = query.state.data as EventPages | undefined;
            return [...ids].some((id) => listHas(data, id));
          },
        });
      }, LIST_RELOAD_DEBOUNCE_MS);
    },
  );
}

/** The member's balance and bets: the balance replaced in place, the bet lists and details read again. */
export function useMemberLive(onBet?: (change: BetChange) => void): void {
  const queryClient = useQueryClient();
  const signedIn = useSession(selectIsLoggedIn);
  useBalanceLive();
  useTopic<BetChange>(
    signedIn ? 'bets' : null,
    (change) => {
      void queryClient.invalidateQueries({ queryKey: [...sportsKeys.all, 'bets'] });
      onBet?.(change);
    },
    () => void queryClient.invalidateQueries({ queryKey: [...sportsKeys.all, 'bets'] }),
  );
}
