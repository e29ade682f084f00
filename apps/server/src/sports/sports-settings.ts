import { type MarketType, rolesOf, type Sport } from '@jinb/contract';
import { type SportsLimits, type SportsSettings, sportsSettings } from '@jinb/contract/sports';
import { formatAmount, parseAmount } from '@jinb/money';
import { formatOdds, parseOdds } from '@jinb/odds';
import { eq } from 'drizzle-orm';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database, Executor } from '../db/database';
import { settings } from '../db/schema';
import { AppError } from '../shared/app-error';
import type { InvalidationBus } from '../shared/invalidation-bus';

/** The row of the `settings` table the book's operator settings live in. */
export const SPORTS_SETTINGS_KEY = 'sports';

export const DEFAULT_SPORTS_SETTINGS: SportsSettings = {
  limits: {
    minStake: '10.0000',
    maxStake: '50000.0000',
    maxPayout: '500000.0000',
    maxDailyPayout: '2000000.0000',
    maxLiability: '1000000.0000',
  },
  bySport: {},
  byMarketType: {},
  minTurnoverOdds: '1.50',
  margin: { overround: 0.05, correctScore: 0.15 },
  quickStakes: ['50.0000', '100.0000', '500.0000', '1000.0000'],
  inPlay: { betDelay: {} },
  cashout: { enabled: true, offSports: [], offMarketTypes: [], margin: 0.05, tolerance: 0.02 },
};

/** Seconds an in-play bet is held when the operators set nothing for its sport. */
export const DEFAULT_BET_DELAY_SECONDS = 5;

/**
 * Stake and payout bounds as scale-4 integers. `maxLiability` caps one selection's liability (the potential payout
 * beyond the stakes of the open bet lines it is part of): a bet that would pass it is refused and its market
 * suspended for the trader.
 */
export type Limits = {
  minStake: bigint;
  maxStake: bigint;
  maxPayout: bigint;
  maxDailyPayout: bigint;
  maxLiability: bigint;
};

export type SportsRules = {
  raw: SportsSettings;
  /** The tightest of the default limits and each leg's sport and market type overrides. */
  limitsFor(legs: ReadonlyArray<{ sport: Sport; type: MarketType }>): Limits;
  /** Scale 4: a line below these combined odds adds no valid turnover. */
  minTurnoverOdds: bigint;
  margin: { overround: number; correctScore: number };
  quickStakes: bigint[];
  /** Seconds an in-play bet on these legs is held: the longest of their sports' delays. */
  betDelaySeconds(sports: readonly Sport[]): number;
  cashout: NonNullable<SportsSettings['cashout']>;
};

const LIMIT_NAMES = ['minStake', 'maxStake', 'maxPayout', 'maxDailyPayout', 'maxLiability'] as const;

function amount(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.value < 0n) throw new AppError('VALIDATION');
  return parsed.value;
}

function partialLimits(override: Partial<SportsLimits> | undefined): Partial<Limits> {
  const limits: Partial<Limits> = {};
  for (const name of LIMIT_NAMES) {
    const text = override?.[name];
    if (text !== undefined) limits[name] = amount(text);
  }
  return limits;
}

function assertCoherent(limits: Limits): void {
  if (limits.minStake <= 0n || limits.maxStake < limits.minStake) throw new AppError('VALIDATION');
  if (limits.maxPayout < limits.minStake || limits.maxDailyPayout < limits.maxPayout) throw new AppError('VALIDATION');
  if (limits.maxLiability <= 0n) throw new AppError('VALIDATION');
}

/**
 * Settings as integers, checked: amounts parse, the default limits hold together (each override may only be read with
 * them, so an override alone is just parsed), odds are odds. Throws VALIDATION otherwise.
 */
export function toSportsRules(raw: SportsSettings): SportsRules {
  const defaults: Limits = {
    minStake: amount(raw.limits.minStake),
    maxStake: amount(raw.limits.maxStake),
    maxPayout: amount(raw.limits.maxPayout),
    maxDailyPayout: amount(raw.limits.maxDailyPayout),
    // Settings saved before the cap existed have none: they get the default one.
    maxLiability: amount(raw.limits.maxLiability ?? (DEFAULT_SPORTS_SETTINGS.limits.maxLiability as string)),
  };
  assertCoherent(defaults);
  const bySport = new Map<string, Partial<Limits>>(
    Object.entries(raw.bySport).map(([sport, override]) => [sport, partialLimits(override)]),
  );
  const byType = new Map<string, Partial<Limits>>(
    Object.entries(raw.byMarketType).map(([type, override]) => [type, partialLimits(override)]),
  );
  const minTurnoverOdds = parseOdds(raw.minTurnoverOdds);
  if (!minTurnoverOdds.ok) throw new AppError('VALIDATION');
  const quickStakes = raw.quickStakes.map(amount);
  if (quickStakes.some((stake) => stake <= 0n)) throw new AppError('VALIDATION');
  const cashout = raw.cashout ?? (DEFAULT_SPORTS_SETTINGS.cashout as NonNullable<SportsSettings['cashout']>);
  // Cash out prices in whole basis points (exact integers): a finer fraction would be rounded where members are paid.
  for (const fraction of [cashout.margin, cashout.tolerance])
    if (Math.abs(fraction * 10_000 - Math.round(fraction * 10_000)) > 1e-6) throw new AppError('VALIDATION');
  return {
    raw,
    limitsFor(legs) {
      const limits = { ...defaults };
      const tighten = (override: Partial<Limits> | undefined) => {
        if (!override) return;
        // The tightest: the highest minimum, the lowest of every maximum.
        if (override.minStake !== undefined && override.minStake > limits.minStake) limits.minStake = override.minStake;
        for (const name of ['maxStake', 'maxPayout', 'maxDailyPayout', 'maxLiability'] as const) {
          const value = override[name];
          if (value !== undefined && value < limits[name]) limits[name] = value;
        }
      };
      for (const leg of legs) {
        tighten(bySport.get(leg.sport));
        tighten(byType.get(leg.type));
      }
      return limits;
    },
    minTurnoverOdds: minTurnoverOdds.value,
    margin: { ...raw.margin },
    quickStakes,
    betDelaySeconds(sports) {
      const delays = raw.inPlay?.betDelay ?? {};
      return Math.max(0, ...sports.map((sport) => delays[sport] ?? DEFAULT_BET_DELAY_SECONDS));
    },
    cashout,
  };
}

