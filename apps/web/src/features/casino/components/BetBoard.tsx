import type { CasinoGame } from '@jinb/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { chipFace } from '../casino-format';
import { rouletteColor, spotLabel, spotPays } from '../spots';
import '../casino.locale';
import styles from '../casino.module.css';

/** Per spot: chips placed but not yet sent, and what the member already has on it this round. */
export type Stakes = ReadonlyMap<string, { pending: bigint; mine: bigint }>;

type BoardProps = {
  game: CasinoGame;
  stakes: Stakes;
  /** The spots that won in the result on show (lit), or null while none is. */
  lit: ReadonlySet<string> | null;
  disabled: boolean;
  onSpot: (spot: string) => void;
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The game's betting layout: every spot a button that adds the chosen chip. */
export function BetBoard(props: BoardProps) {
  const { t } = useTranslation('casino');
  const { game } = props;
  const spot = (name: string, extra?: { className?: string; label?: ReactNode }) => (
    <Spot key={name} name={name} {...props} {...extra} />
  );
  switch (game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return (
        <div className={styles.board} data-game={game}>
          <div className={styles.boardRow}>
            {spot('player_pair', { className: styles.spotPlayer })}
            {spot('tie', { className: styles.spotTie })}
            {spot('banker_pair', { className: styles.spotBanker })}
          </div>
          <div className={styles.boardRow}>
            {spot('player', { className: `${styles.spotBig} ${styles.spotPlayer}` })}
            {spot('banker', { className: `${styles.spotBig} ${styles.spotBanker}` })}
          </div>
        </div>
      );
    case 'dragon_tiger':
      return (
        <div className={styles.board} data-game={game}>
          <div className={styles.boardRow}>
            {spot('dragon', { className: `${styles.spotBig} ${styles.spotBanker}` })}
            {spot('tie', { className: `${styles.spotBig} ${styles.spotTie}` })}
            {spot('tiger', { className: `${styles.spotBig} ${styles.spotPlayer}` })}
          </div>
        </div>
      );
    case 'sic_bo':
      return (
        <div className={styles.board} data-game={game}>
          <div className={styles.boardRow}>
            {spot('small', { className: styles.spotBig })}
            {spot('odd')}
            {spot('even')}
            {spot('big', { className: styles.spotBig })}
          </div>
          <div className={styles.boardGrid} style={{ gridTemplateColumns: 'repeat(7, 1fr)' }}>
            {range(4, 17).map((total) => spot(`total:${total}`))}
          </div>
          <div className={styles.boardGrid} style={{ gridTemplateColumns: 'repeat(7, 1fr)' }}>
            {spot('any_triple')}
            {range(1, 6).map((face) => spot(`triple:${face}`))}
          </div>
          <div className={styles.boardGrid} style={{ gridTemplateColumns: 'repeat(6, 1fr)' }}>
            {range(1, 6).map((face) => spot(`double:${face}`))}
            {range(1, 6).map((face) => spot(`single:${face}`))}
          </div>
        </div>
      );
    case 'roulette':
      return (
        <div className={styles.board} data-game={game}>
          <p className={styles.boardNote}>{t('straightPays')}</p>
          <div className={styles.boardGrid} style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
            {spot('straight:0', { className: `${styles.zero} ${styles.num_green} ${styles.numberSpot}` })}
            {range(1, 36).map((n) =>
              spot(`straight:${n}`, { className: `${styles[`num_${rouletteColor(n)}`]} ${styles.numberSpot}` }),
            )}
            {range(1, 3).map((n) => spot(`column:${n}`))}
          </div>
          <div className={styles.boardGrid} style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
            {range(1, 3).map((n) => spot(`dozen:${n}`))}
          </div>
          <div className={styles.boardGrid} style={{ gridTemplateColumns: 'repeat(6, 1fr)' }}>
            {spot('low')}
            {spot('even')}
            {spot('red', { className: styles.num_red })}
            {spot('black', { className: styles.num_black })}
            {spot('odd')}
            {spot('high')}
          </div>
        </div>
      );
  }
}

function Spot({
  name,
  game,
  stakes,
  lit,
  disabled,
  onSpot,
  className = '',
}: BoardProps & { name: string; className?: string }) {
  const { t } = useTranslation('casino');
  const stake = stakes.get(name);
  const total = (stake?.pending ?? 0n) + (stake?.mine ?? 0n);
  const label = spotLabel(t, name);
  const pays = spotPays(game, name);
  const won = lit?.has(name) ?? false;
  return (
    <button
      type="button"
      className={`${styles.spot} ${className} ${won ? styles.spotWon : ''}`}
      disabled={disabled}
      onClick={() => onSpot(name)}
      aria-label={`${label} ${t('paytable.odds', { n: pays })}`}
      data-spot={name}
    >
      <span className={styles.spotLabel}>{label}</span>
      <span className={styles.spotPays}>1:{pays}</span>
      {total > 0n && (
        <span className={`${styles.stack} ${stake?.pending ? styles.stackPending : ''}`} data-testid={`stack-${name}`}>
          {chipFace(total)}
        </span>
      )}
    </button>
  );
}
