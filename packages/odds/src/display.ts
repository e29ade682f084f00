import { ODDS_ONE, type Odds } from './odds';

/**
 * The four ways a member can choose to see a price. Betting, payouts and the wire always use the decimal odds; these
 * are computed from them for display only.
 * - `eu`, European (decimal): the whole return per 1 staked, stake included. 1.80, 2.50.
 * - `hk`, Hong Kong: the profit per 1 staked, decimal minus 1. 0.80, 1.50.
 * - `malay`: the Hong Kong price while it is at most 1; above that, -1 / (Hong Kong), the stake that wins 1. 0.80, -0.67.
 * - `indo`, Indonesian: the Hong Kong price from 1 up; below 1, -1 / (Hong Kong). -1.25, 1.50.
 */
export const ODDS_FORMATS = ['eu', 'hk', 'malay', 'indo'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value);
}

/** A price in a display format as an exact fraction, before the one rounding. */
function asFraction(odds: Odds, format: OddsFormat): { numerator: bigint; denominator: bigint } {
  const profit = odds - ODDS_ONE;
  switch (format) {
    case 'eu':
      return { numerator: odds, denominator: ODDS_ONE };
    case 'hk':
      return { numerator: profit, denominator: ODDS_ONE };
    case 'malay':
      return profit <= ODDS_ONE
        ? { numerator: profit, denominator: ODDS_ONE }
        : { numerator: -ODDS_ONE, denominator: profit };
    case 'indo':
      return profit >= ODDS_ONE
        ? { numerator: profit, denominator: ODDS_ONE }
        : { numerator: -ODDS_ONE, denominator: profit };
  }
}

function floorDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n !== denominator < 0n ? quotient - 1n : quotient;
}

/**
 * A decimal price in the member's format, with `decimals` decimals (2 unless asked).
 *
 * The one rounding: round down, toward minus infinity. A positive price shown is never more than the real one and a
 * negative price never less negative, so the display never promises a member more than the bet pays: 2.505 shows
 * 2.50, and Malay at decimal 2.50 (-0.6666...) shows -0.67. At decimal 2.00 exactly, Malay and Indonesian both show
 * 1.00 (their two forms meet there).
 */
export function displayOdds(odds: Odds, format: OddsFormat, decimals = 2): string {
  if (odds <= ODDS_ONE) throw new RangeError('odds must be above 1');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 4) throw new RangeError('0 to 4 decimals');
  const { numerator, denominator } = asFraction(odds, format);
  const scale = 10n ** BigInt(decimals);
  const scaled = floorDiv(numerator * scale, denominator);
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const whole = abs / scale;
  const fraction = decimals === 0 ? '' : `.${(abs % scale).toString().padStart(decimals, '0')}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
