import type { Publication } from '@jinb/contract';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useSession } from '../session/session-store';
import type { ConnectionState, RealtimeClient } from './realtime-client';

/**
 * The pages' side of the realtime channel. This module is small and loads with the pages that use it; the socket
 * code (realtime-client.ts) comes with a dynamic import the first time a mounted page subscribes, after its first
 * render, so no route's first-load JS carries it.
 */

type RealtimeStatus = {
  state: ConnectionState;
  /** When the socket last went down while topics were wanted (ms since epoch), null while it is up or idle. */
  downSince: number | null;
};

export const useRealtimeStatus = create<RealtimeStatus>()(() => ({ state: 'idle', downSince: null }));

let client: Promise<RealtimeClient> | null = null;

/** The page's one client, made on first use; tests reset it with `resetRealtimeForTests`. */
export function realtimeClient(): Promise<RealtimeClient> {
  client ??= import('./realtime-client').then(({ RealtimeClient, realtimeUrl }) => {
    const made = new RealtimeClient({
      url: realtimeUrl(),
      token: () => useSession.getState().token,
      onState: (state) =>
        useRealtimeStatus.setState((current) => ({
          state,
          downSince: state === 'down' ? (current.downSince ?? Date.now()) : state === 'open' ? null : current.downSince,
        })),
    });
    // Signing in or out changes which member topics this socket may carry. A rotated token (the `id` header) is the
    // same member: the socket keeps its session, and the next connect sends the new token.
    let signedIn = useSession.getState().token !== '';
    useSession.subscribe((session) => {
      if ((session.token !== '') === signedIn) return;
      signedIn = session.token !== '';
      made.reconnectNow();
    });
    window.addEventListener('online', () => made.wake());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') made.wake();
    });
    return made;
  });
  return client;
}

export async function resetRealtimeForTests(): Promise<void> {
  const current = client;
  client = null;
  (await current)?.close();
  useRealtimeStatus.setState({ state: 'idle', downSince: null });
}

export type TopicHandlers<T> = {
  onData: (data: T, publication: Publication<T>) => void;
  /** The topic's history is gone (or a message was missed): refetch its HTTP query. */
  onReload?: () => void;
};

/**
 * Listens to `topic` while the component is mounted (null: nothing). The handlers may change on every render; the
 * subscription follows the topic only.
 */
export function useTopic<T>(topic: string | null, onData: TopicHandlers<T>['onData'], onReload?: () => void): void {
  const handlers = useRef({ onData, onReload });
  handlers.current = { onData, onReload };
  useEffect(() => {
    if (!topic) return;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    realtimeClient()
      .then((realtime) => {
        if (cancelled) return;
        unsubscribe = realtime.subscribe(topic, {
          onData: (data, publication) => handlers.current.onData(data as T, publication as Publication<T>),
          onReload: () => handlers.current.onReload?.(),
        });
      })
      .catch(() => {
        // The socket code could not load (offline on first use): the fallback poll keeps the screen fresh.
        useRealtimeStatus.setState({ state: 'down', downSince: Date.now() });
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [topic]);
}

/**
 * useTopic over several topics at once (the events of a list), with one handler told which topic spoke. The
 * subscriptions follow the set of topics, not their order.
 */
export function useTopics<T>(
  topics: readonly string[],
  onData: (topic: string, data: T) => void,
  onReload?: (topic: string) => void,
): void {
  const handlers = useRef({ onData, onReload });
  handlers.current = { onData, onReload };
  const key = [...new Set(topics)].sort().join(' ');
  useEffect(() => {
    if (!key) return;
    const names = key.split(' ');
    const stops: Array<() => void> = [];
    let cancelled = false;
    realtimeClient()
      .then((realtime) => {
        if (cancelled) return;
        for (const topic of names)
          stops.push(
            realtime.subscribe(topic, {
              onData: (data) => handlers.current.onData(topic, data as T),
              onReload: () => handlers.current.onReload?.(topic),
            }),
          );
      })
      .catch(() => useRealtimeStatus.setState({ state: 'down', downSince: Date.now() }));
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
    };
  }, [key]);
}

/** How often a screen that listens to a topic still asks over HTTP: only while the socket is not up. */
export const FALLBACK_POLL_MS = 60_000;

/** `refetchInterval` for a query the channel keeps fresh: false while the socket is open, a slow poll otherwise. */
export function useFallbackPoll(ms = FALLBACK_POLL_MS): number | false {
  return useRealtimeStatus((status) => (status.state === 'open' ? false : ms));
}
