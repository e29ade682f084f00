import type { CasinoGame, RoundResult } from '@jinb/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import {
  type BigRoadCell,
  beadPlate,
  bigRoadColumns,
  type DerivedMark,
  derivedRoad,
  layout,
  nextMark,
  type Placed,
  runs,
  type TwoSidedResult,
  width,
} from '../roads/roads';
import { rouletteColor, twoSided } from '../spots';
import '../casino.locale';
import styles from '../casino.module.css';
import { Ball, Die } from './OutcomeView';

/** The last `columns` columns of a board (older ones scroll off the left, as on a table's screen). */
function lastColumns<T>(placed: Placed<T>[], columns: number): Placed<T>[] {
  const shift = Math.max(0, width(placed) - columns);
  return placed.filter((cell) => cell.col >= shift).map((cell) => ({ ...cell, col: cell.col - shift }));
}

function Board<T>({
  label,
  placed,
  columns,
  size = 'normal',
  render,
}: {
  label: string;
  placed: Placed<T>[];
  columns: number;
  size?: 'normal' | 'small';
  render: (item: T) => ReactNode;
}) {
  const shown = lastColumns(placed, columns);
  return (
    <figure className={styles.roadFigure}>
      <figcaption className={styles.roadCaption}>{label}</figcaption>
      <div
        className={`${styles.road} ${size === 'small' ? styles.roadSmall : ''}`}
        style={{ '--cols': columns } as CSSProperties}
        role="img"
        aria-label={label}
      >
        {shown.map((cell) => (
          <span key={`${cell.col}:${cell.row}`} style={{ gridColumn: cell.col + 1, gridRow: cell.row + 1 }}>
            {render(cell.item)}
          </span>
        ))}
      </div>
    </figure>
  );
}

/** Results oldest first (the API lists them newest first). */
const oldestFirst = (recent: readonly RoundResult[]) => [...recent].reverse();

type BeadItem = { result: TwoSidedResult; playerPair: boolean; bankerPair: boolean };

/**
 * Baccarat's five roads (珠盘路, 大路, 大眼仔, 小路, 曱甴路) and dragon tiger's two (bead and big road), with the
 * counts and, for baccarat, 问路: what the next banker or player would add to each derived road.
 */
