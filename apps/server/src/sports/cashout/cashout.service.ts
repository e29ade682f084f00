import type { CashoutChangedDetail, CashoutQuote, CashoutResult, ErrorCode, EventCashoutsView } from '@jinb/contract';
import { rolesOf } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { potentialPayout } from '@jinb/odds';
import type { FastifyBaseLogger } from 'fastify';
import { assertRole, type OperatorActor } from '../../admin/operator-actor';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/realtime-port';
import { AppError } from '../../shared/app-error';
import { sha256 } from '../../shared/tokens';
import { house, type LedgerService, member } from '../../wallet/ledger/ledger.service';
import type { SportsRules, SportsSettingsStore } from '../sports-settings';
import { type CashoutBetRow, type CashoutRow, cashoutRepository as repo } from './cashout.repository';
import { createQuoteIds } from './cashout-quote-id';
import { basisPoints, type CashoutLeg, cashoutValue, withinTolerance } from './cashout-value';

/** How long a quote may be accepted: long enough to read it and tap, short enough that prices rarely move past it. */
export const QUOTE_TTL_MS = 10_000;
/** Pushed quotes of one event at most this often: prices move several times a second in play. */
export const PUSH_INTERVAL_MS = 1_000;
/** Bets priced per push of one event: the cost of a push is bounded whatever the event's book. */
export const PUSH_BET_LIMIT = 5_000;
/** The house account a bet settles against (settlement's SPORTSBOOK_HOUSE). */
const SPORTSBOOK_HOUSE = 'sportsbook';
/** Who reads the house's cash-out figures. */
export const CASHOUT_VIEWERS = rolesOf('tradingViewers');

type Refusal = Extract<ErrorCode, 'CASHOUT_UNAVAILABLE' | 'CASHOUT_OFF' | 'CASHOUT_SUSPENDED'>;

/** A bet priced now: its value for its whole stake and the legs it came from, or why it has none. */
export type Priced =
  | { ok: true; bet: CashoutBetRow; value: bigint; legs: CashoutLeg[]; prices: string }
  | { ok: false; reason: Refusal };

/**
 * Whether the bet may be cashed out now and what it is worth. The order of the refusals is what a member is told:
 * a bet that can never be cashed (a system bet, one already settled or lost), then the operators' switch, then a
 * market that stopped trading for the moment.
 */
export function priceBet(bet: CashoutBetRow, rules: SportsRules['cashout']): Priced {
  if (bet.type === 'system' || bet.status !== 'open' || bet.lineCount !== 1) return refuse('CASHOUT_UNAVAILABLE');
  const off = new Set<string>([...rules.offSports, ...rules.offMarketTypes]);
  if (!rules.enabled || bet.legs.some((leg) => off.has(leg.sport) || off.has(leg.marketType)))
    return refuse('CASHOUT_OFF');
  if (bet.legs.some((leg) => leg.outcome === 'lose')) return refuse('CASHOUT_UNAVAILABLE');
  // Every leg decided: the bet waits for its settlement, which pays it.
  if (bet.legs.every((leg) => leg.outcome !== null)) return refuse('CASHOUT_UNAVAILABLE');
  const legs: CashoutLeg[] = [];
  for (const leg of bet.legs) {
    if (leg.outcome !== null) {
      legs.push({ decided: true, odds: leg.odds, outcome: leg.outcome });
      continue;
    }
    const eventTrades = leg.eventStatus === 'live' || (leg.eventStatus === 'scheduled' && !leg.started);
    if (leg.marketStatus !== 'open' || !eventTrades) {
      // Suspended may open again in a moment; closed, finished or cancelled will not.
      const paused = leg.marketStatus === 'suspended' || leg.eventStatus === 'suspended';
      return refuse(paused ? 'CASHOUT_SUSPENDED' : 'CASHOUT_UNAVAILABLE');
    }
    legs.push({ decided: false, odds: leg.odds, price: leg.price, marketPrices: leg.marketPrices });
  }
  const value = cashoutValue(bet.stake, legs, basisPoints(rules.margin));
  if (value <= 0n) return refuse('CASHOUT_UNAVAILABLE');
  return { ok: true, bet, value, legs, prices: pricesDigest(bet) };
}

function refuse(reason: Refusal): Priced {
  return { ok: false, reason };
}

/** Which prices and outcomes a value came from: every version of every leg's market, and each decided outcome. */
function pricesDigest(bet: CashoutBetRow): string {
  const parts = bet.legs.map(
    (leg) => `${leg.selectionId}:${leg.outcome ?? ''}:${leg.marketVersions.join(',')}:${leg.marketPrices.join(',')}`,
  );
  return sha256(parts.join('|')).slice(0, 16);
}

