import type { CashoutChange } from '@jinb/contract';
import type { BetView } from '@jinb/contract/sports';
import { formatAmount, truncateMoney } from '@jinb/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFallbackPoll, useTopic } from '../../../shared/realtime/use-topic';
import { sessionKeys } from '../../../shared/session/session.queries';
import { showToast } from '../../../shared/ui/toast';
import { sportsKeys } from '../sports.api';
import { money } from '../sports-format';
import styles from './CashOut.module.css';
import {
  type CashoutQuote,
  cashOut,
  cashoutKeys,
  hasQuote,
  newQuoteOf,
  partOf,
  type QuoteState,
  quoteFromChange,
  quoteQuery,
} from './cashout.api';

/** The partial slider's steps: a tenth of the stake at a time, never all of it (that is the full cash out). */
const PART_MIN = 10;
const PART_MAX = 90;
const PART_STEP = 10;

/** Quotes pushed by the `cashout` topic land in the quote queries the buttons read. */
export function useCashoutTopic(memberId: string): void {
  const queryClient = useQueryClient();
  useTopic<CashoutChange>(
    memberId ? 'cashout' : null,
    (change) => {
      if (!change || typeof change.betId !== 'string') return;
      const key = cashoutKeys.quote(memberId, change.betId);
      const known = queryClient.getQueryData<QuoteState>(key);
      // The push names no stake: the one the last quote was for (a partial cash out reads the quote again anyway).
      const stake = hasQuote(known) ? known.stake : '';
      queryClient.setQueryData(key, quoteFromChange(change, stake));
    },
    () => void queryClient.invalidateQueries({ queryKey: [...sportsKeys.bets(memberId), 'cashout'] }),
  );
}

type CashOutProps = {
  bet: Pick<BetView, 'id' | 'status' | 'type' | 'totalStake'>;
  memberId: string;
  /** The bet detail says why a bet cannot be cashed; a row in the list just shows no button. */
  explain?: boolean;
};

/** "提前结算 ¥X" on an open bet with a quote, and the sheet that confirms it in full or in part. */
export function CashOut({ bet, memberId, explain = false }: CashOutProps) {
  const { t } = useTranslation('sports');
  const poll = useFallbackPoll(30_000);
  const quote = useQuery({ ...quoteQuery(memberId, bet.id), enabled: bet.status === 'open', refetchInterval: poll });
  const [open, setOpen] = useState(false);
  if (bet.status !== 'open' || bet.type === 'system') return null;
  const state = quote.data;
  if (!hasQuote(state)) {
    if (!explain || !state) return null;
    return (
      <p className={styles.unavailable}>
        {t('cashout.unavailable')}
        {state.reason ? `：${state.reason}` : ''}
      </p>
    );
  }
  return (
    <>
      <Button
        className={styles.button}
        color="warning"
        fill="outline"
        size="small"
        shape="rounded"
        onClick={(event) => {
          // Inside a record row (a link to the bet): the tap is the button's, not the row's.
          event.preventDefault();
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {t('cashout.button', { amount: money(state.amount) })}
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <CashOutSheet
          betId={bet.id}
          stake={bet.totalStake}
          quote={state}
          memberId={memberId}
          onClose={() => setOpen(false)}
        />
      </Popup>
    </>
  );
}

type SheetProps = { betId: string; stake: string; quote: CashoutQuote; memberId: string; onClose: () => void };

/** The confirmation: money leaves the bet only after the member has seen the amount and tapped to accept it. */
function CashOutSheet({ betId, stake, quote, memberId, onClose }: SheetProps) {
  const { t } = useTranslation('sports');
  const queryClient = useQueryClient();
  const titleId = useId();
  const partId = useId();
  const [partial, setPartial] = useState(false);
  const [percent, setPercent] = useState(50);
  const [changed, setChanged] = useState(false);
  const key = useRef<{ action: string; key: string } | null>(null);
  const stakeOfQuote = quote.stake || stake;
  const part = partOf(stakeOfQuote, quote.amount, percent);
  const remaining = partOf(stakeOfQuote, quote.amount, 100).stake - part.stake;
  const amount = partial ? part.amount : partOf(stakeOfQuote, quote.amount, 100).amount;

  const accept = useMutation({
    mutationFn: () => {
      const body = {
        id: betId,
        quoteId: quote.quoteId,
        ...(partial ? { amount: truncateMoney(formatAmount(part.stake)) } : {}),
      };
      // The same key for a retry of the same acceptance (a timeout), a new one for a new quote or part.
      const action = JSON.stringify(body);
      if (key.current?.action !== action) key.current = { action, key: crypto.randomUUID() };
      return cashOut(body, key.current.key);
    },
    onSuccess: (result) => {
      showToast({ icon: 'success', content: t('cashout.done', { amount: money(result.amount) }) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.balance() });
      void queryClient.invalidateQueries({ queryKey: sportsKeys.bets(memberId) });
      onClose();
    },
    onError: (error) => {
      const fresh = newQuoteOf(error);
      if (fresh) {
        // The value moved beyond the tolerance: the new amount on screen, and the member decides again.
        queryClient.setQueryData(cashoutKeys.quote(memberId, betId), fresh);
        setChanged(true);
      } else void queryClient.invalidateQueries({ queryKey: cashoutKeys.quote(memberId, betId) });
    },
  });
  const refused = accept.error && !newQuoteOf(accept.error) ? accept.error : null;

  return (
    <section className={styles.body} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {t('cashout.title')}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('cashout.cancel')}>
          <CloseOutline />
        </button>
      </div>
      <fieldset className={styles.modes}>
        <legend className="visually-hidden">{t('cashout.title')}</legend>
        {([false, true] as const).map((option) => (
          <button
            key={String(option)}
            type="button"
            aria-pressed={partial === option}
            className={partial === option ? `${styles.mode} ${styles.modeActive}` : styles.mode}
            onClick={() => {
              setPartial(option);
              setChanged(false);
            }}
          >
            {t(option ? 'cashout.partial' : 'cashout.full')}
          </button>
        ))}
      </fieldset>
      {partial && (
        <div className={styles.part}>
          <label htmlFor={partId} className={styles.label}>
            {t('cashout.part')} {percent}%
          </label>
          <input
            id={partId}
            className={styles.slider}
            type="range"
            min={PART_MIN}
            max={PART_MAX}
            step={PART_STEP}
            value={percent}
            onChange={(event) => {
              setPercent(Number(event.target.value));
              setChanged(false);
            }}
          />
          <p className={styles.note}>
            {t('cashout.partValue', { stake: money(part.stake), amount: money(part.amount) })}
            <br />
            {t('cashout.remaining', { stake: money(remaining) })}
          </p>
        </div>
      )}
      <p className={styles.amountLabel}>{t('cashout.youGet')}</p>
      <p className={styles.amount} aria-live="polite">
        {money(amount)}
      </p>
      {changed && (
        <p className={styles.changed} role="alert">
          {t('cashout.newQuote', { amount: money(amount) })}
        </p>
      )}
      {refused && (
        <p className={styles.error} role="alert">
          {refused instanceof ApiError ? refused.message : String(refused)}
        </p>
      )}
      <p className={styles.hint}>{t('cashout.confirmHint')}</p>
      <div className={styles.actions}>
        <Button shape="rounded" size="large" onClick={onClose} disabled={accept.isPending}>
          {t('cashout.cancel')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          size="large"
          loading={accept.isPending}
          loadingText={t('cashout.submitting')}
          onClick={() => {
            setChanged(false);
            accept.mutate();
          }}
        >
          {t('cashout.confirm')}
        </Button>
      </div>
    </section>
  );
}
