import {
  type AcceptOdds,
  type BetStatus,
  type BetType,
  MAX_BET_LEGS,
  type MarketStatus,
  parseDateTime,
  platformDay,
  platformDayBounds,
} from '@jinb/contract';
import type { BetDetail, BetsPage, BetView, OddsChangedDetail, SportsConfig } from '@jinb/contract/sports';
import { formatAmount } from '@jinb/money';
import {
  betLines,
  formatOdds,
  legExposure,
  type OddsFormat,
  parseOdds,
  parseSystem,
  potentialPayout,
} from '@jinb/odds';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PlaySession, ProtectionGate } from '../../protection/gate/protection-gate';
import type { RealtimePublisher } from '../../realtime/realtime-port';
import { AppError } from '../../shared/app-error';
import { sha256 } from '../../shared/tokens';
import { type LedgerService, member } from '../../wallet/ledger/ledger.service';
import type { RiskService } from '../risk/risk.service';
import type { SportsSettingsStore } from '../sports-settings';
import type { BetDelayService } from './bet-delay.service';
import { type LegSource, toBetDetail, toBetView } from './bet-view';
import { type BetRow, betsRepository, type PricedSelection } from './bets.repository';

/** A bet as the route hands it over (the contract's schema has parsed the stake and checked the shapes). */
export type PlaceBetInput = {
  type: BetType;
  system?: string | undefined;
  /** Per line, scale 4. */
  stake: bigint;
  legs: ReadonlyArray<{ selectionId: string; odds: string }>;
  acceptOdds: AcceptOdds;
};

export type BetsQuery = { status: BetStatus; startTime: string; endTime: string; page: number; size: number };

/** How often a bet is priced again when its prices moved between the read and the statement. */
const PRICING_ATTEMPTS = 3;
/**
 * How long a read of a selection may price later bets. Safe because the statement checks each leg's version, market
 * and event itself: a cached price that has moved costs one more read, never a bet at a price that is gone.
 */
const PRICE_CACHE_MS = 2_000;
/** Selections kept at most (the cache is dropped whole above it: a full book is a few thousand). */
const PRICE_CACHE_SIZE = 50_000;

export type BetService = ReturnType<typeof createBetService>;

/**
 * Placing bets and the member's betting records. A bet is priced from one read of its selections, checked against
 * the rules that need no lock (shape, prices under the member's odds policy, stake and payout limits), then placed by
 * one statement (sports_place_bet, migration 0012) that locks the member, replays a known Idempotency-Key, checks
 * that no price or market moved since the read and the daily payout limit, and writes the bet, its legs and the
 * stake (main -> the member's open-bets account) together. See README.md, "Placement".
 */
