import type { BetStatus } from '@jinb/contract';
import { parseAmount } from '@jinb/money';
import { LEG_FACTOR_DENOMINATOR, legFactor, type Outcome, parseOdds } from '@jinb/odds';
import type { TFunction } from '../../../shared/i18n/translator';
import { type SystemKey, systemLabelOf } from '../slip/slip-math';

type BetLike = {
  type: 'single' | 'parlay' | 'system';
  system: string | null;
  status: BetStatus;
  legs: ReadonlyArray<{ outcome: Outcome | null }>;
  totalStake: string;
  payout: string | null;
};

/** 单注; 串关 3串1; 复式 2串1 or 复式 三串四. */
export function betKind(t: TFunction, bet: BetLike): string {
  const type = t(`record.types.${bet.type}`);
  if (bet.type === 'parlay') return `${type} ${t('record.parlayOf', { count: bet.legs.length })}`;
  if (bet.type === 'system' && bet.system) {
    const label = systemLabelOf(bet.system as SystemKey);
    const name =
      label.kind === 'sized'
        ? t('slip.kOfN', { k: label.size })
        : t(`slip.systems.${label.name}`, { defaultValue: bet.system });
    return `${type} ${name}`;
  }
  return type;
}

export type BetResult = 'open' | 'won' | 'lost' | 'void' | 'settled';

function units(wire: string | null): bigint | null {
  if (wire === null) return null;
  const parsed = parseAmount(wire);
  return parsed.ok ? parsed.value : null;
}

/**
 * How a bet ended for the member: won (more came back than was staked), lost (nothing came back), void (the stake came
 * back, no more) or settled (some, less than the stake: a half loss or a system with some lines lost).
 */
export function betResult(bet: BetLike): BetResult {
  // A bet in its in-play delay is not decided yet; a refused one had its stake back.
  if (bet.status === 'open' || bet.status === 'pending') return 'open';
  if (bet.status === 'refused') return 'void';
  const payout = units(bet.payout);
  const stake = units(bet.totalStake);
  if (payout === null || stake === null) return 'settled';
  if (payout === 0n) return 'lost';
  if (payout > stake) return 'won';
  if (payout === stake) return 'void';
  return 'settled';
}

const OUTCOME_RESULT: Record<Outcome, BetResult> = {
  win: 'won',
  half_win: 'won',
  lose: 'lost',
  half_lose: 'lost',
  void: 'void',
};

/**
 * The bet's state in words and its tone: a settled single says how its pick ended (赢, 输半, 走水 ...), any other bet
 * how it ended for the member (待结算, 赢, 输, 退款, 已结算); one in its in-play delay, refused or cashed out says so
 * (确认中, 已拒绝, 已提前结算).
 */
export function betStatusLabel(t: TFunction, bet: BetLike): { text: string; tone: BetResult } {
  // The in-play delay, a refusal and a cash out say what happened to the bet, whatever it paid.
  if (bet.status === 'pending' || bet.status === 'refused' || bet.status === 'cashed_out')
    return { text: t(`record.betStatus.${bet.status}`), tone: betResult(bet) };
  const outcome = bet.type === 'single' && bet.status === 'settled' ? bet.legs[0]?.outcome : null;
  if (outcome) return { text: t(`record.outcome.${outcome}`), tone: OUTCOME_RESULT[outcome] };
  const result = betResult(bet);
  return { text: t(`record.betStatus.${result}`), tone: result };
}

/** What a bet won or lost: payout minus the total stake, as a wire amount; null while open. */
export function betNet(bet: BetLike): bigint | null {
  const payout = units(bet.payout);
  const stake = units(bet.totalStake);
  return payout === null || stake === null ? null : payout - stake;
}

/**
 * What a settled leg multiplied its line by, as an exact decimal: the odds for a win, 0 for a loss, 1 for a void,
 * (odds + 1) / 2 for a half win and 0.5 for a half loss (the same factors the payout is computed with).
 */
export function legMultiplier(odds: string, outcome: Outcome): string {
  const parsed = parseOdds(odds);
  if (!parsed.ok) return odds;
  // factor / 20000 has at most 5 decimals: factor x 5 at scale 5.
  const scaled = (legFactor({ odds: parsed.value, outcome }) * 100_000n) / LEG_FACTOR_DENOMINATOR;
  const whole = scaled / 100_000n;
  const fraction = (scaled % 100_000n).toString().padStart(5, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
