import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { ProtectionGate } from '../protection/gate/protection-gate';
import type { RealtimePublisher } from '../realtime/realtime-port';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { hmac } from '../shared/tokens';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { createSportsDeskService } from './admin/sports-desk.service';
import { createTradingService } from './admin/trading.service';
import { createTradingDeskService } from './admin/trading-desk.service';
import { createBetService } from './bets/bet.service';
import { createBetDelayService } from './bets/bet-delay.service';
import { createBookClock } from './book/book-clock';
import { createCatalogueService } from './book/catalogue.service';
import { createCatalogueCache } from './book/catalogue-cache';
import { createEventPublisher } from './book/event-publisher';
import { createCashoutService } from './cashout/cashout.service';
import { createFeedSink } from './feed/feed-sink';
import { createRiskService } from './risk/risk.service';
import { createSettlementService } from './settlement/settlement.service';
import { createSportsSettings } from './sports-settings';

export type SportsServices = ReturnType<typeof createSportsServices>;

/** The sportsbook's services, wired once per process (the container calls this). */
export function createSportsServices(deps: {
  db: Database;
  ledger: LedgerService;
  bus: InvalidationBus;
  /** Where the book's changes go out to members (prices, scores, their bets and balances). */
  realtime: RealtimePublisher;
  timeZone: string;
  /** The app secret: cash-out quote ids are signed with a key derived from it. */
  secret: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The member's limits and exclusions, checked where a bet takes its stake. */
  gate: ProtectionGate;
}) {
  const { db, timeZone } = deps;
  const settings = createSportsSettings(db, deps.bus);
  const catalogue = createCatalogueService({
    db,
    timeZone,
    cache: createCatalogueCache({ clock: createBookClock(db) }),
  });
  const settlement = createSettlementService({
    db,
    ledger: deps.ledger,
    settings,
    log: deps.log,
    realtime: deps.realtime,
  });
  const cashout = createCashoutService({
    db,
    ledger: deps.ledger,
    settings,
    realtime: deps.realtime,
    secret: hmac(deps.secret, 'sports-cashout'),
    log: deps.log,
  });
  // Every committed change of an event's prices, markets or status reprices the cash outs of its open bets.
  const events = createEventPublisher({
    db,
    realtime: deps.realtime,
    log: deps.log,
    changed: (eventIds) => {
      for (const eventId of eventIds) cashout.quotesForEvent(eventId);
    },
  });
  const risk = createRiskService({ db, events });
  const delay = createBetDelayService({ db, ledger: deps.ledger, realtime: deps.realtime, log: deps.log });
  const bets = createBetService({
    db,
    ledger: deps.ledger,
    settings,
    risk,
    delay,
    realtime: deps.realtime,
    gate: deps.gate,
    timeZone,
    log: deps.log,
  });
  const desk = createSportsDeskService({ db, settings, timeZone });
  const trading = createTradingService({ db, desk, settlement, events });
  const tables = createTradingDeskService({ db, timeZone });
  return {
    settings,
    catalogue,
    settlement,
    bets,
    delay,
    desk,
    tables,
    trading,
    cashout,
    risk,
    realtime: deps.realtime,
    events,
    feedSink: (feed: string) => createFeedSink(db, feed, events),
  };
}