export function TwoSidedRoads({ game, recent }: { game: CasinoGame; recent: readonly RoundResult[] }) {
  const { t } = useTranslation('casino');
  const results = oldestFirst(recent);
  const items: BeadItem[] = results.flatMap(({ outcome }) => {
    const result = twoSided(outcome);
    if (!result) return [];
    const pairs =
      outcome.game === 'baccarat' || outcome.game === 'baccarat_no_commission'
        ? { playerPair: outcome.playerPair, bankerPair: outcome.bankerPair }
        : { playerPair: false, bankerPair: false };
    return [{ result, ...pairs }];
  });
  const sides = items.map((item) => item.result);
  const columns = bigRoadColumns(sides);
  const dt = game === 'dragon_tiger';
  const letter = {
    a: t(dt ? 'spot.dragon' : 'spot.banker'),
    b: t(dt ? 'spot.tiger' : 'spot.player'),
    tie: t('spot.tie'),
  };
  const count = (side: TwoSidedResult) => sides.filter((value) => value === side).length;
  const mark = (value: DerivedMark, shape: 'ring' | 'dot' | 'slash') => (
    <i className={`${styles[shape]} ${value === 'red' ? styles.red : styles.blue}`} />
  );

  if (items.length === 0) return <p className={styles.roadEmpty}>{t('road.empty')}</p>;
  return (
    <div className={styles.roads}>
      <p className={styles.roadCounts}>
        {t(dt ? 'road.countsDT' : 'road.counts', { a: count('a'), b: count('b'), tie: count('tie') })}
      </p>
      <div className={styles.roadTop}>
        <Board
          label={t('road.bead')}
          placed={beadPlate(items)}
          columns={8}
          render={(item) => (
            <i className={`${styles.bead} ${styles[`bead_${item.result}`]}`}>
              {letter[item.result]}
              {item.bankerPair && <b className={styles.pairA} />}
              {item.playerPair && <b className={styles.pairB} />}
            </i>
          )}
        />
        <Board
          label={t('road.big')}
          placed={layout(columns)}
          columns={16}
          render={(cell: BigRoadCell) => {
            const item = items[cell.index]!;
            return (
              <i className={`${styles.ring} ${cell.side === 'a' ? styles.red : styles.blue}`}>
                {cell.ties > 0 && <b className={styles.tieMark}>{cell.ties > 1 ? cell.ties : ''}</b>}
                {item.bankerPair && <b className={styles.pairA} />}
                {item.playerPair && <b className={styles.pairB} />}
              </i>
            );
          }}
        />
      </div>
      {!dt && (
        <>
          <div className={styles.roadDerived}>
            <Board
              label={t('road.bigEye')}
              placed={layout(runs(derivedRoad(columns, 1)))}
              columns={12}
              size="small"
              render={(value) => mark(value, 'ring')}
            />
            <Board
              label={t('road.small')}
              placed={layout(runs(derivedRoad(columns, 2)))}
              columns={12}
              size="small"
              render={(value) => mark(value, 'dot')}
            />
            <Board
              label={t('road.cockroach')}
              placed={layout(runs(derivedRoad(columns, 3)))}
              columns={12}
              size="small"
              render={(value) => mark(value, 'slash')}
            />
          </div>
          <div className={styles.ask}>
            {(['a', 'b'] as const).map((side) => (
              <span key={side} className={styles.askSide}>
                <b className={side === 'a' ? styles.askA : styles.askB}>
                  {letter[side]}
                  {t('road.ask')}
                </b>
                {([1, 2, 3] as const).map((k) => {
                  const next = nextMark(sides, side, k);
                  return (
                    <span key={k} className={styles.askMark}>
                      {next ? mark(next, k === 1 ? 'ring' : k === 2 ? 'dot' : 'slash') : '·'}
                    </span>
                  );
                })}
              </span>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** Sic bo's board: the last rounds' dice and totals, big or small, and the counts. */
export function SicBoTrend({ recent }: { recent: readonly RoundResult[] }) {
  const { t } = useTranslation('casino');
  const rounds = recent.flatMap((round) => (round.outcome.game === 'sic_bo' ? [round.outcome] : []));
  if (rounds.length === 0) return <p className={styles.roadEmpty}>{t('road.empty')}</p>;
  const triple = (dice: number[]) => dice.every((die) => die === dice[0]);
  const big = rounds.filter((o) => !triple(o.dice) && o.total >= 11).length;
  const triples = rounds.filter((o) => triple(o.dice)).length;
  const kind = (o: { dice: number[]; total: number }) => (triple(o.dice) ? 'triple' : o.total >= 11 ? 'big' : 'small');
  return (
    <div className={styles.roads}>
      <p className={styles.roadCounts}>
        {t('road.sicBoCounts', { big, small: rounds.length - big - triples, triple: triples })}
      </p>
      <Board
        label={t('road.big')}
        placed={beadPlate(oldestFirst(recent).flatMap((r) => (r.outcome.game === 'sic_bo' ? [kind(r.outcome)] : [])))}
        columns={20}
        size="small"
        render={(value) => (
          <i className={`${styles.bead} ${styles[`bead_${value === 'big' ? 'a' : value === 'small' ? 'b' : 'tie'}`]}`}>
            {value === 'triple' ? t('outcome.triple').slice(0, 1) : t(`spot.${value}`)}
          </i>
        )}
      />
      <figure className={styles.roadFigure}>
        <figcaption className={styles.roadCaption}>{t('road.lastDice')}</figcaption>
        <ol className={styles.diceHistory}>
          {rounds.slice(0, 10).map((o, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: newest first, by position
            <li key={index}>
              <span className={styles.diceRow}>
                {o.dice.map((die, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the dice in the order rolled
                  <Die key={i} face={die} small />
                ))}
              </span>
              <b>{o.total}</b>
              <span className={styles[`kind_${kind(o)}`]}>
                {kind(o) === 'triple' ? t('outcome.triple') : t(`spot.${kind(o)}`)}
              </span>
            </li>
          ))}
        </ol>
      </figure>
    </div>
  );
}

/** Roulette's board: the last numbers with their colours, and how often each kind came up. */
export function RouletteTrend({ recent }: { recent: readonly RoundResult[] }) {
  const { t } = useTranslation('casino');
  const numbers = recent.flatMap((round) => (round.outcome.game === 'roulette' ? [round.outcome.number] : []));
  if (numbers.length === 0) return <p className={styles.roadEmpty}>{t('road.empty')}</p>;
  const counts = {
    red: numbers.filter((n) => rouletteColor(n) === 'red').length,
    black: numbers.filter((n) => rouletteColor(n) === 'black').length,
    odd: numbers.filter((n) => n !== 0 && n % 2 === 1).length,
    even: numbers.filter((n) => n !== 0 && n % 2 === 0).length,
    zero: numbers.filter((n) => n === 0).length,
  };
  return (
    <div className={styles.roads}>
      <p className={styles.roadCounts}>{t('road.rouletteCounts', counts)}</p>
      <figure className={styles.roadFigure}>
        <figcaption className={styles.roadCaption}>{t('road.lastNumbers')}</figcaption>
        <ol className={styles.numberHistory}>
          {numbers.slice(0, 24).map((n, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: newest first, by position
            <li key={index}>
              <Ball n={n} color={rouletteColor(n)} small />
            </li>
          ))}
        </ol>
      </figure>
    </div>
  );
}

export function Roads({ game, recent }: { game: CasinoGame; recent: readonly RoundResult[] }) {
  if (game === 'sic_bo') return <SicBoTrend recent={recent} />;
  if (game === 'roulette') return <RouletteTrend recent={recent} />;
  return <TwoSidedRoads game={game} recent={recent} />;
}
