import type { LiveState } from '../book/book.repository';
import {
  basketballDistributions,
  DEFAULT_BASKETBALL_MODEL,
  expectedPoints,
  priceBasketball,
  sampleBasketballResult,
} from '../pricing/basketball';
import {
  DEFAULT_FOOTBALL_LINES,
  DEFAULT_FOOTBALL_MODEL,
  expectedGoals,
  priceFootball,
  sampleFootballResult,
  scoreMatrix,
} from '../pricing/football';
import { basketballInPlayMarkets, footballInPlayMarkets, tennisInPlayMarkets } from '../pricing/in-play';
import { type MarginConfig, type PricedMarket, priceMarkets } from '../pricing/margin';
import { createRandom, driftStep, type Random } from '../pricing/random';
import { priceTennis, sampleTennisResult, serveFromRatings } from '../pricing/tennis';
import type { EventResult, Score } from '../settlement/event-result';
import type { SportsSettingsStore } from '../sports-settings';
import type {
  FeedAdapter,
  FeedBook,
  FeedFixture,
  FeedMarket,
  FeedMarketKey,
  FeedOutcome,
  FeedPrices,
  FeedStatuses,
} from './feed-adapter';
import { SIM_COMPETITIONS, type SimCompetition } from './simulated-teams';

export const SIMULATED_FEED = 'simulated';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

/** How far ahead the schedule reaches: fixtures appear three days before kick-off. */
export const SIM_HORIZON_MS = 3 * DAY;
/** Strengths take one drift step a minute (real time) until kick-off; prices follow. */
export const SIM_DRIFT_INTERVAL_MS = MINUTE;

/** Lines priced either side of the main one when an event is created (these markets are its markets for good). */
const OFFERED_ALTERNATES = 2;
/** Wider when repricing, so a market created around the old main line still has a price after the drift. */
const REPRICE_ALTERNATES = 6;

/** A drift of a sport's strengths: per step, the pull back to the side's level and the noise. */
const DRIFT = {
  football: { reversion: 0.05, volatility: 0.012 },
  basketball: { reversion: 0.05, volatility: 0.3 },
  tennis: { reversion: 0.05, volatility: 0.0025 },
} as const;

/** Simulated minutes from kick-off to the final whistle, breaks included. */
const FOOTBALL_MINUTES = 105;
const BASKETBALL_MINUTES = 135;
/** A tennis game, changeovers included. */
const TENNIS_GAME_MINUTES = 4;
/**
 * After a goal (football), a run of points (basketball: a quarter's end) or a set (tennis), every market of the match
 * is suspended for this long (real time), longer than any bet delay: a bet placed at the price before the moment
 * finds its market suspended when its delay ends and is refused.
 */
export const SIM_DANGER_SUSPEND_MS = 8_000;

export type SimEvent = {
  ref: string;
  competition: SimCompetition;
  home: number;
  away: number;
  homeName: string;
  awayName: string;
  startAt: Date;
};

type Drift = { step: number; values: number[]; random: Random };

function stationarySd({ reversion, volatility }: { reversion: number; volatility: number }): number {
  return volatility / Math.sqrt(1 - (1 - reversion) ** 2);
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
}

/** Minutes, a goal at a time, for `count` goals spread over [from, to]. */
function goalMinutes(count: number, from: number, to: number, random: Random): number[] {
  return Array.from({ length: count }, () => from + random.int(to - from + 1)).sort((a, b) => a - b);
}

/**
 * Who won each game of a set, spread as evenly as the score allows and ending with the winner's game, so the set is
 * never decided early on screen (6-4 passes 5-4; 7-6 passes 6-6).
 */
function setGames(set: Score): Array<'home' | 'away'> {
  const winner = set.home > set.away ? 'home' : 'away';
  const loser = winner === 'home' ? 'away' : 'home';
  const won = Math.max(set.home, set.away);
  const total = set.home + set.away;
  return Array.from({ length: total }, (_, k) =>
    Math.floor(((k + 1) * won) / total) > Math.floor((k * won) / total) ? winner : loser,
  );
}

