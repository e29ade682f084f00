import type { RoundOutcome } from '@jinb/contract';
import { casinoMessages as t } from './messages';

const COLORS: Record<string, string> = { red: '红', black: '黑', green: '绿' };

/** A round's result in one line: 庄 7 : 闲 5, 龙 Kh / 虎 3d, 4 5 6 = 15, 17 红. */
export function outcomeText(outcome: RoundOutcome | null): string {
  if (!outcome) return '-';
  switch (outcome.game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return `${t.winners[outcome.winner]}（庄 ${outcome.bankerTotal} : 闲 ${outcome.playerTotal}）`;
    case 'dragon_tiger':
      return `${t.winners[outcome.winner]}（龙 ${outcome.dragon} / 虎 ${outcome.tiger}）`;
    case 'sic_bo':
      return `${outcome.dice.join(' ')} = ${outcome.total}`;
    case 'roulette':
      return `${outcome.number} ${COLORS[outcome.color] ?? outcome.color}`;
  }
}
