import type { RoundView, TableDetail } from '@jinb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { ReconnectingNote } from '../../../shared/realtime/ReconnectingNote';
import { useBalanceLive } from '../../../shared/realtime/use-balance-live';
import { balanceQuery, useBalance } from '../../../shared/session/session.queries';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { errorMessage, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { placeCasinoBet, tableQuery } from '../casino.api';
import { chipUnits, money, stakeInput, units, wire } from '../casino-format';
import { BetBoard, type Stakes } from '../components/BetBoard';
import { OutcomeView } from '../components/OutcomeView';
import { Roads } from '../components/RoadsView';
import { memberReturn } from '../member-return';
import { CHIPS, spotWon } from '../spots';
import { useTable } from '../use-table';
import '../casino.locale';
import styles from '../casino.module.css';

/** Seconds left until `closesAt` while the window is open (ticks four times a second so the count turns on time). */
function useSecondsLeft(round: RoundView | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const open = round?.phase === 'betting';
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [open]);
  if (!round || !open) return null;
  return Math.max(0, Math.ceil((Date.parse(round.closesAt) - now) / 1000));
}

/**
 * /casino/:code: one of our tables, live. Everyone watches the shared round (phase, countdown, the result, the roads);
 * a member picks a chip, taps spots, and confirms the round's chips as one bet (one Idempotency-Key per action, the
 * total confirmed before money leaves); the result shows what the member's bets returned.
 */
export default function CasinoTablePage() {
  const { code = '' } = useParams();
  const { t } = useTranslation('casino');
  const signedIn = useSession(selectIsLoggedIn);
  const current = useCurrentUser();
  const memberId = signedIn ? (current.user?.id ?? '') : '';
  const table = useTable(code.toUpperCase(), memberId);
  useBalanceLive();

  if (table.isPending) return <Shell title={code}>{<LoadingState minHeight={320} />}</Shell>;
  if (table.isError) {
    const unknown = table.error instanceof ApiError && table.error.code === 'TABLE_UNKNOWN';
    return (
      <Shell title={code}>
        <ErrorState
          message={unknown ? t('error.unknown') : table.error.message}
          onRetry={unknown ? undefined : () => void table.refetch()}
        />
      </Shell>
    );
  }
  return <Table table={table.data} memberId={memberId} signedIn={signedIn} />;
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={paths.home} />
      {children}
    </div>
  );
}

type LastWin = { roundId: string; number: number; stake: bigint; payout: bigint };