/**
 * The simulated feed's world as pure functions of the seed and the time: the schedule (which sides meet when), every
 * side's strengths at each drift step, the prices they give, the result (drawn from the strengths at kick-off) and the
 * match as it runs. The same seed gives the same fixtures, prices and results on every run, and after a restart.
 */
export function createSimulatedWorld(options: {
  seed: string;
  speed: number;
  competitions?: readonly SimCompetition[];
}) {
  const competitions = options.competitions ?? SIM_COMPETITIONS;
  const byRef = new Map(competitions.map((competition) => [competition.ref, competition]));
  // Refs carry a tag of the seed: another seed's events are never mistaken for this one's.
  const tag = createRandom(`tag:${options.seed}`)
    .int(2 ** 30)
    .toString(36);
  const drifts = new Map<string, Drift>();
  const results = new Map<string, EventResult>();
  const kickoffStep = Math.floor(SIM_HORIZON_MS / SIM_DRIFT_INTERVAL_MS);

  function sides(competition: SimCompetition) {
    return competition.sport === 'tennis' ? competition.players : competition.teams;
  }

  function eventAt(competition: SimCompetition, dayMs: number, slot: number): SimEvent {
    const day = utcDay(dayMs);
    // Each day a fresh draw of who plays whom: the k-th slot takes the k-th pair of the shuffled sides.
    const random = createRandom(`${options.seed}:${competition.ref}:${day}`);
    const order = sides(competition).map((_, index) => index);
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const home = order[2 * slot]!;
    const away = order[2 * slot + 1]!;
    return {
      ref: `${tag}.${competition.ref}.${day}.${slot}`,
      competition,
      home,
      away,
      homeName: sides(competition)[home]!.name,
      awayName: sides(competition)[away]!.name,
      startAt: new Date(dayMs + (competition.slots[slot] ?? 0) * MINUTE),
    };
  }

  /** The strengths the drift starts from and returns to: [home..., away...] in the sport model's terms. */
  function anchors(event: SimEvent): number[] {
    const competition = event.competition;
    if (competition.sport === 'tennis')
      return [competition.players[event.home]!.rating, competition.players[event.away]!.rating];
    if (competition.sport === 'football') {
      const home = competition.teams[event.home]!;
      const away = competition.teams[event.away]!;
      return [home.attack, home.defence, away.attack, away.defence];
    }
    const home = competition.teams[event.home]!;
    const away = competition.teams[event.away]!;
    return [home.offence, home.defence, away.offence, away.defence];
  }

  function startDrift(event: SimEvent): Drift {
    const random = createRandom(`${options.seed}:${event.ref}:drift`);
    const sd = stationarySd(DRIFT[event.competition.sport]);
    // The match's own form: each strength starts somewhere around the side's level.
    return { step: 0, values: anchors(event).map((anchor) => anchor + sd * random.normal()), random };
  }

  function advance(event: SimEvent, drift: Drift, step: number): Drift {
    const anchor = anchors(event);
    while (drift.step < step) {
      drift.values = drift.values.map((value, i) =>
        driftStep(value, anchor[i]!, drift.random, DRIFT[event.competition.sport]),
      );
      drift.step++;
    }
    return drift;
  }

  /** The sport's model for the event's competition, and the two sides as it reads them from these strengths. */
  function match(event: SimEvent, values: number[]) {
    const competition = event.competition;
    if (competition.sport === 'football')
      return {
        sport: 'football',
        model: { ...DEFAULT_FOOTBALL_MODEL, baseGoals: competition.baseGoals },
        home: { attack: values[0]!, defence: values[1]! },
        away: { attack: values[2]!, defence: values[3]! },
      } as const;
    if (competition.sport === 'basketball')
      return {
        sport: 'basketball',
        model: { ...DEFAULT_BASKETBALL_MODEL, leaguePoints: competition.leaguePoints },
        home: { offence: values[0]!, defence: values[1]! },
        away: { offence: values[2]!, defence: values[3]! },
      } as const;
    return { sport: 'tennis', serve: serveFromRatings(values[0]!, values[1]!), bestOf: competition.bestOf } as const;
  }

  function priceWith(event: SimEvent, values: number[], margin: MarginConfig, alternates: number): PricedMarket[] {
    const sides = match(event, values);
    if (sides.sport === 'football')
      return priceFootball(sides.home, sides.away, {
        model: sides.model,
        margin,
        lines: { ...DEFAULT_FOOTBALL_LINES, alternates },
      });
    if (sides.sport === 'basketball')
      return priceBasketball(sides.home, sides.away, { model: sides.model, margin, lines: { alternates } });
    return priceTennis(sides.serve, sides.bestOf, { margin, lines: { alternates } });
  }

  const world = {
    tag,
    competitions,

    /** The drift step at `now`: minutes since the fixture appeared, frozen at kick-off. */
    stepAt(event: SimEvent, now: Date): number {
      const appeared = event.startAt.getTime() - SIM_HORIZON_MS;
      return Math.min(kickoffStep, Math.max(0, Math.floor((now.getTime() - appeared) / SIM_DRIFT_INTERVAL_MS)));
    },

    /** Events kicking off in (from, to], soonest first. */
    schedule(from: Date, to: Date): SimEvent[] {
      const events: SimEvent[] = [];
      for (let day = Math.floor(from.getTime() / DAY) * DAY; day <= to.getTime(); day += DAY) {
        for (const competition of competitions) {
          for (let slot = 0; slot < competition.slots.length; slot++) {
            const event = eventAt(competition, day, slot);
            if (event.startAt > from && event.startAt <= to) events.push(event);
          }
        }
      }
      return events.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.ref.localeCompare(b.ref));
    },

    /** The event a ref names, or null when it is not one of this seed's. */
    event(ref: string): SimEvent | null {
      const [refTag, competitionRef, day, slotText] = ref.split('.');
      const competition = byRef.get(competitionRef ?? '');
      const slot = Number(slotText);
      if (refTag !== tag || !competition || !/^\d{8}$/.test(day ?? '') || !Number.isInteger(slot)) return null;
      if (slot < 0 || slot >= competition.slots.length) return null;
      const dayMs = Date.UTC(Number(day!.slice(0, 4)), Number(day!.slice(4, 6)) - 1, Number(day!.slice(6, 8)));
      const event = eventAt(competition, dayMs, slot);
      return event.ref === ref ? event : null;
    },

    /** Strengths after `step` drift steps (kept per event, so moving on a step costs one step). */
    strengths(event: SimEvent, step: number): number[] {
      let drift = drifts.get(event.ref);
      if (!drift || drift.step > step) drift = startDrift(event);
      drifts.set(event.ref, advance(event, drift, step));
      return [...drift.values];
    },

    /** Every market of the event priced from the strengths at `step`, with the margin given. */
    price(event: SimEvent, step: number, margin: MarginConfig, alternates = OFFERED_ALTERNATES): PricedMarket[] {
      return priceWith(event, world.strengths(event, step), margin, alternates);
    },

    /**
     * Every market of the event priced in play at `elapsed` simulated minutes: from the strengths it kicked off with
     * and the match so far (pricing/in-play.ts). Markets the model does not price in play are absent (suspended).
     */
    priceInPlay(
      event: SimEvent,
      elapsed: number,
      margin: MarginConfig,
      alternates = REPRICE_ALTERNATES,
    ): PricedMarket[] {
      const sides = match(event, world.strengths(event, kickoffStep));
      const live = world.liveAt(event, elapsed);
      const score = { home: live.home, away: live.away };
      if (sides.sport === 'football') {
        const goals = expectedGoals(sides.home, sides.away, sides.model);
        const state = { score, minute: live.minute ?? 0, halfTime: elapsed >= 45 };
        const lines = { ...DEFAULT_FOOTBALL_LINES, alternates };
        return priceMarkets(footballInPlayMarkets(goals, sides.model, state, lines), margin);
      }
      if (sides.sport === 'basketball') {
        const points = expectedPoints(sides.home, sides.away, sides.model);
        const state = { score, played: (live.minute ?? 0) / 48, halfTime: elapsed >= 60 };
        return priceMarkets(basketballInPlayMarkets(points, sides.model, state, { alternates }), margin);
      }
      return priceMarkets(tennisInPlayMarkets(sides.serve, sides.bestOf, score), margin);
    },

    /**
     * The markets an event is offered with: its lines around the sides' own levels (no form, no drift), so the same on
     * every run and after a restart. Its prices then move with the drift; a line the drift takes too far from the
     * main one loses its price for a while (the feed suspends it).
     */
    offered(event: SimEvent, margin: MarginConfig): FeedMarketKey[] {
      return priceWith(event, anchors(event), margin, OFFERED_ALTERNATES).map(({ type, period, line }) => ({
        type,
        period,
        line,
      }));
    },
    /** The result, drawn once from the strengths at kick-off. */
    result(event: SimEvent): EventResult {
      const known = results.get(event.ref);
      if (known) return known;
      // A walk of its own: the one kept for prices may be needed again at an earlier step.
      const values = advance(event, startDrift(event), kickoffStep).values;
      const random = createRandom(`${options.seed}:${event.ref}:result`);
      const sides = match(event, values);
      let result: EventResult;
      if (sides.sport === 'football') {
        const matrix = scoreMatrix(expectedGoals(sides.home, sides.away, sides.model), sides.model);
        result = sampleFootballResult(matrix, sides.model.firstHalfShare, random);
      } else if (sides.sport === 'basketball') {
        result = sampleBasketballResult(basketballDistributions(sides.home, sides.away, sides.model), random);
      } else {
        result = sampleTennisResult(sides.serve, sides.bestOf, random);
      }
      results.set(event.ref, result);
      return result;
    },

    /** Simulated minutes from kick-off to the end. */
    duration(event: SimEvent): number {
      const result = world.result(event);
      if (result.sport === 'tennis') {
        return result.sets.reduce((games, set) => games + set.home + set.away, 0) * TENNIS_GAME_MINUTES;
      }
      return result.sport === 'football' ? FOOTBALL_MINUTES : BASKETBALL_MINUTES;
    },

    /** Simulated minutes played at `now` (the match clock runs `speed` times real time). */
    elapsed(event: SimEvent, now: Date): number {
      return ((now.getTime() - event.startAt.getTime()) * options.speed) / MINUTE;
    },

    /** The match at `elapsed` simulated minutes after kick-off: the score so far, the clock, half time or sets. */
    liveAt(event: SimEvent, elapsed: number): LiveState {
      const result = world.result(event);
      if (result.sport === 'tennis') {
        let games = Math.floor(elapsed / TENNIS_GAME_MINUTES);
        const sets: Score[] = [];
        const won = { home: 0, away: 0 };
        for (const set of result.sets) {
          const sequence = setGames(set);
          if (games >= sequence.length) {
            sets.push({ ...set });
            won[set.home > set.away ? 'home' : 'away']++;
            games -= sequence.length;
            continue;
          }
          if (games > 0) {
            const played = sequence.slice(0, games);
            sets.push({
              home: played.filter((side) => side === 'home').length,
              away: played.filter((side) => side === 'away').length,
            });
          }
          break;
        }
        return { ...won, sets };
      }
      const ht = result.ht ?? { home: 0, away: 0 };
      if (result.sport === 'football') {
        const random = createRandom(`${options.seed}:${event.ref}:timeline`);
        const home = [...goalMinutes(ht.home, 1, 45, random), ...goalMinutes(result.ft.home - ht.home, 46, 90, random)];
        const away = [...goalMinutes(ht.away, 1, 45, random), ...goalMinutes(result.ft.away - ht.away, 46, 90, random)];
        const minute =
          elapsed < 45 ? Math.floor(elapsed) : elapsed < 60 ? 45 : Math.min(90, 45 + Math.floor(elapsed - 60));
        const scored = (minutes: number[]) =>
          minutes.filter((at) => at <= minute || (elapsed >= 45 && at <= 45)).length;
        return { home: scored(home), away: scored(away), minute, ...(elapsed >= 45 ? { ht: { ...ht } } : {}) };
      }
      // Basketball: points come at an even pace through each half (60 simulated minutes each, 15 between).
      if (elapsed < 60) {
        const share = elapsed / 60;
        return { home: Math.floor(ht.home * share), away: Math.floor(ht.away * share), minute: Math.floor(24 * share) };
      }
      if (elapsed < 75) return { home: ht.home, away: ht.away, minute: 24, ht: { ...ht } };
      const share = Math.min(1, (elapsed - 75) / 60);
      return {
        home: ht.home + Math.floor((result.ft.home - ht.home) * share),
        away: ht.away + Math.floor((result.ft.away - ht.away) * share),
        minute: 24 + Math.floor(24 * share),
        ht: { ...ht },
      };
    },

    /** Forgets what it computed for events that are over (the maps would otherwise grow for as long as it runs). */
    forget(ref: string) {
      drifts.delete(ref);
      results.delete(ref);
    },
  };
  return world;
}

