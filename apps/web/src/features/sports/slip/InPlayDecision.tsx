import type { BetChange } from '@jinb/contract';
import type { BetView } from '@jinb/contract/sports';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { get } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useTopic } from '../../../shared/realtime/use-topic';
import { sessionKeys } from '../../../shared/session/session.queries';
import { sportsKeys } from '../sports.api';
import { money } from '../sports-format';
import styles from './BetSlip.module.css';

/** How often the slip asks for the bet once its delay is over and the channel has said nothing. */
export const DECISION_POLL_MS = 1_000;
/** Past this the slip stops asking and points to the betting records (the bet is decided there either way). */
export const DECISION_GIVE_UP_MS = 60_000;

/**
 * The delay the book holds this bet for, if its answer says: `decideAt` (when it is decided) or `delay` (seconds).
 * The contract's bet view does not carry either yet; without them the slip shows the seconds waited instead.
 */
export function decisionDeadline(bet: BetView, receivedAt: number): number | null {
  const extra = bet as BetView & { decideAt?: unknown; delay?: unknown };
  if (typeof extra.decideAt === 'string') {
    const at = Date.parse(extra.decideAt);
    if (!Number.isNaN(at)) return at;
  }
  if (typeof extra.delay === 'number' && extra.delay >= 0) return receivedAt + extra.delay * 1000;
  return null;
}

type Decision = 'pending' | 'stood' | 'refused' | 'unknown';

function decisionOf(status: string): Decision {
  if (status === 'pending') return 'pending';
  return status === 'refused' ? 'refused' : 'stood';
}

/**
 * An in-play bet in its delay: a countdown (or, when the delay is not known, the seconds waited), then what the book
 * decided, from the `bets` topic or by asking for the bet once the countdown is over.
 */
export function InPlayDecision({ bet }: { bet: BetView }) {
  const { t } = useTranslation('sports');
  const queryClient = useQueryClient();
  const [receivedAt] = useState(() => Date.now());
  const deadline = decisionDeadline(bet, receivedAt);
  const [now, setNow] = useState(receivedAt);
  const [decision, setDecision] = useState<Decision>('pending');
  const decided = useRef(false);

  const settle = (next: Decision) => {
    if (decided.current || next === 'pending') return;
    decided.current = true;
    setDecision(next);
    // The stake came back (refused) or the bet now stands: the balance and the lists say so.
    void queryClient.invalidateQueries({ queryKey: sessionKeys.balance() });
    void queryClient.invalidateQueries({ queryKey: [...sportsKeys.all, 'bets'] });
  };

  const settleNow = useRef(settle);
  settleNow.current = settle;

  useTopic<BetChange>('bets', (change) => {
    if (change?.id === bet.id) settle(decisionOf(change.status));
  });

  useEffect(() => {
    if (decision !== 'pending') return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [decision]);

  // Ask for the bet once the countdown is over (at once, every second, when the delay is unknown).
  const due = decision === 'pending' && now >= (deadline ?? receivedAt + DECISION_POLL_MS);
  useEffect(() => {
    if (!due) return;
    let stopped = false;
    let timer: number | undefined;
    const ask = async () => {
      try {
        const detail = await get('betDetail', { query: { id: bet.id } });
        if (stopped) return;
        if (detail.status !== 'pending') {
          settleNow.current(decisionOf(detail.status));
          return;
        }
      } catch {
        // A failed look is asked again; the topic may answer first.
      }
      if (stopped) return;
      if (Date.now() - receivedAt > DECISION_GIVE_UP_MS) {
        decided.current = true;
        setDecision('unknown');
        return;
      }
      timer = window.setTimeout(ask, DECISION_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [due, bet.id, receivedAt]);

  const detailLink = `${paths.bettingDetail}?id=${encodeURIComponent(bet.id)}`;
  if (decision === 'stood' || decision === 'refused') {
    const stood = decision === 'stood';
    return (
      <section className={styles.resultBlock} role={stood ? 'status' : 'alert'}>
        {stood ? <CheckCircleFill className={styles.okIcon} /> : <ExclamationCircleFill className={styles.failIcon} />}
        <h3 className={styles.resultTitle}>{t(stood ? 'slip.inPlayStood' : 'slip.inPlayRefused')}</h3>
        <p className={styles.resultText}>
          {t('slip.betId', { orderNo: bet.orderNo })} · {t('record.totalStake')} {money(bet.totalStake)}
        </p>
        <Link className={styles.link} to={detailLink}>
          {t('slip.viewBet')}
        </Link>
      </section>
    );
  }

  const waited = Math.floor((now - receivedAt) / 1000);
  const left = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  const total = deadline === null ? 0 : Math.max(1, deadline - receivedAt);
  const percent = deadline === null ? 0 : Math.min(100, Math.round(((now - receivedAt) / total) * 100));
  return (
    <section className={styles.resultBlock} aria-live="polite" aria-busy={decision === 'pending'}>
      <h3 className={styles.resultTitle}>{t('slip.inPlayChecking')}</h3>
      {decision === 'unknown' ? (
        <p className={styles.resultText}>{t('slip.inPlayUnknown')}</p>
      ) : (
        <>
          <div className={styles.decisionBar}>
            {deadline === null ? (
              <span className={styles.decisionIndeterminate} role="progressbar" aria-label={t('slip.inPlayChecking')} />
            ) : (
              <span
                className={styles.decisionTrack}
                role="progressbar"
                aria-label={t('slip.inPlayChecking')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span className={styles.decisionFill} style={{ width: `${percent}%` }} />
              </span>
            )}
          </div>
          <p className={styles.decisionText}>
            {left !== null && left > 0
              ? t('slip.inPlayCountdown', { seconds: left })
              : t('slip.inPlayElapsed', { seconds: waited })}
          </p>
        </>
      )}
      <p className={styles.resultText}>
        {t('slip.betId', { orderNo: bet.orderNo })} · {t('record.totalStake')} {money(bet.totalStake)}
      </p>
      {decision === 'unknown' && (
        <Link className={styles.link} to={detailLink}>
          {t('slip.viewBet')}
        </Link>
      )}
    </section>
  );
}
