import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call';

/** The trading desk's cache keys: one prefix per event, so a change on the event page refreshes all of its tabs. */
export const tradingKeys = {
  all: ['trading'] as const,
  competitions: (sport: string) => [...tradingKeys.all, 'competitions', sport] as const,
  event: (id: string) => [...tradingKeys.all, 'event', id] as const,
  liability: (id: string) => [...tradingKeys.event(id), 'liability'] as const,
  cashouts: (id: string) => [...tradingKeys.event(id), 'cashouts'] as const,
  settings: () => [...tradingKeys.all, 'settings'] as const,
};

/** The event page polls every 5 s: members' bets and the feed move it without the page knowing. */
export const EVENT_POLL_MS = 5_000;

export const competitionsQuery = (sport: string) =>
  queryOptions({
    queryKey: tradingKeys.competitions(sport),
    queryFn: () => call('adminTradingCompetitions', { query: { sport: sport as '' } }),
    staleTime: 60_000,
  });

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.event(id),
    queryFn: () => call('adminSportsEvent', { params: { id } }),
    refetchInterval: EVENT_POLL_MS,
  });

export const liabilityQuery = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.liability(id),
    queryFn: () => call('adminSportsLiability', { params: { id } }),
    refetchInterval: EVENT_POLL_MS,
  });

export const cashoutsQuery = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.cashouts(id),
    queryFn: () => call('adminSportsEventCashouts', { params: { id } }),
    refetchInterval: EVENT_POLL_MS,
  });

export const settingsQuery = () =>
  queryOptions({ queryKey: tradingKeys.settings(), queryFn: () => call('adminSportsSettings') });