export type SimulatedWorld = ReturnType<typeof createSimulatedWorld>;

/** Simulated minutes after kick-off when the first half is over (its markets close). */
function halfTimeAt(event: SimEvent): number {
  const sport = event.competition.sport;
  return sport === 'football' ? 45 : sport === 'basketball' ? 60 : Number.POSITIVE_INFINITY;
}

/**
 * The moments a book stops trading a match for: a goal; in basketball the end of the first half; in tennis the end
 * of a set.
 */
function dangerous(event: SimEvent, before: LiveState, now: LiveState): boolean {
  const sport = event.competition.sport;
  if (sport === 'football') return before.home !== now.home || before.away !== now.away;
  if (sport === 'basketball') return before.ht === undefined && now.ht !== undefined;
  return before.home !== now.home || before.away !== now.away;
}

function marketOfKey(key: string): FeedMarketKey {
  const [type, period, line] = key.split('|') as [FeedMarket['type'], FeedMarket['period'], string];
  return { type, period, line: line === '' ? null : Number(line) };
}

const keyOf = (market: FeedMarketKey) => `${market.type}|${market.period}|${market.line ?? ''}`;

function toFeedMarket(market: PricedMarket): FeedMarket {
  return {
    type: market.type,
    period: market.period,
    line: market.line,
    selections: market.selections.map((selection) => ({ side: selection.side, odds: selection.odds })),
  };
}