export function createBetService(deps: {
  db: Database;
  ledger: LedgerService;
  settings: SportsSettingsStore;
  risk: RiskService;
  /** Decides in-play bets when their delay ends. */
  delay: Pick<BetDelayService, 'scheduled'>;
  /** The member's other screens and devices hear of the new bet. */
  realtime: RealtimePublisher;
  /** The member's own limits and exclusions, checked with the stake. */
  gate: ProtectionGate;
  timeZone: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, ledger } = deps;
  let today: { start: Date; end: Date } | undefined;
  const prices = new Map<bigint, { selection: PricedSelection; readAt: number }>();

  /**
   * The bet's selections: from the cache when every one was read in the last PRICE_CACHE_MS, else from the
   * database (and cached). `fresh` always reads: a refusal is only ever decided on a fresh read.
   */
  async function selections(ids: readonly bigint[], fresh: boolean): Promise<PricedSelection[]> {
    const now = Date.now();
    if (!fresh) {
      const cached = ids.map((id) => prices.get(id));
      if (cached.every((entry) => entry !== undefined && now - entry.readAt < PRICE_CACHE_MS))
        return cached.map((entry) => {
          const selection = (entry as { selection: PricedSelection }).selection;
          return { ...selection, started: selection.started || selection.startAt.getTime() <= now };
        });
    }
    const read = await betsRepository.priced(db, ids);
    if (prices.size + read.length > PRICE_CACHE_SIZE) prices.clear();
    for (const selection of read) prices.set(selection.selectionId, { selection, readAt: now });
    return read;
  }

  /** The start of the platform day, when the daily payout limit starts again (kept until the day ends). */
  function startOfToday(now = new Date()): Date {
    if (!today || now >= today.end || now < today.start) {
      today = platformDayBounds(platformDay(now, deps.timeZone), deps.timeZone) ?? undefined;
      if (!today) throw new Error(`no start of today in ${deps.timeZone}`);
    }
    return today.start;
  }

  async function legsOf(bets: readonly BetRow[]): Promise<Map<bigint, LegSource[]>> {
    const legs = await betsRepository.legs(
      db,
      bets.map((bet) => bet.id),
    );
    const byBet = new Map<bigint, LegSource[]>();
    for (const leg of legs) byBet.set(leg.betId, [...(byBet.get(leg.betId) ?? []), leg]);
    return byBet;
  }

  async function betView(memberId: bigint, id: bigint): Promise<BetView> {
    const bet = await betsRepository.bet(db, memberId, id);
    if (!bet) throw new AppError('NOT_FOUND');
    return toBetView(bet, (await legsOf([bet])).get(bet.id) ?? [], deps.timeZone);
  }

  /**
   * A refusal that depends on prices, markets or limits (which move) must not hide a bet this key already placed: a
   * double tap whose first tap went through answers with that bet, whatever happened since.
   */
  async function unlessPlaced(memberId: bigint, key: string, paramsHash: string, error: unknown): Promise<BetView> {
    const placed = error instanceof AppError ? await betsRepository.byKey(db, memberId, key) : undefined;
    if (!placed) throw error;
    if (placed.paramsHash !== paramsHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return betView(memberId, placed.id);
  }

  /**
   * A selection at its liability cap suspends its market for the trader. The bet's answer does not wait on it to
   * fail: a suspension that could not be made is logged and the next refused bet tries again.
   */
  async function suspendAtCap(
    selections: readonly bigint[],
    legs: readonly PricedSelection[],
    caps: readonly bigint[],
  ): Promise<void> {
    const reached = selections.map((selectionId) => ({
      selectionId,
      cap: caps[legs.findIndex((leg) => leg.selectionId === selectionId)] ?? 0n,
    }));
    try {
      await deps.risk.suspendAtCap(reached);
    } catch (error) {
      deps.log?.error({ err: error, selections: selections.map(String) }, 'suspending a market at its cap failed');
    }
  }

  const service = {
    async place(memberId: bigint, key: string, input: PlaceBetInput, session: PlaySession = null): Promise<BetView> {
      // A system is stored as parseSystem names it ("02/3" is "2/3"); anything it does not read is BET_SYSTEM.
      let system: string | null = null;
      if (input.type === 'system') {
        const parsed = parseSystem(input.system);
        if (!parsed.ok) throw new AppError('BET_SYSTEM');
        system = parsed.name;
      }
      const lines = betLines(input.type, input.legs.length, system ?? undefined);
      if (!lines.ok) throw new AppError(lines.error === 'system' ? 'BET_SYSTEM' : 'BET_LEGS');
      const sent = input.legs.map((leg) => {
        const odds = parseOdds(leg.odds);
        if (!odds.ok) throw new AppError('ODDS_INVALID');
        return { selectionId: BigInt(leg.selectionId), odds: odds.value };
      });
      if (new Set(sent.map((leg) => leg.selectionId)).size !== sent.length) throw new AppError('BET_SAME_EVENT');
      const paramsHash = sha256(
        JSON.stringify([
          input.type,
          system,
          input.stake.toString(),
          sent.map((leg) => [leg.selectionId.toString(), leg.odds.toString()]),
          input.acceptOdds,
        ]),
      );

      try {
        const [rules, mainId, betsId] = await Promise.all([
          deps.settings.rules(),
          ledger.accountId(db, member(memberId, 'main')),
          ledger.accountId(db, member(memberId, 'bets')),
        ]);
        const ids = sent.map((leg) => leg.selectionId);
        const totalStake = input.stake * BigInt(lines.lines.length);
        /** The legs at their prices now, the odds each is placed at and what the bet may pay; or the refusal. */
        const price = (read: readonly PricedSelection[]) => {
          const legs = orderedLegs(sent, read);
          refuseUnbettable(legs);
          const odds = acceptedOdds(sent, legs, input.acceptOdds);
          const payout = potentialPayout(input.stake, odds, lines.lines);
          const exposure = legExposure(input.stake, odds, lines.lines);
          const limits = rules.limitsFor(legs);
          if (input.stake < limits.minStake) throw new AppError('STAKE_TOO_SMALL');
          if (totalStake > limits.maxStake) throw new AppError('STAKE_TOO_LARGE');
          if (payout > limits.maxPayout) throw new AppError('PAYOUT_LIMIT');
          // Each leg's selection has the cap of its own sport and market type.
          const caps = legs.map((leg) => rules.limitsFor([leg]).maxLiability);
          return { legs, odds, payout, limits, exposure, caps };
        };
        let fresh = false;
        for (let attempt = 1; ; attempt++) {
          let priced: ReturnType<typeof price>;
          try {
            priced = price(await selections(ids, fresh));
          } catch (error) {
            // Refused on cached prices: decide again on the database's.
            if (fresh || !(error instanceof AppError)) throw error;
            fresh = true;
            priced = price(await selections(ids, true));
          }
          const { legs, odds, payout, limits, exposure, caps } = priced;

          // The member's limits are checked against the bet's whole stake (every line of a system bet).
          const placed = await ledger.statement(
            () =>
              deps.gate.staking(ledger, db, { memberId, stake: totalStake, session }, (db) =>
                betsRepository.place(db, {
                  memberId,
                  key,
                  paramsHash,
                  type: input.type,
                  system,
                  stake: input.stake,
                  lineCount: lines.lines.length,
                  potentialPayout: payout,
                  acceptOdds: input.acceptOdds,
                  legs: legs.map((leg, index) => ({
                    selectionId: leg.selectionId,
                    odds: odds[index] as bigint,
                    version: leg.version,
                    eventId: leg.eventId,
                    lineStake: exposure[index]?.stake ?? 0n,
                    linePayout: exposure[index]?.payout ?? 0n,
                    liabilityCap: caps[index] as bigint,
                  })),
                  since: startOfToday(),
                  maxDailyPayout: limits.maxDailyPayout,
                  mainId,
                  betsId,
                  actor: `member:${memberId}`,
                  delayMs: rules.betDelaySeconds(legs.map((leg) => leg.sport)) * 1000,
                }),
              ),
            // The stake leaves the member's main wallet inside the statement: the balance push names them.
            [memberId],
          );
          switch (placed.outcome) {
            case 'created':
              if (placed.decideAt) deps.delay.scheduled(placed.decideAt);
              deps.realtime.publishToMember(memberId, 'bets', {
                id: placed.id.toString(),
                status: placed.decideAt ? 'pending' : 'open',
              });
              if (placed.atCap.length > 0) await suspendAtCap(placed.atCap, legs, caps);
              return toBetView(
                {
                  id: placed.id,
                  type: input.type,
                  system,
                  status: placed.decideAt ? 'pending' : 'open',
                  stake: input.stake,
                  lineCount: lines.lines.length,
                  totalStake,
                  potentialPayout: payout,
                  payout: null,
                  turnover: 0n,
                  settleCount: 0,
                  placedAt: placed.placedAt,
                  settledAt: null,
                  decideAt: placed.decideAt,
                },
                legs.map((leg, index) => ({ ...leg, odds: odds[index] as bigint, outcome: null, result: null })),
                deps.timeZone,
              );
            case 'replayed':
              return betView(memberId, placed.id);
            case 'conflict':
              throw new AppError('IDEMPOTENCY_CONFLICT');
            case 'daily_payout_limit':
              throw new AppError('DAILY_PAYOUT_LIMIT');
            case 'liability_limit':
              await suspendAtCap([placed.selectionId], legs, caps);
              throw new AppError('LIABILITY_LIMIT');
            case 'stale':
              // A price, a market or the event moved since the read: read again and decide on what is there now. A
              // book that keeps moving faster than that is refused with the prices of the last read.
              fresh = true;
              if (attempt >= PRICING_ATTEMPTS) {
                const now = orderedLegs(sent, await selections(ids, true));
                throw new AppError('ODDS_CHANGED', { detail: oddsChanged(now) });
              }
          }
        }
      } catch (error) {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') throw error;
        return unlessPlaced(memberId, key, paramsHash, error);
      }
    },

    async list(memberId: bigint, query: BetsQuery): Promise<BetsPage> {
      const end = parseDateTime(query.endTime, deps.timeZone);
      const page = await betsRepository.page(db, {
        memberId,
        status: query.status,
        start: parseDateTime(query.startTime, deps.timeZone),
        // The end is the last second asked for ("23:59:59"), so everything within that second is still inside.
        end: end ? new Date(end.getTime() + 1000) : null,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      const legs = await legsOf(page.bets);
      return {
        list: page.bets.map((bet) => toBetView(bet, legs.get(bet.id) ?? [], deps.timeZone)),
        total: page.total,
        page: query.page,
        size: query.size,
        totals: {
          stake: formatAmount(page.stake),
          payout: formatAmount(page.payout),
          net: formatAmount(page.payout - page.settledStake),
        },
      };
    },

    async detail(memberId: bigint, id: bigint): Promise<BetDetail> {
      const bet = await betsRepository.bet(db, memberId, id);
      if (!bet) throw new AppError('NOT_FOUND');
      return toBetDetail(bet, (await legsOf([bet])).get(bet.id) ?? [], deps.timeZone);
    },

    async config(memberId: bigint): Promise<SportsConfig> {
      const [rules, preferences] = await Promise.all([deps.settings.rules(), betsRepository.preferences(db, memberId)]);
      return configOf(rules, preferences);
    },

    async savePreferences(
      memberId: bigint,
      change: { oddsFormat?: OddsFormat | undefined; acceptOdds?: AcceptOdds | undefined },
    ): Promise<SportsConfig> {
      const [rules, preferences] = await Promise.all([
        deps.settings.rules(),
        betsRepository.savePreferences(db, memberId, change),
      ]);
      return configOf(rules, preferences);
    },
  };
  return service;
}

function configOf(
  rules: Awaited<ReturnType<SportsSettingsStore['rules']>>,
  preferences: { oddsFormat: string; acceptOdds: AcceptOdds },
): SportsConfig {
  // The slip's own check before sending: the limits that hold whatever the legs (overrides can only tighten them).
  const limits = rules.limitsFor([]);
  return {
    oddsFormat: preferences.oddsFormat as OddsFormat,
    acceptOdds: preferences.acceptOdds,
    minStake: formatAmount(limits.minStake),
    maxStake: formatAmount(limits.maxStake),
    quickStakes: rules.quickStakes.map(formatAmount),
    maxLegs: MAX_BET_LEGS,
  };
}

/** The priced selections in the order of the bet's legs; an id the book does not know is refused. */
function orderedLegs(
  sent: ReadonlyArray<{ selectionId: bigint }>,
  priced: readonly PricedSelection[],
): PricedSelection[] {
  const byId = new Map(priced.map((selection) => [selection.selectionId, selection]));
  const legs = sent.map((leg) => {
    const found = byId.get(leg.selectionId);
    if (!found) throw new AppError('SELECTION_UNKNOWN');
    return found;
  });
  if (new Set(legs.map((leg) => leg.eventId)).size !== legs.length) throw new AppError('BET_SAME_EVENT');
  return legs;
}

/**
 * Whether a leg can be bet on now, as its market status for the slip: a suspended event suspends its markets; a
 * live one trades them in play (held for the delay); one finished, or scheduled but past its start (kick-off not yet
 * reported), closes them.
 */
function bettable(leg: PricedSelection): MarketStatus {
  if (leg.eventStatus === 'suspended') return leg.marketStatus === 'open' ? 'suspended' : leg.marketStatus;
  if (leg.eventStatus === 'live') return leg.marketStatus;
  if (leg.eventStatus !== 'scheduled' || leg.started) return leg.marketStatus === 'open' ? 'closed' : leg.marketStatus;
  return leg.marketStatus;
}

function oddsChanged(legs: readonly PricedSelection[], status = bettable): OddsChangedDetail {
  return {
    legs: legs.map((leg) => ({
      selectionId: leg.selectionId.toString(),
      odds: formatOdds(leg.odds),
      version: leg.version,
      status: status(leg),
    })),
  };
}

/** A closed market anywhere refuses the bet outright; a suspended one may open again (the slip says so). */
function refuseUnbettable(legs: readonly PricedSelection[]): void {
  const statuses = legs.map(bettable);
  if (statuses.some((status) => status !== 'open' && status !== 'suspended')) throw new AppError('MARKET_CLOSED');
  if (statuses.includes('suspended')) throw new AppError('MARKET_SUSPENDED', { detail: oddsChanged(legs) });
}

/**
 * The odds each leg is placed at under the member's policy: `none` only the odds they saw, `higher` the current odds
 * when none is below what they saw, `any` the current odds. Anything else is ODDS_CHANGED with every leg's price now.
 */
function acceptedOdds(
  sent: ReadonlyArray<{ odds: bigint }>,
  legs: readonly PricedSelection[],
  policy: AcceptOdds,
): bigint[] {
  const accepted = legs.every((leg, index) => {
    const seen = (sent[index] as { odds: bigint }).odds;
    return policy === 'any' || (policy === 'higher' ? leg.odds >= seen : leg.odds === seen);
  });
  if (!accepted) throw new AppError('ODDS_CHANGED', { detail: oddsChanged(legs) });
  return legs.map((leg) => leg.odds);
}
