import type { Sport } from '@jinb/contract';
import type { LiveState } from '../book/book.repository';
import type { FeedEventState } from '../book/book-writes.repository';
import type { FeedMarket, FeedMarketKey, RejectedMarket } from '../market-types';
import type { EventResult } from '../settlement/event-result';
import type { SettlementService } from '../settlement/settlement.service';

export type { FeedMarket, FeedMarketKey, RejectedMarket };

/**
 * What a feed (a provider of fixtures, prices, statuses and results) implements to fill the book. The runner
 * (feed-runner.ts) calls the four reads in this order every few seconds, in one process at a time (a lease), and
 * writes what they answer: fixtures and prices through the book's FeedSink, results through the settlement service.
 *
 * Everything a feed sends is keyed by its own references (`ref`: its ids for competitions and events) and, inside an
 * event, markets by type, period and line and selections by side, so sending the same thing twice changes nothing:
 * after a restart a feed may send its whole window again. A pushing provider (a socket, a queue) buffers what it
 * receives and hands it over on the next read; a polling one asks its API for the changes since its cursor.
 */
export interface FeedAdapter {
  /** The `feed` column of every row it writes, e.g. `simulated`, `betradar`. Never `manual` (the operators'). */
  readonly name: string;
  /** Competitions and events (new ones or changed teams and start times), with their markets and first prices. */
  fixtures(now: Date, book: FeedBook): Promise<FeedFixtures>;
  /** Price changes: each listed market with all its selections' current odds (unlisted ones keep theirs). */
  prices(now: Date, book: FeedBook): Promise<FeedPrices[]>;
  /** Kick-off, live scores, suspensions; markets opened, suspended or closed. */
  statuses(now: Date, book: FeedBook): Promise<FeedStatuses>;
  /** Final results (posting a different one later corrects it), cancelled events, voided markets. */
  results(now: Date, book: FeedBook): Promise<FeedOutcome[]>;
  /** Timers, sockets: released when the server stops. */
  close?(): Promise<void>;
}

/**
 * What the book holds of this feed when a poll starts: its events that start later, are not finished, or finished
 * without a result. A feed checks its own state against it (a restart, a missed message) instead of trusting memory.
 */
export type FeedBook = { events: ReadonlyMap<string, FeedEventState> };

export type FeedCompetition = { ref: string; sport: Sport; name: string; sort?: number };

export type FeedFixture = {
  ref: string;
  /** The competition's ref. */
  competition: string;
  home: string;
  away: string;
  startAt: Date;
  markets?: readonly FeedMarket[];
};

export type FeedFixtures = {
  competitions: FeedCompetition[];
  events: FeedFixture[];
  /** More is waiting (a first fill sent in slices): the runner polls again soon instead of after its interval. */
  more?: boolean;
};

export type FeedPrices = { event: string; markets: readonly FeedMarket[] };

export type FeedStatuses = {
  /** `live` with the score so far; `finished` once the final whistle went and the result is on its way. */
  events: Array<{ event: string; status: 'scheduled' | 'live' | 'suspended' | 'finished'; live?: LiveState }>;
  markets: Array<{ event: string; market: FeedMarketKey; status: 'open' | 'suspended' | 'closed' }>;
};

export type FeedOutcome =
  | { kind: 'result'; event: string; result: EventResult }
  | { kind: 'cancel'; event: string; reason: string }
  | { kind: 'void'; event: string; market: FeedMarketKey; reason: string };

/** The book's write side, bound to one feed: what the runner writes a feed's answers with. */
export interface FeedSink {
  readonly feed: string;
  competitions(list: readonly FeedCompetition[]): Promise<void>;
  /** Creates or updates events and adds their markets; prices of markets already there move as in `prices`. */
  fixtures(list: readonly FeedFixture[]): Promise<{ rejected: RejectedMarket[] }>;
  /** New markets are added; a selection's version moves only when its odds do; the event's on any change. */
  prices(list: readonly FeedPrices[]): Promise<{ changed: number; rejected: RejectedMarket[] }>;
  statuses(statuses: FeedStatuses): Promise<{ events: number; markets: number }>;
  /** The feed's events by ref (unknown refs are absent). */
  events(refs: readonly string[]): Promise<Map<string, FeedEventState>>;
  /** A market of one of the feed's events, by its key; null when the book has no such market. */
  market(event: string, market: FeedMarketKey): Promise<bigint | null>;
  /** What the book holds of the feed at `now` (see FeedBook): read at the start of every poll. */
  book(now: Date): Promise<FeedBook>;
  /** After a result, cancellation or void of these events committed: members watching them hear of it. */
  decided?(eventIds: readonly bigint[]): Promise<void>;
}

/** The settlement service's calls a feed makes (sports/settlement/settlement.service.ts). */
export type SettlementPort = Pick<SettlementService, 'recordResult' | 'cancelEvent' | 'voidMarket'>;