export type SimulatedFeedOptions = {
  seed: string;
  /** Simulated seconds per real second inside a match. */
  speed: number;
  settings: SportsSettingsStore;
  competitions?: readonly SimCompetition[];
  /** Most events created or repriced in one poll, and the time one poll may spend pricing (ms). */
  batch?: number;
  budgetMs?: number;
  /** The clock the time budget is measured with (tests pass a fake one for the feed's own `now`). */
  timer?: () => number;
};

/**
 * The feed demo mode runs: the simulated world as a FeedAdapter. Its state lives in the book (what it created, what is
 * live) and in the seed; what it keeps in memory (the last prices and scores it sent) only saves writes, so a restart
 * sends everything once more and the book, keyed by feed refs, changes nothing that had not changed.
 */
export function createSimulatedFeed(options: SimulatedFeedOptions): FeedAdapter & { world: SimulatedWorld } {
  const world = createSimulatedWorld(options);
  const batch = options.batch ?? 40;
  const budgetMs = options.budgetMs ?? 50;
  const timer = options.timer ?? (() => performance.now());
  let competitionsSent = false;
  /** Per event: the drift step its prices were last sent at, the markets it was created with and which are priced. */
  const sentStep = new Map<string, number>();
  const offered = new Map<string, Set<string>>();
  const priced = new Map<string, Set<string>>();
  const sentLive = new Map<string, string>();
  /** In play: the match state each event was last priced at, and until when a dangerous moment suspends it. */
  const pricedLive = new Map<string, string>();
  const dangerUntil = new Map<string, number>();
  const halfClosed = new Set<string>();
  const cancelled = new Set<string>();
  let pendingMarketStatuses: FeedStatuses['markets'] = [];

  async function margin(): Promise<MarginConfig> {
    const rules = await options.settings.rules();
    return { overround: rules.margin.overround, byType: { cs: rules.margin.correctScore }, method: 'power' };
  }

  /** The markets the event is offered with (see world.offered). */
  function offeredKeys(event: SimEvent, config: MarginConfig): Set<string> {
    let keys = offered.get(event.ref);
    if (!keys) {
      keys = new Set(world.offered(event, config).map(keyOf));
      offered.set(event.ref, keys);
    }
    return keys;
  }

  /** The event's markets at this step, limited to those it is offered with; notes which ones lost their price. */
  function marketsAt(event: SimEvent, step: number, config: MarginConfig): FeedMarket[] {
    return offeredOf(event, world.price(event, step, config, REPRICE_ALTERNATES), config);
  }

  /** Of these prices, the event's offered markets; notes which ones lost or regained their price. */
  function offeredOf(event: SimEvent, prices: PricedMarket[], config: MarginConfig): FeedMarket[] {
    const keys = offeredKeys(event, config);
    const markets = prices.filter((market) => keys.has(keyOf(market))).map(toFeedMarket);
    const now = new Set(markets.map(keyOf));
    const before = priced.get(event.ref);
    for (const key of keys) {
      const market = marketOfKey(key);
      // A market whose price fell out of the model (a long drift, a price under 1.01) is suspended until it is back.
      if (!now.has(key) && (before === undefined || before.has(key))) {
        pendingMarketStatuses.push({ event: event.ref, market, status: 'suspended' });
      } else if (now.has(key) && before !== undefined && !before.has(key)) {
        pendingMarketStatuses.push({ event: event.ref, market, status: 'open' });
      }
    }
    priced.set(event.ref, now);
    return markets;
  }

  function ours(book: FeedBook) {
    return [...book.events.values()].flatMap((state) => {
      const event = world.event(state.ref);
      return event ? [{ state, event }] : [];
    });
  }

  return {
    name: SIMULATED_FEED,
    world,

    async fixtures(now: Date, book: FeedBook) {
      const competitions = competitionsSent
        ? []
        : world.competitions.map((competition, sort) => ({
            ref: competition.ref,
            sport: competition.sport,
            name: competition.name,
            sort,
          }));
      competitionsSent = true;
      const config = await margin();
      const started = timer();
      const events: FeedFixture[] = [];
      let more = false;
      for (const event of world.schedule(now, new Date(now.getTime() + SIM_HORIZON_MS))) {
        if (book.events.has(event.ref)) continue;
        if (events.length >= batch || (events.length > 0 && timer() - started > budgetMs)) {
          more = true;
          break;
        }
        const step = world.stepAt(event, now);
        events.push({
          ref: event.ref,
          competition: event.competition.ref,
          home: event.homeName,
          away: event.awayName,
          startAt: event.startAt,
          markets: marketsAt(event, step, config),
        });
        sentStep.set(event.ref, step);
      }
      return { competitions, events, more };
    },

    async prices(now: Date, book: FeedBook) {
      const config = await margin();
      const started = timer();
      const due = ours(book)
        .filter(({ state, event }) => state.status === 'scheduled' && event.startAt > now)
        .filter(({ event }) => sentStep.get(event.ref) !== world.stepAt(event, now))
        .sort((a, b) => a.event.startAt.getTime() - b.event.startAt.getTime());
      const prices: FeedPrices[] = [];
      // In play first: a live price that lags the match is the book's risk, a pre-match one a minute old is not.
      for (const { state, event } of ours(book)) {
        if (state.status !== 'live' || event.startAt > now) continue;
        const elapsed = world.elapsed(event, now);
        if (elapsed >= world.duration(event)) continue;
        if (elapsed >= halfTimeAt(event) && !halfClosed.has(event.ref)) {
          halfClosed.add(event.ref);
          for (const market of [...offeredKeys(event, config)].map(marketOfKey))
            if (market.period === '1h') pendingMarketStatuses.push({ event: event.ref, market, status: 'closed' });
        }
        const until = dangerUntil.get(event.ref);
        if (until !== undefined && now.getTime() < until) continue;
        const live = JSON.stringify(world.liveAt(event, elapsed));
        if (until === undefined && pricedLive.get(event.ref) === live) continue;
        if (until !== undefined) {
          // The moment has passed: every market the model prices now opens again at its new price.
          dangerUntil.delete(event.ref);
          priced.set(event.ref, new Set());
        }
        pricedLive.set(event.ref, live);
        prices.push({ event: event.ref, markets: offeredOf(event, world.priceInPlay(event, elapsed, config), config) });
      }
      for (const { event } of due) {
        if (prices.length >= batch || (prices.length > 0 && timer() - started > budgetMs)) break;
        const step = world.stepAt(event, now);
        prices.push({ event: event.ref, markets: marketsAt(event, step, config) });
        sentStep.set(event.ref, step);
      }
      return prices;
    },

    async statuses(now: Date, book: FeedBook) {
      const events: FeedStatuses['events'] = [];
      for (const { state, event } of ours(book)) {
        if (event.startAt > now || !['scheduled', 'live', 'suspended'].includes(state.status)) continue;
        const elapsed = world.elapsed(event, now);
        if (elapsed >= world.duration(event)) continue;
        const live = world.liveAt(event, elapsed);
        const text = JSON.stringify(live);
        if (sentLive.get(event.ref) === text && state.status !== 'scheduled') continue;
        const before = sentLive.get(event.ref);
        sentLive.set(event.ref, text);
        if (before !== undefined && dangerous(event, JSON.parse(before) as LiveState, live)) {
          dangerUntil.set(event.ref, now.getTime() + SIM_DANGER_SUSPEND_MS);
          for (const market of [...offeredKeys(event, await margin())].map(marketOfKey)) {
            if (market.period === '1h' && halfClosed.has(event.ref)) continue;
            pendingMarketStatuses.push({ event: event.ref, market, status: 'suspended' });
          }
        }
        // An operator's suspension of a live event stands: the feed only reports kick-off and the score.
        events.push({ event: event.ref, status: state.status === 'suspended' ? 'suspended' : 'live', live });
      }
      const markets = pendingMarketStatuses;
      pendingMarketStatuses = [];
      return { events, markets };
    },

    async results(now: Date, book: FeedBook) {
      const outcomes: FeedOutcome[] = [];
      for (const state of book.events.values()) {
        if (state.status === 'cancelled') continue;
        const event = world.event(state.ref);
        if (!event) {
          // Another seed's event, or one this version no longer schedules: nobody would ever price or settle it.
          if (!cancelled.has(state.ref)) {
            cancelled.add(state.ref);
            outcomes.push({ kind: 'cancel', event: state.ref, reason: 'simulated feed: event unknown to this seed' });
          }
          continue;
        }
        if (event.startAt > now || world.elapsed(event, now) < world.duration(event)) continue;
        outcomes.push({ kind: 'result', event: event.ref, result: world.result(event) });
        for (const memory of [sentStep, offered, priced, sentLive, pricedLive, dangerUntil]) memory.delete(event.ref);
        halfClosed.delete(event.ref);
        world.forget(event.ref);
      }
      return outcomes;
    },
  };
}
