import type { EventChange } from '@jinb/contract';
import type { EventDetail, EventSummary } from '@jinb/contract/sports';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * An event's change from the realtime channel applied to what a screen shows. Only a change newer than the event on
 * screen applies (the event's `version`), and a price only when its own version is newer, so a late message, or one
 * overtaken by an HTTP refresh, never moves a screen backwards. The same event object comes back when nothing
 * applies, so React Query keeps its references and nothing re-renders.
 */
export function patchEvent<E extends EventSummary | EventDetail>(event: E, change: EventChange): E {
  if (change.id !== event.id || change.version <= event.version) return event;
  const statuses = new Map((change.markets ?? []).map((market) => [market.id, market.status]));
  const prices = new Map((change.selections ?? []).map((selection) => [selection.id, selection]));
  const markets = event.markets.map((market) => {
    const status = statuses.get(market.id) ?? market.status;
    let moved = false;
    const selections = market.selections.map((selection) => {
      const next = prices.get(selection.id);
      if (!next || next.version <= selection.version) return selection;
      moved = true;
      return { ...selection, odds: next.odds, version: next.version };
    });
    return status === market.status && !moved ? market : { ...market, status, selections };
  });
  const patched: E = {
    ...event,
    version: change.version,
    status: change.status ?? event.status,
    score: change.live ? { home: change.live.home, away: change.live.away } : event.score,
    markets,
  };
  if ('sets' in patched && change.live?.sets) (patched as EventDetail).sets = change.live.sets;
  // The clock the event's HTTP answer carries too (eventSummary.minute), kept with the score it came with.
  if (change.live?.minute !== undefined) (patched as E & { minute?: number | null }).minute = change.live.minute;
  return patched;
}

type EventPages = InfiniteData<EventSummary[], number>;

/** The change applied to a list loaded a page at a time; `leave` takes the event out (it left the live list). */
export function patchEventPages(
  data: EventPages | undefined,
  change: EventChange,
  leave = false,
): EventPages | undefined {
  if (!data) return data;
  let touched = false;
  const pages = data.pages.map((page) => {
    if (!page.some((event) => event.id === change.id)) return page;
    touched = true;
    return leave
      ? page.filter((event) => event.id !== change.id)
      : page.map((event) => (event.id === change.id ? patchEvent(event, change) : event));
  });
  return touched ? { ...data, pages } : data;
}

/** Whether a list loaded a page at a time holds this event. */
export function listHas(data: EventPages | undefined, id: string): boolean {
  return data?.pages.some((page) => page.some((event) => event.id === id)) ?? false;
}