/** The stored form: every amount at scale 4 and the odds as the wire writes them, so reads compare equal. */
function normalise(raw: SportsSettings): SportsSettings {
  const limits = (override: Partial<SportsLimits> | undefined) =>
    Object.fromEntries(
      LIMIT_NAMES.flatMap((name) => {
        const text = override?.[name];
        return text === undefined ? [] : [[name, formatAmount(amount(text))]];
      }),
    );
  const minTurnoverOdds = parseOdds(raw.minTurnoverOdds);
  if (!minTurnoverOdds.ok) throw new AppError('VALIDATION');
  return {
    limits: limits(raw.limits) as SportsLimits,
    bySport: Object.fromEntries(Object.entries(raw.bySport).map(([key, value]) => [key, limits(value)])),
    byMarketType: Object.fromEntries(Object.entries(raw.byMarketType).map(([key, value]) => [key, limits(value)])),
    minTurnoverOdds: formatOdds(minTurnoverOdds.value),
    margin: { overround: raw.margin.overround, correctScore: raw.margin.correctScore },
    quickStakes: raw.quickStakes.map((stake) => formatAmount(amount(stake))),
    inPlay: { betDelay: { ...(raw.inPlay?.betDelay ?? {}) } },
    cashout: { ...(raw.cashout ?? (DEFAULT_SPORTS_SETTINGS.cashout as NonNullable<SportsSettings['cashout']>)) },
  };
}

async function loadRaw(db: Executor): Promise<SportsSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SPORTS_SETTINGS_KEY)).limit(1);
  if (!row) return DEFAULT_SPORTS_SETTINGS;
  // A stored value written before a field existed keeps the default for it.
  const parsed = sportsSettings.safeParse({ ...DEFAULT_SPORTS_SETTINGS, ...(row.value as object) });
  return parsed.success ? parsed.data : DEFAULT_SPORTS_SETTINGS;
}

/** How long a process may use rules it was not told have changed (a lost Redis message). */
const RULES_TTL_MS = 30_000;

/** Who may trade the book and change its limits and margin: the trading desk (operator-access.ts). */
export const SPORTS_TRADERS = rolesOf('trading');

export type SportsSettingsStore = ReturnType<typeof createSportsSettings>;

/**
 * The book's operator settings (limits, turnover odds, margin, quick stakes), kept in the process and dropped on every
 * process through the invalidation bus when an operator saves new ones: placement reads them on every bet.
 */
export function createSportsSettings(db: Database, bus: InvalidationBus) {
  let cached: { rules: Promise<SportsRules>; at: number } | undefined;
  bus.subscribe((message) => {
    if (message.kind === 'settings' && message.key === SPORTS_SETTINGS_KEY) cached = undefined;
  });
  return {
    rules(): Promise<SportsRules> {
      if (cached && Date.now() - cached.at < RULES_TTL_MS) return cached.rules;
      const rules = loadRaw(db).then(toSportsRules);
      const entry = { rules, at: Date.now() };
      cached = entry;
      // A failed read is not remembered.
      rules.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return rules;
    },

    raw(): Promise<SportsSettings> {
      return loadRaw(db);
    },

    async save(actor: OperatorActor, next: SportsSettings): Promise<SportsSettings> {
      assertRole(actor, SPORTS_TRADERS);
      const value = normalise(next);
      toSportsRules(value);
      await db.transaction(async (tx) => {
        await tx
          .insert(settings)
          .values({ key: SPORTS_SETTINGS_KEY, value })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
        await auditIn(tx, actor, 'sports.settings', SPORTS_SETTINGS_KEY, value);
      });
      cached = undefined;
      await bus.publish({ kind: 'settings', key: SPORTS_SETTINGS_KEY });
      return value;
    },
  };
}
