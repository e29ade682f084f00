import { randomUUID } from 'node:crypto';
import type { Sport } from '@jinb/contract';
import { type AdminEventView, LIVE_PHASES, type LivePhase } from '@jinb/contract/sports';
import { type Odds, parseLine, parseOdds } from '@jinb/odds';
import { assertRole, auditIn, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { bookRepository, type LiveState } from '../book/book.repository';
import { bookWritesRepository as writes } from '../book/book-writes.repository';
import type { EventPublisher } from '../book/event-publisher';
import { marketError, writeMarkets } from '../book/market-writes';
import { type FeedMarket, hasLine, type MarketType, type Period } from '../market-types';
import { type EventResult, setsWon, validateResult } from '../settlement/event-result';
import type { SettlementService } from '../settlement/settlement.service';
import { SPORTS_TRADERS } from '../sports-settings';
import type { SportsDeskService } from './sports-desk.service';

/** The feed name of the events operators create by hand. */
export const MANUAL_FEED = 'manual';

/** A market as the operator's body sends it (adminMarketBody): the line and odds still text. */
type MarketBody = {
  type: MarketType;
  period: Period;
  line?: string | null;
  selections: ReadonlyArray<{ side: string; odds: string }>;
};

/** The result body (adminResultBody) as posted. */
type ResultBody = {
  home?: number;
  away?: number;
  htHome?: number;
  htAway?: number;
  sets?: ReadonlyArray<{ home: number; away: number }>;
  bestOf?: 3 | 5;
};

/** A line and prices read from the operator's text: MARKET_INVALID, ODDS_INVALID, or the market ready to store. */
export function parseMarketBody(sport: Sport, body: MarketBody): FeedMarket {
  const lineText = body.line?.trim() ?? '';
  let line: number | null = null;
  if (lineText !== '') {
    const parsed = parseLine(lineText);
    if (!parsed.ok) throw new AppError('MARKET_INVALID');
    line = parsed.value;
  } else if (hasLine(body.type)) throw new AppError('MARKET_INVALID');
  const selections = body.selections.map((selection) => {
    const odds = parseOdds(selection.odds);
    if (!odds.ok) throw new AppError('ODDS_INVALID');
    return { side: selection.side.trim(), odds: odds.value };
  });
  const market: FeedMarket = { type: body.type, period: body.period, line, selections };
  const error = marketError(sport, market);
  if (error) throw new AppError(error);
  return market;
}

/**
 * The result an operator posts, as the book settles it: football and basketball need the full-time score, and the
 * half time both sides or neither; tennis the sets and best of 3 or 5 (home and away, when sent, must be the sets
 * won). Anything else, or a result `validateResult` refuses, is RESULT_INVALID.
 */
export function parseResultBody(sport: Sport, body: ResultBody): EventResult {
  if (sport === 'tennis') {
    if (!body.sets || body.bestOf === undefined || body.htHome !== undefined || body.htAway !== undefined) {
      throw new AppError('RESULT_INVALID');
    }
    const result: EventResult = { sport, bestOf: body.bestOf, sets: body.sets.map((s) => ({ ...s })) };
    if (!validateResult(result).ok) throw new AppError('RESULT_INVALID');
    const won = setsWon(result.sets);
    if ((body.home !== undefined && body.home !== won.home) || (body.away !== undefined && body.away !== won.away)) {
      throw new AppError('RESULT_INVALID');
    }
    return result;
  }
  if (body.home === undefined || body.away === undefined || body.sets !== undefined || body.bestOf !== undefined) {
    throw new AppError('RESULT_INVALID');
  }
  if ((body.htHome === undefined) !== (body.htAway === undefined)) throw new AppError('RESULT_INVALID');
  const result: EventResult = {
    sport,
    ft: { home: body.home, away: body.away },
    ...(body.htHome !== undefined && body.htAway !== undefined ? { ht: { home: body.htHome, away: body.htAway } } : {}),
  };
  if (!validateResult(result).ok) throw new AppError('RESULT_INVALID');
  return result;
}

const marketIdentity = (market: { type: string; period: string; line: number | null }) =>
  `${market.type}|${market.period}|${market.line ?? 0}`;

/**
 * An operator's result, cancellation or void answers once it is decided (every bet it changes flagged, in one
 * transaction); the payouts follow in the background, so a correction on a busy event answers in milliseconds.
 */
const BACKGROUND = { settle: 'background' } as const;

/** A start time in the past is refused: the event would go live (and close) the moment it is created. */
const START_GRACE_MS = 60_000;

export type TradingService = ReturnType<typeof createTradingService>;

/**
 * The operator's changes to the book: the manual feed (events, markets and prices by hand), trading (suspend and
 * resume a market or a whole event, prices), and results, cancellations and voids (through the settlement service,
 * which audits them). Every change is role-checked here and audited in its own transaction, and answers with the
 * event as the desk shows it.
 */
export function createTradingService(deps: {
  db: Database;
  desk: SportsDeskService;
  settlement: SettlementService;
  /** Members watching an event see every change once it committed. */
  events: EventPublisher;
  now?: () => Date;
}) {
  const { db, desk, settlement } = deps;
  const now = deps.now ?? (() => new Date());

  /** Runs an operator's change of one event under its row lock, audited in the same transaction. */
  async function changeEvent(
    actor: OperatorActor,
    eventId: bigint,
    change: (tx: Executor, event: { sport: Sport; status: string }) => Promise<{ action: string; detail: unknown }>,
    target = `event:${eventId}`,
  ): Promise<AdminEventView> {
    assertRole(actor, SPORTS_TRADERS);
    const view = await db.transaction(async (tx) => {
      const event = await writes.lockEvent(tx, eventId);
      if (!event) throw new AppError('NOT_FOUND');
      const { action, detail } = await change(tx, event);
      await auditIn(tx, actor, action, target, detail);
      return desk.event(eventId, tx);
    });
    await deps.events.published([eventId]);
    return view;
  }

  async function eventOfMarket(marketId: bigint): Promise<bigint> {
    const eventId = await bookRepository.eventOfMarket(db, marketId);
    if (eventId === null) throw new AppError('NOT_FOUND');
    return eventId;
  }

  /** A market's change under its event's lock: the market must be trading (open or suspended). */
  async function changeMarket(
    actor: OperatorActor,
    marketId: bigint,
    action: string,
    change: (tx: Executor, market: { status: string }) => Promise<unknown>,
  ): Promise<AdminEventView> {
    const eventId = await eventOfMarket(marketId);
    return changeEvent(
      actor,
      eventId,
      async (tx) => {
        const [market] = (await bookRepository.marketsOf(tx, [eventId])).filter((row) => row.id === marketId);
        if (!market) throw new AppError('NOT_FOUND');
        if (market.status !== 'open' && market.status !== 'suspended') throw new AppError('MARKET_CLOSED');
        const detail = await change(tx, market);
        return { action, detail: { eventId: eventId.toString(), ...(detail as object) } };
      },
      `market:${marketId}`,
    );
  }

  return {
    /** The manual feed: one event with its markets and prices; the competition is found or created by name. */
    async createEvent(
      actor: OperatorActor,
      body: { sport: Sport; competition: string; home: string; away: string; startTime: string; markets: MarketBody[] },
    ): Promise<AdminEventView> {
      assertRole(actor, SPORTS_TRADERS);
      const startAt = new Date(body.startTime);
      if (Number.isNaN(startAt.getTime()) || startAt.getTime() < now().getTime() - START_GRACE_MS) {
        throw new AppError('VALIDATION');
      }
      if (body.home === body.away) throw new AppError('VALIDATION');
      const markets = body.markets.map((market) => parseMarketBody(body.sport, market));
      if (new Set(markets.map(marketIdentity)).size !== markets.length) throw new AppError('MARKET_INVALID');
      return db.transaction(async (tx) => {
        const competitionId = await writes.manualCompetition(tx, MANUAL_FEED, body.sport, body.competition);
        const ref = randomUUID();
        const eventId = await writes.insertEvent(tx, {
          competitionId,
          sport: body.sport,
          home: body.home,
          away: body.away,
          startAt,
          feed: MANUAL_FEED,
          ref,
        });
        await writeMarkets(tx, [{ event: { id: eventId, ref, sport: body.sport }, markets }]);
        await auditIn(tx, actor, 'sports.event.create', `event:${eventId}`, {
          sport: body.sport,
          competition: body.competition,
          home: body.home,
          away: body.away,
          startTime: startAt.toISOString(),
          markets: markets.length,
        });
        return desk.event(eventId, tx);
      });
    },

    /** More markets on an event not started yet; a market it already has (type, period, line) is refused. */
    addMarkets(actor: OperatorActor, eventId: bigint, bodies: MarketBody[]): Promise<AdminEventView> {
      return changeEvent(actor, eventId, async (tx, event) => {
        if (event.status !== 'scheduled') throw new AppError('EVENT_STATE');
        const markets = bodies.map((market) => parseMarketBody(event.sport, market));
        const existing = new Set((await bookRepository.marketsOf(tx, [eventId])).map(marketIdentity));
        const keys = markets.map(marketIdentity);
        if (new Set(keys).size !== keys.length || keys.some((key) => existing.has(key))) {
          throw new AppError('MARKET_INVALID');
        }
        await writeMarkets(tx, [{ event: { id: eventId, ref: eventId.toString(), sport: event.sport }, markets }]);
        return { action: 'sports.markets.add', detail: { markets: keys } };
      });
    },

    /**
     * Before kick-off every open market is suspended (resume reopens every suspended one); while live the event
     * itself is suspended (its markets keep their statuses and take no bet until it resumes).
     */
    suspendEvent(actor: OperatorActor, eventId: bigint): Promise<AdminEventView> {
      return changeEvent(actor, eventId, async (tx, event) => {
        if (event.status === 'scheduled') {
          await writes.setEventMarkets(tx, eventId, 'open', 'suspended');
        } else if (event.status === 'live') {
          await writes.setEventStates(tx, [{ eventId, status: 'suspended' }]);
        } else if (event.status !== 'suspended') throw new AppError('EVENT_STATE');
        return { action: 'sports.event.suspend', detail: { status: event.status } };
      });
    },

    resumeEvent(actor: OperatorActor, eventId: bigint): Promise<AdminEventView> {
      return changeEvent(actor, eventId, async (tx, event) => {
        if (event.status === 'scheduled') {
          await writes.setEventMarkets(tx, eventId, 'suspended', 'open');
        } else if (event.status === 'suspended' || event.status === 'live') {
          // In play, resuming the event also reopens the markets a goal (or the operator) suspended.
          if (event.status === 'suspended') await writes.setEventStates(tx, [{ eventId, status: 'live' }]);
          await writes.setEventMarkets(tx, eventId, 'suspended', 'open');
        } else throw new AppError('EVENT_STATE');
        return { action: 'sports.event.resume', detail: { status: event.status } };
      });
    },

    suspendMarket(actor: OperatorActor, marketId: bigint): Promise<AdminEventView> {
      return changeMarket(actor, marketId, 'sports.market.suspend', async (tx) => {
        await writes.setMarketStatuses(tx, [{ marketId, status: 'suspended' }]);
        return {};
      });
    },

    /** Reopens a suspended market (before kick-off or in play; a closed one stays closed). */
    resumeMarket(actor: OperatorActor, marketId: bigint): Promise<AdminEventView> {
      return changeMarket(actor, marketId, 'sports.market.resume', async (tx) => {
        await writes.setMarketStatuses(tx, [{ marketId, status: 'open' }]);
        return {};
      });
    },

    /** New odds for some of a market's selections; each moved price gets a new version. */
    setPrices(
      actor: OperatorActor,
      marketId: bigint,
      prices: ReadonlyArray<{ id: string; odds: string }>,
    ): Promise<AdminEventView> {
      const parsed: Array<{ selectionId: bigint; odds: Odds }> = prices.map((price) => {
        const odds = parseOdds(price.odds);
        if (!odds.ok) throw new AppError('ODDS_INVALID');
        return { selectionId: BigInt(price.id), odds: odds.value };
      });
      if (new Set(parsed.map((price) => price.selectionId)).size !== parsed.length) throw new AppError('VALIDATION');
      return changeMarket(actor, marketId, 'sports.market.prices', async (tx) => {
        const selections = await bookRepository.selectionsOf(tx, [marketId]);
        const before = new Map(selections.map((selection) => [selection.id, selection.odds]));
        if (!parsed.every((price) => before.has(price.selectionId))) throw new AppError('SELECTION_UNKNOWN');
        await writes.setPrices(tx, parsed);
        return {
          prices: parsed.map((price) => ({
            selectionId: price.selectionId.toString(),
            from: before.get(price.selectionId)?.toString(),
            to: price.odds.toString(),
          })),
        };
      });
    },

    /**
     * The manual feed in play (issue 21): the score, the match clock and the phase. On an event not started it is the
     * kick-off: the event goes live at once and its open markets trade in play. A change of the score is a dangerous
     * moment: every open market is suspended until the operator reopens them (resume the event or a market), usually
     * with new prices; a bet in its delay then finds its market suspended and is refused. The phase only moves
     * forward (football and basketball): leaving the first half fixes the half-time score (the score sent with it)
     * and closes the first-half markets, which the result settles; after it the score cannot fall below that.
     */
    live(
      actor: OperatorActor,
      eventId: bigint,
      body: { home: number; away: number; minute: number; phase?: LivePhase },
    ) {
      return changeEvent(actor, eventId, async (tx, event) => {
        if (!['scheduled', 'live', 'suspended'].includes(event.status)) throw new AppError('EVENT_STATE');
        if (body.phase !== undefined && event.sport === 'tennis') throw new AppError('VALIDATION');
        const before = (await bookRepository.event(tx, eventId))?.live ?? null;
        const phaseBefore = before?.phase ?? '1h';
        const phase = body.phase ?? before?.phase;
        if (phase !== undefined && LIVE_PHASES.indexOf(phase) < LIVE_PHASES.indexOf(phaseBefore)) {
          throw new AppError('EVENT_STATE');
        }
        const halfOver = phase !== undefined && phase !== '1h' && before?.ht === undefined;
        const ht = halfOver ? { home: body.home, away: body.away } : before?.ht;
        if (ht && (body.home < ht.home || body.away < ht.away)) throw new AppError('RESULT_INVALID');
        const live: LiveState = {
          ...(before ?? {}),
          home: body.home,
          away: body.away,
          minute: body.minute,
          ...(phase !== undefined ? { phase } : {}),
          ...(ht ? { ht } : {}),
        };
        await writes.setEventStates(tx, [
          { eventId, status: event.status === 'suspended' ? 'suspended' : 'live', live },
        ]);
        const firstHalf = halfOver
          ? (await bookRepository.marketsOf(tx, [eventId])).filter(
              (market) => market.period === '1h' && (market.status === 'open' || market.status === 'suspended'),
            )
          : [];
        await writes.setMarketStatuses(
          tx,
          firstHalf.map((market) => ({ marketId: market.id, status: 'closed' as const })),
        );
        const scored = before !== null && (before.home !== body.home || before.away !== body.away);
        if (scored) await writes.setEventMarkets(tx, eventId, 'open', 'suspended');
        return {
          action: 'sports.event.live',
          detail: {
            from: before,
            to: live,
            suspended: scored,
            closed: firstHalf.map((market) => market.id.toString()),
          },
        };
      });
    },

    /** Enters or corrects the result; the settlement service stores it, settles or resettles, and audits it. */
    async result(actor: OperatorActor, eventId: bigint, body: ResultBody): Promise<AdminEventView> {
      assertRole(actor, SPORTS_TRADERS);
      const event = await bookRepository.event(db, eventId);
      if (!event) throw new AppError('NOT_FOUND');
      const result = parseResultBody(event.sport, body);
      await settlement.recordResult({ operator: actor }, eventId, result, BACKGROUND);
      await deps.events.published([eventId]);
      return desk.event(eventId);
    },

    /** Cancels an event: its markets void and its bets with them (the settlement service does it and audits it). */
    async cancel(actor: OperatorActor, eventId: bigint, reason: string): Promise<AdminEventView> {
      assertRole(actor, SPORTS_TRADERS);
      if (!(await bookRepository.event(db, eventId))) throw new AppError('NOT_FOUND');
      await settlement.cancelEvent({ operator: actor }, eventId, reason, BACKGROUND);
      await deps.events.published([eventId]);
      return desk.event(eventId);
    },

    async voidMarket(actor: OperatorActor, marketId: bigint, reason: string): Promise<AdminEventView> {
      assertRole(actor, SPORTS_TRADERS);
      const eventId = await eventOfMarket(marketId);
      await settlement.voidMarket({ operator: actor }, marketId, reason, BACKGROUND);
      await deps.events.published([eventId]);
      return desk.event(eventId);
    },
  };
}