function Table({ table, memberId, signedIn }: { table: TableDetail; memberId: string; signedIn: boolean }) {
  const { t } = useTranslation('casino');
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const round = table.round;
  const seconds = useSecondsLeft(round);
  const [chip, setChip] = useState<number>(CHIPS[1]);
  const [pending, setPending] = useState<ReadonlyMap<string, bigint>>(new Map());
  const [sending, setSending] = useState(false);
  const [key, renewKey] = useIdempotencyKey();
  const [lastWin, setLastWin] = useState<LastWin | null>(null);

  const open = table.open && round?.phase === 'betting' && (seconds ?? 0) > 0;
  const pendingTotal = [...pending.values()].reduce((sum, value) => sum + value, 0n);
  const mineTotal = table.myBets.reduce((sum, bet) => sum + units(bet.amount), 0n);

  // Chips not sent when a round ends are not bets; a new set of chips is a new bet action (a new key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: another round starts the stack again
  useEffect(() => setPending(new Map()), [round?.id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another stack is another action
  useEffect(() => renewKey(), [pending, renewKey]);

  // What the member's bets returned, once, when their round settles.
  const settledId = round?.phase === 'settled' ? round.id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per settled round
  useEffect(() => {
    if (!round?.outcome || settledId === null || table.myBets.length === 0) return;
    const result = memberReturn(round.outcome, table.myBets);
    setLastWin({ roundId: round.id, number: round.number, ...result });
  }, [settledId]);

  const stakes: Stakes = useMemo(() => {
    const map = new Map<string, { pending: bigint; mine: bigint }>();
    for (const bet of table.myBets) {
      const entry = map.get(bet.spot) ?? { pending: 0n, mine: 0n };
      map.set(bet.spot, { ...entry, mine: entry.mine + units(bet.amount) });
    }
    for (const [spot, value] of pending) {
      const entry = map.get(spot) ?? { pending: 0n, mine: 0n };
      map.set(spot, { ...entry, pending: entry.pending + value });
    }
    return map;
  }, [table.myBets, pending]);

  // The result on show: this round's once dealt, else the last one dealt.
  const shown = round?.outcome ?? table.recent[0]?.outcome ?? null;
  const lit = useMemo(() => {
    if (!shown || round?.phase === 'betting') return null;
    const spots = new Set<string>();
    for (const name of allSpots(table.game)) if (spotWon(name, shown)) spots.add(name);
    return spots;
  }, [shown, round?.phase, table.game]);

  const limitFor = (spot: string) => table.limits.spots[spot] ?? { min: table.limits.min, max: table.limits.max };

  const addChip = (spot: string) => {
    if (!open) return;
    const value = chipUnits(chip);
    const next = (pending.get(spot) ?? 0n) + value;
    const max = units(limitFor(spot).max);
    if (max > 0n && next + (stakes.get(spot)?.mine ?? 0n) > max) {
      showToast({ content: t('stakeTooLarge', { max: money(max) }) });
      return;
    }
    setPending(new Map(pending).set(spot, next));
  };

  const send = useCallback(
    async (bets: Array<{ spot: string; amount: string }>, total: bigint) => {
      if (!round) return;
      const confirmed = await Dialog.confirm({
        title: t('confirmTitle'),
        content: t('confirmText', { count: bets.length, total: money(total) }),
        confirmText: t('confirm'),
        cancelText: t('cancel', { ns: 'common' }),
      });
      if (!confirmed) return;
      setSending(true);
      try {
        const view = await placeCasinoBet({ table: table.code, roundId: round.id, bets }, key);
        queryClient.setQueryData(tableQuery(table.code, memberId).queryKey, (old) =>
          old && old.round?.id === view.roundId ? { ...old, myBets: mergeBets(old.myBets, view.bets) } : old,
        );
        queryClient.setQueryData(balanceQuery.queryKey, (old) => (old ? { ...old, balance: view.balance } : old));
        setPending(new Map());
        showSuccess(t('placed'));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'ROUND_CLOSED') setPending(new Map());
        showToast({ content: errorMessage(error) });
      } finally {
        setSending(false);
      }
    },
    [round, table.code, key, memberId, queryClient, t],
  );

  const confirm = () => {
    const bets = [...pending].map(([spot, amount]) => ({ spot, amount: stakeInput(amount) }));
    const small = bets.find((bet) => units(bet.amount) < units(limitFor(bet.spot).min));
    if (small) {
      showToast({ content: t('stakeTooSmall', { min: money(limitFor(small.spot).min) }) });
      return;
    }
    void send(bets, pendingTotal);
  };

  const phase = !table.open ? 'closed' : (round?.phase ?? 'closed');
  return (
    <div className={styles.page}>
      <PageHeader
        title={table.name}
        fallback={paths.home}
        right={
          round?.phase === 'settled' ? (
            <Link className={styles.headerLink} to={`${paths.casinoVerify}?round=${round.id}`}>
              {t('verifyRound')}
            </Link>
          ) : undefined
        }
      />
      <section className={styles.felt} aria-live="polite">
        <div className={styles.status}>
          <span className={styles.roundNo}>{round ? t('round', { number: round.number }) : ''}</span>
          <span className={`${styles.phase} ${styles[`phase_${phase}`] ?? ''}`} data-testid="phase">
            {phase === 'closed' ? t('tableClosed') : open ? t('phase.betting') : t(`phase.${phase}`)}
          </span>
          <span className={styles.countdown} data-testid="countdown">
            {seconds !== null && seconds > 0 ? t('closesIn', { seconds }) : ''}
          </span>
        </div>
        {round?.phase === 'refunded' && <p className={styles.banner}>{t('refunded')}</p>}
        {shown && (
          <>
            {/* While bets are taken the result on show is the previous round's: say whose. */}
            {!round?.outcome && table.recent[0] && (
              <p className={styles.outcomeCaption}>{t('lastResult', { number: table.recent[0].number })}</p>
            )}
            <OutcomeView outcome={shown} />
          </>
        )}
        {lastWin && (
          <p className={lastWin.payout > lastWin.stake ? styles.win : styles.loss} data-testid="my-result">
            {t('round', { number: lastWin.number })} ·{' '}
            {lastWin.payout > lastWin.stake
              ? t('youWon', { amount: money(lastWin.payout - lastWin.stake) })
              : lastWin.payout === 0n
                ? t('youLost')
                : t('returned', { payout: money(lastWin.payout), net: money(lastWin.payout - lastWin.stake) })}
          </p>
        )}
      </section>

      <section className={styles.section} aria-label={t('roads')}>
        <Roads game={table.game} recent={table.recent} />
      </section>

      <section className={styles.section} aria-label={t('chips')}>
        <p className={styles.limits}>
          {t('limits', { min: money(table.limits.min), max: money(table.limits.max) })}
          {mineTotal > 0n && <span> · {t('myBets', { total: money(mineTotal) })}</span>}
        </p>
        <BetBoard game={table.game} stakes={stakes} lit={lit} disabled={!open || !signedIn} onSpot={addChip} />
      </section>

      <Rules game={table.game} />

      <div className={styles.dock}>
        {signedIn ? (
          <>
            <fieldset className={styles.chips} aria-label={t('chips')}>
              {CHIPS.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={value === chip}
                  className={`${styles.chip} ${styles[`chip_${value}`]} ${value === chip ? styles.chipOn : ''}`}
                  onClick={() => setChip(value)}
                >
                  {value >= 1000 ? `${value / 1000}K` : value}
                </button>
              ))}
            </fieldset>
            <div className={styles.dockRow}>
              <span className={styles.dockBalance}>
                {t('balance')} <b data-testid="balance">{balance ? money(balance.balance) : '--'}</b>
                {pendingTotal > 0n && <em> · {t('pending', { total: money(pendingTotal) })}</em>}
              </span>
              <Button size="small" shape="rounded" disabled={pending.size === 0} onClick={() => setPending(new Map())}>
                {t('clear')}
              </Button>
              <Button
                size="small"
                shape="rounded"
                color="primary"
                disabled={!open || pending.size === 0}
                loading={sending}
                onClick={confirm}
              >
                {t('confirm')}
              </Button>
            </div>
          </>
        ) : (
          <div className={styles.dockRow}>
            <span className={styles.dockBalance}>{t('watching')}</span>
            <Link className={styles.signIn} to={`${paths.login}?redirect=${encodeURIComponent(pathname)}`}>
              {t('signIn')}
            </Link>
          </div>
        )}
      </div>
      <ReconnectingNote />
    </div>
  );
}

