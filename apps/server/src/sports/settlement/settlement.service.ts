import { formatAmount } from '@jinb/money';
import { betLines, betPayout, type Outcome, type SettledLeg } from '@jinb/odds';
import type { FastifyBaseLogger } from 'fastify';
import { auditIn, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/realtime-port';
import { AppError } from '../../shared/app-error';
import { house, type LedgerService, type Movement, member } from '../../wallet/ledger/ledger.service';
import type { SportsSettingsStore } from '../sports-settings';
import { type EventResult, validateResult } from './event-result';
import { settleMarket } from './outcome';
import {
  type ClaimedBet,
  type MarketRow,
  settlementRepository as repo,
  type SettledBet,
} from './settlement.repository';
import { betTurnover } from './valid-turnover';

/** Who changed the book: a feed (by its name) or an operator, whose action is audited with the change. */
export type SettlementActor = { feed: string } | { operator: OperatorActor };

/** The house account every bet settles against. */
export const SPORTSBOOK_HOUSE = 'sportsbook';
const ACTOR = 'system:settlement';
const DEFAULT_BATCH_SIZE = 2_000;

export type DecisionSummary = {
  eventId: bigint;
  /** False when nothing changed (the same result posted again, an event already cancelled, a market already void). */
  changed: boolean;
  resultVersion: number;
  /** Selections whose outcome changed, and the bets flagged for (re)settlement because of them. */
  changedSelections: number;
  flaggedBets: number;
  /** Bets the settlement run that followed settled (it may also settle bets flagged before). */
  settledBets: number;
};

export type SettlementRun = { settledBets: number; batches: number; closedEvents: bigint[] };

/**
 * When the bets a decision flagged are paid: `now` (the default) runs the settlement before answering; `background`
 * answers once the decision committed and starts a run in this process (what trading and the feeds use, so a result
 * never waits for thousands of payouts); `later` leaves them to the next run (the jobs' sweep, or a test of the
 * window a crash right after the commit leaves).
 */
export type SettleWhen = { settle?: 'now' | 'background' | 'later' };

/** The stored form of a result: only the fields that decide markets, in a fixed order, so equal results compare equal. */
function canonicalResult(result: EventResult): EventResult {
  const score = (value: { home: number; away: number }) => ({ home: value.home, away: value.away });
  if (result.sport === 'tennis') return { sport: 'tennis', bestOf: result.bestOf, sets: result.sets.map(score) };
  return { sport: result.sport, ft: score(result.ft), ...(result.ht ? { ht: score(result.ht) } : {}) };
}

const sameResult = (a: EventResult | null, b: EventResult) =>
  a !== null && JSON.stringify(canonicalResult(a)) === JSON.stringify(canonicalResult(b));

/** The new outcome of every selection of the markets a result can decide now; a first half without its score waits. */
function decideMarkets(sport: EventResult['sport'], markets: MarketRow[], result: EventResult) {
  const marketIds: bigint[] = [];
  const selections: Array<{ id: bigint; outcome: Outcome }> = [];
  for (const market of markets) {
    if (market.status === 'void') continue;
    const settled = settleMarket(
      {
        sport,
        type: market.type,
        period: market.period,
        line: market.line,
        sides: market.selections.map((s) => s.side),
      },
      result,
    );
    // 'pending' (a first half without the half-time score) keeps whatever the market had; a market that could never
    // have been offered (a feed's mistake) stays unsettled and keeps its event from closing, where an operator sees it.
    if (!settled.ok) continue;
    marketIds.push(market.id);
    for (const selection of market.selections) {
      const outcome = settled.outcomes[selection.side];
      if (outcome) selections.push({ id: selection.id, outcome });
    }
  }
  return { marketIds, selections };
}

export type SettlementService = ReturnType<typeof createSettlementService>;

/**
 * Results, cancellations and voids decide selections and flag the bets they change (one transaction each); the
 * settlement run then settles flagged bets in batches, each batch one transaction with its ledger postings, so a run
 * cut short anywhere is finished by the next one and pays nobody twice. See the module README ("Settlement").
 */
export function createSettlementService(deps: {
  db: Database;
  ledger: LedgerService;
  settings: SportsSettingsStore;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Members hear of their settled bets (the balance push is the ledger's). */
  realtime?: RealtimePublisher;
}) {
  const { db, ledger, settings } = deps;
  // The background run: one at a time per process; a request while it runs asks for one more after it, which then
  // sees every bet flagged meanwhile (a run's batches move forward by id and would not go back for them).
  let background: Promise<void> | undefined;
  let again = false;
  // The events decided since the last pass began: the pass closes those whose bets are all settled.
  const pendingEvents = new Set<bigint>();
  // The first run of a process also looks at every finished event, in case a crash came between a run's last batch
  // and the closing of its events.
  let sweptFinishedEvents = false;

  async function audit(tx: Executor, by: SettlementActor, action: string, target: string, detail: unknown) {
    if ('operator' in by) await auditIn(tx, by.operator, action, target, detail);
  }

  /**
   * The main balance of every member who has a reversal in the batch. Every account the batch posts to is locked
   * here first, in ascending id order (the ledger's one lock order), so postBatch finds them held and nothing can
   * spend a balance between this read and the postings.
   */
  async function mainBalances(tx: Executor, movements: Movement[], reversalMembers: Set<bigint>) {
    const members = new Map<string, { memberId: bigint; kind: string }>();
    const houses = new Set<string>();
    for (const movement of movements)
      for (const ref of [movement.from, movement.to]) {
        if ('house' in ref) houses.add(ref.house);
        else members.set(`${ref.memberId}:${ref.kind}`, ref);
      }
    for (const memberId of reversalMembers) members.set(`${memberId}:main`, { memberId, kind: 'main' });
    return repo.lockAccounts(tx, [...members.values()], [...houses]);
  }

  /** One batch in one transaction: claim, compute, post, record. */
  async function settleBatch(tx: Executor, afterId: bigint, size: number, minTurnoverOdds: bigint) {
    const claimed = await repo.claim(tx, afterId, size);
    if (claimed.length === 0)
      return {
        claimed: 0,
        lastId: afterId,
        events: [] as bigint[],
        settled: [] as SettledBet[],
        members: new Map<bigint, bigint>(),
      };
    const settles: Movement[] = [];
    const payouts: Movement[] = [];
    const reversals: Array<{ bet: ClaimedBet; owed: bigint; settleCount: number }> = [];
    const settled: SettledBet[] = [];
    const events = new Set<bigint>();
    for (const bet of claimed) {
      const legs: SettledLeg[] = bet.legs.map((leg) => ({ odds: leg.odds, outcome: leg.outcome }));
      const lines = betLines(bet.type, legs.length, bet.system ?? undefined);
      if (!lines.ok) throw new Error(`bet ${bet.id}: its legs do not make a ${bet.type} bet (${lines.error})`);
      const payout = betPayout(bet.stake, legs, lines.lines).total;
      const turnover = betTurnover(bet.stake, legs, lines.lines, minTurnoverOdds);
      const settleCount = bet.settleCount + 1;
      const reference = `bet:${bet.id}`;
      // What the member has kept from earlier settlements: the last payout, plus any reversal they could not cover.
      const received = bet.settleCount === 0 ? 0n : (bet.payout ?? 0n) + bet.unrecovered;
      if (bet.settleCount === 0) {
        settles.push({
          key: `${reference}:settle`,
          code: 'bet_settle',
          from: member(bet.memberId, 'bets'),
          to: house(SPORTSBOOK_HOUSE),
          amount: bet.totalStake,
          actor: ACTOR,
          reference,
        });
      }
      if (payout !== received) {
        if (payout > 0n) {
          payouts.push({
            key: `${reference}:payout:${settleCount}`,
            code: 'bet_payout',
            from: house(SPORTSBOOK_HOUSE),
            to: member(bet.memberId, 'main'),
            amount: payout,
            actor: ACTOR,
            reference,
          });
        }
        if (received > 0n) reversals.push({ bet, owed: received, settleCount });
      }
      settled.push({
        id: bet.id,
        payout,
        turnover,
        unrecovered: 0n,
        settleCount,
        legs: bet.legs.map((leg) => ({ legNo: leg.legNo, outcome: leg.outcome })),
      });
      for (const leg of bet.legs) events.add(leg.eventId);
    }

    // New payouts go first, so a member who still has the money pays a reversal from it; what main cannot cover
    // (winnings spent before the correction) is recorded on the bet instead of taking the balance below zero.
    const reversalMovements: Movement[] = [];
    if (reversals.length > 0) {
      const reversalMembers = new Set(reversals.map((reversal) => reversal.bet.memberId));
      const available = await mainBalances(tx, [...settles, ...payouts], reversalMembers);
      for (const payout of payouts) {
        const to = payout.to as { memberId: bigint };
        const balance = available.get(to.memberId);
        if (balance !== undefined) available.set(to.memberId, balance + payout.amount);
      }
      const byBet = new Map(settled.map((bet) => [bet.id, bet]));
      for (const { bet, owed, settleCount } of reversals) {
        const balance = available.get(bet.memberId) ?? 0n;
        const taken = owed < balance ? owed : balance;
        available.set(bet.memberId, balance - taken);
        const record = byBet.get(bet.id);
        if (record) record.unrecovered = owed - taken;
        if (taken > 0n) {
          reversalMovements.push({
            key: `bet:${bet.id}:reverse:${settleCount}`,
            code: 'bet_reverse',
            from: member(bet.memberId, 'main'),
            to: house(SPORTSBOOK_HOUSE),
            amount: taken,
            actor: ACTOR,
            reference: `bet:${bet.id}`,
          });
        }
      }
    }
    await ledger.postBatch(tx, [...settles, ...payouts, ...reversalMovements]);
    await repo.recordSettled(tx, settled);
    return {
      claimed: claimed.length,
      lastId: claimed[claimed.length - 1]?.id ?? afterId,
      events: [...events],
      settled,
      members: new Map(claimed.map((bet) => [bet.id, bet.memberId])),
    };
  }

  /** Starts a run in the background, or asks the one under way for another pass; errors are logged (the sweep retries). */
  function settleInBackground(events: bigint[]): void {
    for (const event of events) pendingEvents.add(event);
    if (background) {
      again = true;
      return;
    }
    background = (async () => {
      do {
        again = false;
        const touched = [...pendingEvents];
        pendingEvents.clear();
        try {
          await service.settlePending({ events: touched });
        } catch (error) {
          deps.log.error({ err: error }, 'sports settlement run failed');
        }
      } while (again);
    })().finally(() => {
      background = undefined;
    });
  }
  async function settleAfter(options: SettleWhen, eventId: bigint): Promise<number> {
    switch (options.settle ?? 'now') {
      case 'now':
        return (await service.settlePending({ events: [eventId] })).settledBets;
      case 'background':
        settleInBackground([eventId]);
        return 0;
      default:
        return 0;
    }
  }

  const service = {
    /**
     * Settles an event on its result: stores it (result version + 1, status finished), settles every market it can
     * decide, flags every bet whose selection changed (one transaction), then settles them (see SettleWhen). The same
     * result again changes nothing; a different one is a correction that resettles the bets it changes.
     */
    async recordResult(
      by: SettlementActor,
      eventId: bigint,
      input: EventResult,
      options: SettleWhen = {},
    ): Promise<DecisionSummary> {
      if (!validateResult(input).ok) throw new AppError('RESULT_INVALID');
      const result = canonicalResult(input);
      const decided = await ledger.transaction(async (tx) => {
        const event = await repo.lockEvent(tx, eventId);
        if (!event) throw new AppError('NOT_FOUND');
        if (event.sport !== result.sport) throw new AppError('RESULT_INVALID');
        if (event.status === 'cancelled') throw new AppError('EVENT_STATE');
        if (sameResult(event.result, result)) {
          return { changed: false, resultVersion: event.resultVersion, changedSelections: 0, flaggedBets: 0 };
        }
        const resultVersion = event.resultVersion + 1;
        await repo.storeResult(tx, eventId, result, resultVersion);
        const markets = await repo.markets(tx, { eventId });
        const { marketIds, selections } = decideMarkets(event.sport, markets, result);
        const flagged = await repo.decide(tx, {
          marketIds,
          status: 'settled',
          settledVersion: resultVersion,
          selections,
        });
        await audit(tx, by, 'sports.result', `event:${eventId}`, { result, resultVersion });
        return { changed: true, resultVersion, ...flagged };
      });
      return { eventId, ...decided, settledBets: await settleAfter(options, eventId) };
    },

    /** Cancels an event: every market void, every selection void, so every bet on it gets its stake back. */
    async cancelEvent(
      by: SettlementActor,
      eventId: bigint,
      reason: string,
      options: SettleWhen = {},
    ): Promise<DecisionSummary> {
      const decided = await ledger.transaction(async (tx) => {
        const event = await repo.lockEvent(tx, eventId);
        if (!event) throw new AppError('NOT_FOUND');
        if (event.status === 'cancelled') {
          return { changed: false, resultVersion: event.resultVersion, changedSelections: 0, flaggedBets: 0 };
        }
        await repo.setEventStatus(tx, eventId, 'cancelled');
        const markets = await repo.markets(tx, { eventId });
        const flagged = await repo.decide(tx, {
          marketIds: markets.map((market) => market.id),
          status: 'void',
          settledVersion: null,
          selections: markets.flatMap((market) =>
            market.selections.map((selection) => ({ id: selection.id, outcome: 'void' as const })),
          ),
        });
        await audit(tx, by, 'sports.event.cancel', `event:${eventId}`, { reason });
        return { changed: true, resultVersion: event.resultVersion, ...flagged };
      });
      return { eventId, ...decided, settledBets: await settleAfter(options, eventId) };
    },

    /** Voids one market: its selections void, its bets' legs count as odds 1 (a single gets its stake back). */
    async voidMarket(
      by: SettlementActor,
      marketId: bigint,
      reason: string,
      options: SettleWhen = {},
    ): Promise<DecisionSummary> {
      const eventId = await repo.eventOfMarket(db, marketId);
      if (eventId === undefined) throw new AppError('NOT_FOUND');
      const decided = await ledger.transaction(async (tx) => {
        // The event first, as a result or a cancellation takes it: they run one at a time.
        const event = await repo.lockEvent(tx, eventId);
        if (!event) throw new AppError('NOT_FOUND');
        const [market] = await repo.markets(tx, { marketId });
        if (!market || market.status === 'void') {
          return { changed: false, resultVersion: event.resultVersion, changedSelections: 0, flaggedBets: 0 };
        }
        await repo.touchEvent(tx, eventId);
        const flagged = await repo.decide(tx, {
          marketIds: [marketId],
          status: 'void',
          settledVersion: null,
          selections: market.selections.map((selection) => ({ id: selection.id, outcome: 'void' as const })),
        });
        await audit(tx, by, 'sports.market.void', `market:${marketId}`, { eventId: String(eventId), reason });
        return { changed: true, resultVersion: event.resultVersion, ...flagged };
      });
      return { eventId, ...decided, settledBets: await settleAfter(options, eventId) };
    },

    /**
     * The resumable run: settles flagged bets whose legs are all decided, `batchSize` per transaction, until none is
     * left, then closes the events it touched (and `events`) whose markets and bets are all settled. Several
     * processes may run it at once: each batch skips the bets another one holds.
     */
    async settlePending(options: { batchSize?: number; events?: bigint[] } = {}): Promise<SettlementRun> {
      const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
      const { minTurnoverOdds } = await settings.rules();
      const touched = new Set<bigint>(options.events ?? []);
      let afterId = 0n;
      let settledBets = 0;
      let batches = 0;
      for (;;) {
        const batch = await ledger.transaction((tx) => settleBatch(tx, afterId, batchSize, minTurnoverOdds));
        if (batch.claimed === 0) break;
        batches++;
        settledBets += batch.claimed;
        for (const bet of batch.settled) {
          const memberId = batch.members.get(bet.id);
          if (memberId !== undefined)
            deps.realtime?.publishToMember(memberId, 'bets', {
              id: bet.id.toString(),
              status: 'settled',
              payout: formatAmount(bet.payout),
            });
        }
        afterId = batch.lastId;
        for (const event of batch.events) touched.add(event);
        if (batch.claimed < batchSize) break;
        // Let queries that queued during the batch go first: on PGlite's one connection the next batch would
        // otherwise take it straight back, and the site would wait for the whole run.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const sweep = !sweptFinishedEvents;
      sweptFinishedEvents = true;
      const closedEvents =
        sweep || touched.size > 0 ? await repo.closeEvents(db, sweep ? null : [...touched]) : ([] as bigint[]);
      return { settledBets, batches, closedEvents };
    },

    /** Resolves once this process has no background run under way (shutdown waits for it; tests too). */
    async idle(): Promise<void> {
      while (background) await background;
    },
  };
  return service;
}
