import { type AcceptOdds, MARKET_STATUSES, type MarketStatus } from '@jinb/contract';
import type { BetView, PlaceBetBody } from '@jinb/contract/sports';
import { ApiError } from '../../../shared/api/client';
import type { SlipTab, SystemKey } from './slip-math';
import { stakeWire } from './slip-math';
import type { SelectionState, SlipLeg } from './slip-store';

/** One bet the slip is about to send, and what identifies it for its Idempotency-Key. */
export type PlannedBet = { body: PlaceBetBody; fingerprint: string; selectionIds: string[] };

/** The slip's bets: one per pick on the singles tab, else one parlay or one system bet of every pick. */
export function planBets(
  legs: readonly SlipLeg[],
  tab: SlipTab,
  system: SystemKey | null,
  stake: bigint,
  acceptOdds: AcceptOdds,
): PlannedBet[] {
  const wireStake = stakeWire(stake);
  const groups = tab === 'single' ? legs.map((leg) => [leg]) : [legs];
  return groups.map((group) => {
    const body: PlaceBetBody = {
      type: tab,
      ...(tab === 'system' && system ? { system } : {}),
      stake: wireStake,
      legs: group.map((leg) => ({ selectionId: leg.selectionId, odds: leg.odds })),
      acceptOdds,
    };
    return { body, fingerprint: JSON.stringify(body), selectionIds: group.map((leg) => leg.selectionId) };
  });
}

export type BetOutcome =
  | { ok: true; bet: PlannedBet; view: BetView }
  | { ok: false; bet: PlannedBet; error: ApiError | Error };

/**
 * Sends the bets one after another (singles are separate bets; one refused does not stop the others) and reports each.
 * A bet is only ever sent under its key, so sending the same slip again after a timeout cannot place it twice.
 */
export async function placeAll(
  bets: readonly PlannedBet[],
  keys: readonly string[],
  send: (body: PlaceBetBody, key: string) => Promise<BetView>,
): Promise<BetOutcome[]> {
  const outcomes: BetOutcome[] = [];
  for (const [index, bet] of bets.entries()) {
    try {
      outcomes.push({ ok: true, bet, view: await send(bet.body, keys[index] ?? '') });
    } catch (error) {
      outcomes.push({ ok: false, bet, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }
  return outcomes;
}

function isStatus(value: unknown): value is MarketStatus {
  return typeof value === 'string' && (MARKET_STATUSES as readonly string[]).includes(value);
}

/**
 * The book's word on each leg of a refused bet, from the refusal's `detail` (ODDS_CHANGED, MARKET_SUSPENDED); entries
 * that do not read as one are left out. A refusal that names no legs but can only be about one (a single whose market
 * closed) marks that one.
 */
export function refusedStates(error: unknown, bet: PlannedBet, legs: readonly SlipLeg[]): SelectionState[] {
  if (!(error instanceof ApiError)) return [];
  const detail = error.detail as { legs?: unknown } | undefined;
  if (Array.isArray(detail?.legs)) {
    return detail.legs.flatMap((leg: unknown) => {
      const entry = leg as Partial<Record<keyof SelectionState, unknown>>;
      if (
        typeof entry.selectionId !== 'string' ||
        typeof entry.odds !== 'string' ||
        typeof entry.version !== 'number' ||
        !isStatus(entry.status)
      )
        return [];
      return [{ selectionId: entry.selectionId, odds: entry.odds, version: entry.version, status: entry.status }];
    });
  }
  const status: MarketStatus | null =
    error.code === 'MARKET_SUSPENDED' ? 'suspended' : error.code === 'MARKET_CLOSED' ? 'closed' : null;
  const only = bet.selectionIds.length === 1 ? legs.find((leg) => leg.selectionId === bet.selectionIds[0]) : undefined;
  if (!status || !only) return [];
  const known = only.latest ?? only;
  return [{ selectionId: only.selectionId, odds: known.odds, version: known.version, status }];
}