function Rules({ game }: { game: TableDetail['game'] }) {
  const { t } = useTranslation('casino');
  return (
    <details className={styles.rules}>
      <summary>{t('rules')}</summary>
      <p>{t(`paytable.${game}`)}</p>
    </details>
  );
}

/** The member's bets in the round after a bet action: per spot, the stakes added. */
function mergeBets(
  mine: ReadonlyArray<{ spot: string; amount: string }>,
  added: ReadonlyArray<{ spot: string; amount: string }>,
): Array<{ spot: string; amount: string }> {
  const totals = new Map<string, bigint>();
  for (const bet of [...mine, ...added]) totals.set(bet.spot, (totals.get(bet.spot) ?? 0n) + units(bet.amount));
  return [...totals].map(([spot, amount]) => ({ spot, amount: wire(amount) }));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every spot the board shows, to light the winners. */
function allSpots(game: TableDetail['game']): string[] {
  switch (game) {
    case 'baccarat':
    case 'baccarat_no_commission':
      return ['player', 'banker', 'tie', 'player_pair', 'banker_pair'];
    case 'dragon_tiger':
      return ['dragon', 'tiger', 'tie'];
    case 'sic_bo':
      return [
        'big',
        'small',
        'odd',
        'even',
        'any_triple',
        ...range(4, 17).map((n) => `total:${n}`),
        ...range(1, 6).flatMap((n) => [`triple:${n}`, `double:${n}`, `single:${n}`]),
      ];
    case 'roulette':
      return [
        ...range(0, 36).map((n) => `straight:${n}`),
        ...range(1, 3).flatMap((n) => [`dozen:${n}`, `column:${n}`]),
        'red',
        'black',
        'odd',
        'even',
        'low',
        'high',
      ];
  }
}