export type CashoutInput = { id: string; quoteId: string; amount?: bigint | undefined };

export type CashoutService = ReturnType<typeof createCashoutService>;

/**
 * Cash out: quotes (asked for, or pushed as prices move) and their acceptance. Accepting re-prices the bet under
 * the book's lock order (its events shared, then the bet row, then the accounts, then the exposure rows) and pays
 * only a value within the tolerance of the quote; a result, a void or a settlement racing it either committed
 * first (the bet is then decided, lost, settled or not trading, and refused) or waits for it. See README.md,
 * "Cash out".
 */
export function createCashoutService(deps: {
  db: Database;
  ledger: LedgerService;
  settings: SportsSettingsStore;
  realtime: RealtimePublisher;
  /** Signs quote ids (derived from the app secret: every process reads the others' quotes). */
  secret: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
}) {
  const { db, ledger, settings } = deps;
  const now = deps.now ?? Date.now;
  const quoteIds = createQuoteIds(deps.secret);

  function quoteOf(priced: Extract<Priced, { ok: true }>): CashoutQuote {
    const expiresAt = now() + QUOTE_TTL_MS;
    const claims = {
      betId: priced.bet.id,
      stake: priced.bet.stake,
      amount: priced.value,
      expiresAt,
      prices: priced.prices,
    };
    return {
      betId: String(priced.bet.id),
      stake: formatAmount(priced.bet.stake),
      amount: formatAmount(priced.value),
      quoteId: quoteIds.sign(priced.bet.memberId, claims),
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  function resultOf(row: CashoutRow): CashoutResult {
    return {
      betId: String(row.betId),
      status: row.remainingStake === 0n ? 'cashed_out' : 'open',
      stake: formatAmount(row.stake),
      amount: formatAmount(row.amount),
      remainingStake: formatAmount(row.remainingStake),
      potentialPayout: formatAmount(row.remainingPayout),
    };
  }

  function replay(row: CashoutRow, paramsHash: string): CashoutResult {
    if (row.paramsHash !== paramsHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return resultOf(row);
  }

  /** Prices every open bet on the event and sends each member theirs. */
  async function pushQuotes(eventId: bigint): Promise<number> {
    const rules = (await settings.rules()).cashout;
    const bets = await repo.openBetsOnEvent(db, eventId, PUSH_BET_LIMIT);
    for (const bet of bets) {
      const priced = priceBet(bet, rules);
      deps.realtime.publishToMember(
        bet.memberId,
        'cashout',
        priced.ok ? quoteOf(priced) : { betId: String(bet.id), reason: priced.reason },
      );
    }
    return bets.length;
  }

  const throttle = new Map<bigint, { last: number; timer?: ReturnType<typeof setTimeout> }>();

  const service = {
    /** The member's quote for the bet's whole stake now, or the refusal saying why there is none. */
    async quote(memberId: bigint, betId: bigint): Promise<CashoutQuote> {
      const bet = await repo.bet(db, memberId, betId);
      if (!bet) throw new AppError('NOT_FOUND');
      const priced = priceBet(bet, (await settings.rules()).cashout);
      if (!priced.ok) throw new AppError(priced.reason);
      return quoteOf(priced);
    },

    /**
     * Accepts a quote for the whole stake, or for `amount` of it. The same key again answers what the first request
     * did, whatever changed since; another request with it is IDEMPOTENCY_CONFLICT.
     */
    async accept(memberId: bigint, key: string, input: CashoutInput): Promise<CashoutResult> {
      const betId = BigInt(input.id);
      const paramsHash = sha256(JSON.stringify([input.id, input.quoteId, input.amount?.toString() ?? 'all']));
      const known = await repo.byKey(db, memberId, key);
      if (known) return replay(known, paramsHash);
      const events = await repo.eventsOfBet(db, memberId, betId);
      if (events.length === 0) throw new AppError('NOT_FOUND');
      const claims = quoteIds.read(memberId, input.quoteId);
      if (!claims || claims.betId !== betId) throw new AppError('BAD_REQUEST');
      const rules = (await settings.rules()).cashout;

      const done = await ledger.transaction(async (tx) => {
        await repo.lockEventsShared(tx, events);
        if (!(await repo.lockBet(tx, memberId, betId))) throw new AppError('NOT_FOUND');
        // A request with the same key that committed while this one waited for the bet.
        const again = await repo.byKey(tx, memberId, key);
        if (again) return { row: again, replayed: true };
        // A statement of its own, after the locks: it sees every decision and price change committed before them.
        const bet = await repo.bet(tx, memberId, betId);
        if (!bet) throw new AppError('NOT_FOUND');
        const priced = priceBet(bet, rules);
        if (!priced.ok) throw new AppError(priced.reason);
        const stale =
          now() > claims.expiresAt ||
          claims.stake !== bet.stake ||
          !withinTolerance(claims.amount, priced.value, basisPoints(rules.tolerance));
        if (stale) {
          const detail: CashoutChangedDetail = { quote: quoteOf(priced) };
          throw new AppError('CASHOUT_CHANGED', { detail });
        }
        const stake = input.amount ?? bet.stake;
        if (stake > bet.stake) throw new AppError('CASHOUT_STAKE');
        const full = stake === bet.stake;
        // The part's own value, truncated once: not a share of the whole's truncated value.
        const amount = full ? priced.value : cashoutValue(stake, priced.legs, basisPoints(rules.margin));
        if (amount <= 0n) throw new AppError('CASHOUT_UNAVAILABLE');
        const remainingStake = bet.stake - stake;
        const odds = bet.legs.map((leg) => leg.odds);
        const remainingPayout = full ? 0n : potentialPayout(remainingStake, odds, [odds.map((_, index) => index)]);
        const row = {
          betId,
          memberId,
          key,
          paramsHash,
          stake,
          amount,
          quoteStake: claims.stake,
          quoteAmount: claims.amount,
          quotePrices: priced.prices,
          remainingStake,
          remainingPayout,
        };
        const id = await repo.insert(tx, row);
        const reference = `bet:${betId}`;
        await ledger.postBatch(tx, [
          {
            key: `${reference}:cashout:${id}:stake`,
            code: 'bet_settle',
            from: member(memberId, 'bets'),
            to: house(SPORTSBOOK_HOUSE),
            amount: stake,
            actor: `member:${memberId}`,
            reference,
          },
          {
            key: `${reference}:cashout:${id}`,
            code: 'bet_cashout',
            from: house(SPORTSBOOK_HOUSE),
            to: member(memberId, 'main'),
            amount,
            actor: `member:${memberId}`,
            reference,
          },
        ]);
        await repo.apply(tx, { betId, full, amount, remainingStake, remainingPayout });
        return { row: { id, ...row }, replayed: false };
      });

      const result = resultOf(done.row);
      if (!done.replayed) {
        deps.realtime.publishToMember(memberId, 'bets', {
          id: result.betId,
          status: result.status,
          payout: result.status === 'cashed_out' ? result.amount : null,
        });
      }
      return result;
    },

    /**
     * Call after prices, market or event statuses of an event changed (committed): members with open bets on it get
     * a fresh quote, or the reason there is none now, on their `cashout` topic. At most once per PUSH_INTERVAL_MS per
     * event: calls in between are folded into one push at the end of the interval, which reads the prices then.
     */
    quotesForEvent(eventId: bigint): void {
      const entry = throttle.get(eventId) ?? { last: 0 };
      throttle.set(eventId, entry);
      if (entry.timer) return;
      const run = () => {
        entry.timer = undefined;
        entry.last = now();
        pushQuotes(eventId).catch((error) => deps.log.error({ err: error }, 'cash-out quotes push failed'));
      };
      const wait = entry.last + PUSH_INTERVAL_MS - now();
      if (wait <= 0) run();
      else {
        entry.timer = setTimeout(run, wait);
        entry.timer.unref?.();
      }
      // Events that stopped moving are forgotten, so the map holds the events in play only.
      if (throttle.size > 1_000)
        for (const [event, kept] of throttle)
          if (!kept.timer && now() - kept.last > PUSH_INTERVAL_MS) throttle.delete(event);
    },

    /** The push itself, without the throttle (what quotesForEvent runs); answers how many bets were priced. */
    pushQuotes,

    /** The operator's cash-out totals of one event. */
    async eventTotals(actor: OperatorActor, eventId: bigint): Promise<EventCashoutsView> {
      assertRole(actor, CASHOUT_VIEWERS);
      const totals = await repo.eventTotals(db, eventId);
      if (!totals) throw new AppError('NOT_FOUND');
      return {
        eventId: String(eventId),
        count: totals.count,
        stake: formatAmount(totals.stake),
        amount: formatAmount(totals.amount),
        houseResult: formatAmount(totals.stake - totals.amount),
      };
    },
  };
  return service;
}
