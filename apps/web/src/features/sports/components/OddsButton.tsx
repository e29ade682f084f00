import { MAX_BET_LEGS } from '@jinb/contract';
import type { EventSummary, MarketView, SelectionView } from '@jinb/contract/sports';
import { LockOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showToast } from '../../../shared/ui/toast';
import { marketTitle, selectionLabel } from '../market-labels';
import { useOddsFormat } from '../preferences';
import { useSlip } from '../slip/slip-store';
import { oddsDirection, showOdds } from '../sports-format';
import styles from './OddsButton.module.css';

/** How long a moved price keeps its arrow: long enough to be seen on the next glance. */
const MOVED_MS = 8_000;
/** How long the button flashes green (up) or red (down) as the price moves: caught from the corner of an eye. */
export const FLASH_MS = 1_000;

type Move = { direction: 'up' | 'down'; flashing: boolean };

/** The price's last move, for as long as it is news; `flashing` for its first second. */
function useMoved(odds: string): Move | null {
  const previous = useRef(odds);
  const [moved, setMoved] = useState<Move | null>(null);
  useEffect(() => {
    const direction = oddsDirection(previous.current, odds);
    previous.current = odds;
    if (!direction) return;
    setMoved({ direction, flashing: true });
    const flash = window.setTimeout(() => setMoved((last) => last && { ...last, flashing: false }), FLASH_MS);
    const timer = window.setTimeout(() => setMoved(null), MOVED_MS);
    return () => {
      window.clearTimeout(flash);
      window.clearTimeout(timer);
    };
  }, [odds]);
  return moved;
}

type OddsButtonProps = {
  event: Pick<EventSummary, 'id' | 'sport' | 'competition' | 'home' | 'away' | 'startTime'>;
  market: MarketView;
  selection: SelectionView;
  /** Overrides the side's own label (a team's name in a two-column layout). */
  label?: string;
  className?: string;
};

/**
 * A price that a tap puts on the bet slip (and a second tap takes off). Shown in the member's odds format; a market
 * that takes no bets shows a lock instead (a suspended one greyed, with 暂停); a price that just moved flashes green up
 * or red down for a second and keeps its arrow a while.
 */
export function OddsButton({ event, market, selection, label, className }: OddsButtonProps) {
  const { t } = useTranslation('sports');
  const format = useOddsFormat();
  const picked = useSlip((state) => state.legs.some((leg) => leg.selectionId === selection.id));
  const move = useMoved(selection.odds);
  const moved = move?.direction ?? null;
  const open = market.status === 'open';
  const suspended = market.status === 'suspended';
  const name = label ?? selectionLabel(t, market, selection.side);
  const price = showOdds(selection.odds, format);

  const toggle = () => {
    const result = useSlip.getState().toggle({
      selectionId: selection.id,
      eventId: event.id,
      marketId: market.id,
      sport: event.sport,
      competition: event.competition.name,
      home: event.home,
      away: event.away,
      startTime: event.startTime,
      type: market.type,
      period: market.period,
      line: market.line,
      side: selection.side,
      odds: selection.odds,
      version: selection.version,
    });
    if (result === 'full') showToast(t('slip.maxLegs', { max: MAX_BET_LEGS }));
  };

  const flash = open && move?.flashing ? (move.direction === 'up' ? styles.flashUp : styles.flashDown) : '';
  const classes = [
    styles.button,
    picked ? styles.picked : '',
    suspended ? styles.suspended : '',
    flash,
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      data-moved={open && move?.flashing ? move.direction : undefined}
      aria-pressed={picked}
      disabled={!open}
      onClick={toggle}
      aria-label={t('pick', {
        home: event.home,
        away: event.away,
        market: marketTitle(t, event.sport, market),
        selection: name,
        odds: open ? price : t('locked'),
      })}
    >
      <span className={styles.label}>{name}</span>
      {open ? (
        <span className={styles.price}>
          {price}
          {moved && (
            <span
              className={moved === 'up' ? styles.up : styles.down}
              title={t(moved === 'up' ? 'oddsUp' : 'oddsDown')}
            >
              {moved === 'up' ? '▲' : '▼'}
            </span>
          )}
        </span>
      ) : suspended ? (
        <span className={styles.suspendedNote}>
          <LockOutline aria-hidden /> {t('locked')}
        </span>
      ) : (
        <span className={styles.locked}>
          <LockOutline />
        </span>
      )}
    </button>
  );
}
