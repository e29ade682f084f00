import type { RoundOutcome } from '@jinb/contract';
import { useTranslation } from '../../../shared/i18n/use-translation';
import '../casino.locale';
import styles from '../casino.module.css';

const SUITS: Record<string, string> = { s: '♠', h: '♥', c: '♣', d: '♦' };

/** A card from its code ("Th", "As"): rank and suit, red for hearts and diamonds. */
export function CardFace({ code, small }: { code: string; small?: boolean }) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const red = suit === 'h' || suit === 'd';
  return (
    <span
      className={`${styles.card} ${red ? styles.cardRed : ''} ${small ? styles.cardSmall : ''}`}
      role="img"
      aria-label={code}
    >
      <span>{rank === 'T' ? '10' : rank}</span>
      <span aria-hidden>{SUITS[suit] ?? suit}</span>
    </span>
  );
}

/** Where the pips of a die face sit on a 3 x 3 grid (cells 0-8, row by row). */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

export function Die({ face, small }: { face: number; small?: boolean }) {
  return (
    <span className={`${styles.die} ${small ? styles.dieSmall : ''}`} role="img" aria-label={String(face)}>
      {Array.from({ length: 9 }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the nine fixed places of a die face
        <span key={cell} className={PIPS[face]?.includes(cell) ? styles.pip : undefined} />
      ))}
    </span>
  );
}

export function Ball({ n, color, small }: { n: number; color: string; small?: boolean }) {
  return (
    <span
      className={`${styles.ball} ${styles[`ball_${color}`] ?? ''} ${small ? styles.ballSmall : ''}`}
      data-color={color}
    >
      {n}
    </span>
  );
}

/** A round's outcome as dealt: both hands with their totals, two cards, three dice or the wheel's number. */
export function OutcomeView({ outcome }: { outcome: RoundOutcome }) {
  const { t } = useTranslation('casino');
  switch (outcome.game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return (
        <div className={styles.outcome} data-testid="outcome">
          <div className={styles.hands}>
            <Hand
              label={t('spot.player')}
              cards={outcome.player}
              total={outcome.playerTotal}
              won={outcome.winner === 'player'}
              side="player"
            />
            <Hand
              label={t('spot.banker')}
              cards={outcome.banker}
              total={outcome.bankerTotal}
              won={outcome.winner === 'banker'}
              side="banker"
            />
          </div>
          <p className={styles.outcomeLine}>
            <strong>{t(`outcome.winner.${outcome.winner}`)}</strong>
            {outcome.natural && ` · ${t('outcome.natural')}`}
            {outcome.playerPair && ` · ${t('spot.player_pair')}`}
            {outcome.bankerPair && ` · ${t('spot.banker_pair')}`}
          </p>
        </div>
      );
    case 'dragon_tiger':
      return (
        <div className={styles.outcome} data-testid="outcome">
          <div className={styles.hands}>
            <Hand label={t('spot.dragon')} cards={[outcome.dragon]} won={outcome.winner === 'dragon'} side="banker" />
            <Hand label={t('spot.tiger')} cards={[outcome.tiger]} won={outcome.winner === 'tiger'} side="player" />
          </div>
          <p className={styles.outcomeLine}>
            <strong>{t(`outcome.winner.${outcome.winner}`)}</strong>
          </p>
        </div>
      );
    case 'sic_bo': {
      const triple = outcome.dice.every((die) => die === outcome.dice[0]);
      return (
        <div className={styles.outcome} data-testid="outcome">
          <div className={styles.dice}>
            {outcome.dice.map((die, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the dice in the order rolled
              <Die key={index} face={die} />
            ))}
          </div>
          <p className={styles.outcomeLine}>
            <strong>{t('outcome.dice', { dice: outcome.dice.join(' '), total: outcome.total })}</strong>
            {' · '}
            {triple ? t('outcome.triple') : t(outcome.total >= 11 ? 'spot.big' : 'spot.small')}
            {!triple && ` · ${t(outcome.total % 2 ? 'spot.odd' : 'spot.even')}`}
          </p>
        </div>
      );
    }
    case 'roulette':
      return (
        <div className={styles.outcome} data-testid="outcome">
          <div className={styles.dice}>
            <Ball n={outcome.number} color={outcome.color} />
          </div>
          <p className={styles.outcomeLine}>
            <strong>{t('outcome.wheel', { n: outcome.number })}</strong> · {t(`outcome.colors.${outcome.color}`)}
          </p>
        </div>
      );
  }
}

function Hand({
  label,
  cards,
  total,
  won,
  side,
}: {
  label: string;
  cards: string[];
  total?: number;
  won: boolean;
  side: 'player' | 'banker';
}) {
  const { t } = useTranslation('casino');
  return (
    <div className={`${styles.hand} ${styles[`hand_${side}`]} ${won ? styles.handWon : ''}`}>
      <span className={styles.handLabel}>
        {label}
        {total !== undefined && <b> {t('outcome.points', { n: total })}</b>}
      </span>
      <span className={styles.handCards}>
        {cards.map((code, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a shoe may deal the same card twice (8 decks)
          <CardFace key={`${code}-${index}`} code={code} />
        ))}
      </span>
    </div>
  );
}
