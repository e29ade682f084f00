import { type BetType, MAX_BET_LEGS } from '@jinb/contract';
import {
  betLines,
  linePotentialPayout,
  NAMED_SYSTEMS,
  type NamedSystem,
  type Odds,
  parseOdds,
  parseSystem,
  potentialPayout,
  systemLineCount,
} from '@jinb/odds';

/**
 * The slip's arithmetic, all from @jinb/odds so the payout shown as the member types is to the 0.0001 what the book
 * answers: stake per line, lines from betLines, each line's potential payout truncated on its own.
 */

/** Cents at scale 4: a stake has at most 2 decimals (the book refuses more). */
const CENT = 100n;
const UNIT = 10_000n;

/** A system bet needs a leg more than its largest line, or it is a parlay: 3 legs at least. */
export const MIN_SYSTEM_LEGS = 3;

/** Scale-4 units of a typed stake; null for nothing or zero. */
export function stakeUnits(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const units = BigInt(match[1] ?? '0') * UNIT + BigInt((match[2] ?? '').padEnd(2, '0')) * CENT;
  return units > 0n ? units : null;
}

/** The stake as the book takes it: at most 2 decimals ("10", "10.50"), never "10.0000", which it refuses. */
export function stakeWire(units: bigint): string {
  const whole = units / UNIT;
  const cents = (units % UNIT) / CENT;
  return cents === 0n ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** What a named system is called in the slip (`trixie`), or a k/n system ("2/3"). */
export type SystemKey = NamedSystem | `${number}/${number}`;

/**
 * The system bets the slip offers for this many legs: every k/n short of the parlay (2/3; 2/4, 3/4 ...), then the
 * named full covers of exactly that many legs (Trixie, Patent; Yankee, Lucky 15 ...).
 */
export function systemsFor(legCount: number): SystemKey[] {
  if (legCount < MIN_SYSTEM_LEGS || legCount > MAX_BET_LEGS) return [];
  const sized: SystemKey[] = [];
  for (let size = 2; size < legCount; size++) sized.push(`${size}/${legCount}`);
  const named = (Object.keys(NAMED_SYSTEMS) as NamedSystem[]).filter((name) => NAMED_SYSTEMS[name].legs === legCount);
  return [...sized, ...named];
}

/** How many lines a system has: 2/3 is 3, a Trixie 4, a Yankee 11. */
export function systemLines(system: SystemKey): number {
  const spec = parseSystem(system);
  return spec.ok ? systemLineCount(spec.value) : 0;
}

export type SystemLabel = { kind: 'sized'; size: number } | { kind: 'named'; name: NamedSystem };

export function systemLabelOf(system: SystemKey): SystemLabel {
  const match = /^(\d+)\/\d+$/.exec(system);
  return match ? { kind: 'sized', size: Number(match[1]) } : { kind: 'named', name: system as NamedSystem };
}

/** The slip's tabs: singles (one bet per pick), one parlay of every pick, or a system over them. */
export type SlipTab = BetType;

export type Quote = {
  /** Bets sent: each single is a bet of its own; a parlay or a system is one. */
  bets: number;
  lines: number;
  totalStake: bigint;
  potentialPayout: bigint;
};

function legOdds(odds: readonly string[]): Odds[] | null {
  const parsed = odds.map((price) => parseOdds(price));
  return parsed.every((price) => price.ok) ? parsed.map((price) => (price.ok ? price.value : 0n)) : null;
}

/**
 * What the slip would place: its bets, lines, total stake and potential payout, for the stake per line and the legs'
 * decimal odds. Null when the tab cannot take these legs (a parlay of one, a system that does not fit).
 */
export function quote(tab: SlipTab, odds: readonly string[], stake: bigint, system?: SystemKey | null): Quote | null {
  const prices = legOdds(odds);
  if (!prices || prices.length === 0) return null;
  if (tab === 'single') {
    const payout = prices.reduce((sum, price) => sum + linePotentialPayout(stake, [price]), 0n);
    return {
      bets: prices.length,
      lines: prices.length,
      totalStake: stake * BigInt(prices.length),
      potentialPayout: payout,
    };
  }
  const result = betLines(tab, prices.length, tab === 'system' ? system : undefined);
  if (!result.ok) return null;
  return {
    bets: 1,
    lines: result.lines.length,
    totalStake: stake * BigInt(result.lines.length),
    potentialPayout: potentialPayout(stake, prices, result.lines),
  };
}

/** Events picked more than once: such picks can go on singles, never together in a parlay or a system. */
export function repeatedEvents(legs: ReadonlyArray<{ eventId: string }>): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const leg of legs) {
    if (seen.has(leg.eventId)) repeated.add(leg.eventId);
    seen.add(leg.eventId);
  }
  return repeated;
}
