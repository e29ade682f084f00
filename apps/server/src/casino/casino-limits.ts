import type { TableLimits } from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import { AppError } from '../shared/app-error';

/** A spot's stake range in units (scale 4): a member's total on the spot in one round, over all their actions. */
export type SpotLimit = { min: bigint; max: bigint };

/** A table's limits in units; `spots` keys are spot names ("tie", "straight:17") or spot kinds ("straight"). */
export type Limits = SpotLimit & { spots: Record<string, SpotLimit> };

/** The stored form (jsonb): amounts as decimal strings of units, so no JSON number ever rounds one. */
export type StoredLimits = { min: string; max: string; spots: Record<string, { min: string; max: string }> };

export function limitsFromStored(stored: StoredLimits): Limits {
  const spots: Record<string, SpotLimit> = {};
  for (const [spot, limit] of Object.entries(stored.spots ?? {}))
    spots[spot] = { min: BigInt(limit.min), max: BigInt(limit.max) };
  return { min: BigInt(stored.min), max: BigInt(stored.max), spots };
}

export function limitsToStored(limits: Limits): StoredLimits {
  const spots: StoredLimits['spots'] = {};
  for (const [spot, limit] of Object.entries(limits.spots))
    spots[spot] = { min: limit.min.toString(), max: limit.max.toString() };
  return { min: limits.min.toString(), max: limits.max.toString(), spots };
}

/** The wire form (decimal strings at scale 4). */
export function limitsView(limits: Limits): TableLimits {
  const spots: TableLimits['spots'] = {};
  for (const [spot, limit] of Object.entries(limits.spots))
    spots[spot] = { min: formatAmount(limit.min), max: formatAmount(limit.max) };
  return { min: formatAmount(limits.min), max: formatAmount(limits.max), spots };
}

/** The range of one spot: its own entry, else its kind's ("straight" for "straight:17"), else the table's. */
export function limitFor(limits: Limits, spot: string): SpotLimit {
  const kind = spot.split(':')[0] ?? spot;
  return limits.spots[spot] ?? limits.spots[kind] ?? { min: limits.min, max: limits.max };
}

/** Limits as an operator sends them (decimal strings): each positive, min <= max; anything else BAD_REQUEST. */
export function parseLimits(input: {
  min: string;
  max: string;
  spots: Record<string, { min: string; max: string }>;
}): Limits {
  const pair = (min: string, max: string): SpotLimit => {
    const low = parseAmount(min);
    const high = parseAmount(max);
    if (!low.ok || !high.ok || low.value <= 0n || high.value < low.value) throw new AppError('BAD_REQUEST');
    return { min: low.value, max: high.value };
  };
  const spots: Record<string, SpotLimit> = {};
  for (const [spot, limit] of Object.entries(input.spots)) {
    if (!/^[a-z_]{1,16}(:[0-9-]{1,8})?$/.test(spot)) throw new AppError('BAD_REQUEST');
    spots[spot] = pair(limit.min, limit.max);
  }
  return { ...pair(input.min, input.max), spots };
}
