import { betLines, legExposure, potentialPayout } from '@jinb/odds';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/realtime-port';
import { type LedgerService, type Movement, member } from '../../wallet/ledger/ledger.service';
import { lockEvents } from '../event-locks';
import { type Decision, type PendingBet, type PendingLeg, betDelayRepository as repo } from './bet-delay.repository';

/** Bets decided per transaction: a burst of in-play bets is decided in a few batches, each with one posting. */
const DECIDE_BATCH = 500;
/** How often every process looks for due bets anyway (another process placed them, or this one restarted). */
export const BET_DELAY_SWEEP_MS = 1_000;

export type BetDelayService = ReturnType<typeof createBetDelayService>;

/**
 * Whether a pending bet stands when its delay is over (issue 21). Every leg's market must still be open and its event
 * live (or not started yet); a leg whose price dropped below the odds the bet was placed at refuses the bet under the
 * `none` and `higher` policies, and is taken at the lower price under `any` (what that member accepted). A price that
 * rose leaves the bet at its own odds. Pure, so the rule is tested without a database.
 */
export function decide(bet: PendingBet, legs: readonly PendingLeg[]): Decision {
  const tradable = legs.every(
    (leg) =>
      leg.marketStatus === 'open' && (leg.eventStatus === 'live' || (leg.eventStatus === 'scheduled' && !leg.started)),
  );
  if (!tradable || legs.length === 0) return { betId: bet.id, outcome: 'refused' };
  const dropped = legs.filter((leg) => leg.oddsNow < leg.odds);
  if (dropped.length === 0) return { betId: bet.id, outcome: 'stood' };
  if (bet.acceptOdds !== 'any') return { betId: bet.id, outcome: 'refused' };
  const lines = betLines(bet.type, legs.length, bet.system ?? undefined);
  if (!lines.ok) return { betId: bet.id, outcome: 'refused' };
  const odds = legs.map((leg) => (leg.oddsNow < leg.odds ? leg.oddsNow : leg.odds));
  const exposure = legExposure(bet.stake, odds, lines.lines);
  return {
    betId: bet.id,
    outcome: 'repriced',
    potentialPayout: potentialPayout(bet.stake, odds, lines.lines),
    legs: legs.map((leg, index) => ({
      legNo: leg.legNo,
      odds: odds[index] as bigint,
      // A leg taken at its new price records that price's version; the others keep the one they were placed at.
      version: leg.oddsNow < leg.odds ? leg.versionNow : null,
      lineStake: exposure[index]?.stake ?? 0n,
      linePayout: exposure[index]?.payout ?? 0n,
    })),
  };
}

/**
 * The decisions of in-play bets after their delay. A bet is decided in one transaction in the book's lock order
 * (its events' locks shared, as a bet takes them, so a suspension that is waiting goes first and the decision sees it;
 * then the bets in id order, skipping any another process holds; the accounts; the exposure rows last). A refused
 * bet's stake goes back through the ledger in the same transaction. The pending bets are rows, so a process that dies
 * mid-delay leaves them to the next run of any process, and the status makes the decision happen once.
 *
 * Each process runs a timer set to the earliest delay it knows of (its own bets) and a sweep every second (anyone's).
 */
export function createBetDelayService(deps: {
  db: Database;
  ledger: LedgerService;
  realtime: RealtimePublisher;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, ledger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<number> | undefined;
  let again = false;
  let closed = false;

  async function decideBatch(): Promise<{ decided: Array<{ bet: PendingBet; decision: Decision }>; more: boolean }> {
    return ledger.transaction(async (tx) => {
      const due = await repo.due(tx, DECIDE_BATCH);
      if (due.bets.length === 0) return { decided: [], more: false };
      await lockEvents(tx, due.events, true);
      const bets = await repo.lock(tx, due.bets);
      if (bets.length === 0) return { decided: [], more: false };
      const legs = await repo.legs(
        tx,
        bets.map((bet) => bet.id),
      );
      const byBet = new Map<bigint, PendingLeg[]>();
      for (const leg of legs) byBet.set(leg.betId, [...(byBet.get(leg.betId) ?? []), leg]);
      const decided = bets.map((bet) => ({ bet, decision: decide(bet, byBet.get(bet.id) ?? []) }));
      const refunds: Movement[] = decided
        .filter(({ decision }) => decision.outcome === 'refused')
        .map(({ bet }) => ({
          key: `bet:${bet.id}:refund`,
          code: 'bet_refund',
          from: member(bet.memberId, 'bets'),
          to: member(bet.memberId, 'main'),
          amount: bet.totalStake,
          actor: 'system:bet-delay',
          reference: `bet:${bet.id}`,
        }));
      if (refunds.length > 0) await ledger.postBatch(tx, refunds);
      await repo.record(
        tx,
        decided.map(({ decision }) => decision),
        legs,
      );
      return { decided, more: due.bets.length === DECIDE_BATCH };
    });
  }

  /** Decides every due bet; a call while a run is going asks it for one more pass. Answers how many it decided. */
  function decideDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          for (;;) {
            const { decided, more } = await decideBatch();
            total += decided.length;
            for (const { bet, decision } of decided)
              deps.realtime.publishToMember(bet.memberId, 'bets', {
                id: bet.id.toString(),
                status: decision.outcome === 'refused' ? 'refused' : 'open',
              });
            if (!more) break;
            // Let queries that queued during the batch go first: on PGlite's one connection the next batch would
            // take it straight back, and a burst of due bets (after a restart) would hold the site for the whole run.
            await new Promise((resolve) => setImmediate(resolve));
          }
        } while (again && !closed);
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  /** Runs the decisions once `at` (ms) has come, unless a run is already set for earlier. */
  function wakeAt(at: number): void {
    if (closed || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timerAt = Number.POSITIVE_INFINITY;
        decideDue()
          .then(() => repo.nextDue(db))
          .then((next) => {
            if (next !== null) wakeAt(Math.max(next, Date.now() + 50));
          })
          .catch((error: unknown) => deps.log.error({ err: error }, 'deciding in-play bets failed'));
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
  }

  return {
    decideDue,
    /** A bet was placed pending until `decideAt`: this process decides it then (the sweep is the safety net). */
    scheduled(decideAt: Date): void {
      wakeAt(decideAt.getTime());
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
