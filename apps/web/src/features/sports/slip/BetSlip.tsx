import { ACCEPT_ODDS, type AcceptOdds, MAX_BET_LEGS } from '@jinb/contract';
import type { BetView } from '@jinb/contract/sports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { CheckCircleFill, CloseOutline, ExclamationCircleFill, UpOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { sanitizeAmountInput } from '../../../shared/forms/amount-input';
import type { TFunction } from '../../../shared/i18n/translator';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { balanceQuery, useBalance } from '../../../shared/session/session.queries';
import { errorMessage } from '../../../shared/ui/feedback';
import { pickLabel } from '../market-labels';
import { type SportsSettingsView, useChangePreferences, useOddsFormat, useSportsConfig } from '../preferences';
import { placeBet, sportsKeys } from '../sports.api';
import { money, oddsDirection, plainMoney, showOdds } from '../sports-format';
import styles from './BetSlip.module.css';
import { InPlayDecision } from './InPlayDecision';
import { type BetOutcome, placeAll, planBets, refusedStates } from './place-bets';
import {
  MIN_SYSTEM_LEGS,
  type Quote,
  quote,
  repeatedEvents,
  type SlipTab,
  type SystemKey,
  stakeUnits,
  systemLabelOf,
  systemLines,
  systemsFor,
} from './slip-math';
import { legMoved, legUnavailable, type SlipLeg, useSlip } from './slip-store';

const TABS: readonly SlipTab[] = ['single', 'parlay', 'system'];

/** No stake the book takes comes near a billion; the box stays readable on a narrow slip. */
const STAKE_WHOLE_DIGITS = 9;

function wireUnits(wire: string): bigint {
  return stakeUnits(plainMoney(wire)) ?? 0n;
}

/** Whether the odds-change policy lets the book take this pick at its new price without asking again. */
function coveredByPolicy(leg: SlipLeg, policy: AcceptOdds): boolean {
  if (!leg.latest || !legMoved(leg)) return true;
  if (policy === 'any') return true;
  return policy === 'higher' && oddsDirection(leg.odds, leg.latest.odds) === 'up';
}

/** Why this tab cannot take these picks, in the member's words; null when it can. */
function tabProblem(tab: SlipTab, legs: readonly SlipLeg[]): string | null {
  if (tab === 'single') return null;
  if (repeatedEvents(legs).size > 0) return 'slip.sameEvent';
  if (tab === 'parlay' && legs.length < 2) return 'slip.parlayNeedsTwo';
  if (tab === 'system' && legs.length < MIN_SYSTEM_LEGS) return 'slip.systemNeedsThree';
  return null;
}

type Phase = { step: 'edit' } | { step: 'review' } | { step: 'result'; outcomes: BetOutcome[] };

/**
 * The bet slip: a bar at the bottom of the sportsbook's pages that opens a sheet with the picks, the bet type (single,
 * parlay, system), the stake, the potential payout as the member types, the odds-change policy, a review step before
 * money leaves, and the book's answer with what to do next. Its picks survive moving between pages and a reload.
 */
export function BetSlip() {
  const { t } = useTranslation('sports');
  const legs = useSlip((state) => state.legs);
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'edit' });
  const config = useSportsConfig();
  const stake = useSlip((state) => state.stake);
  const tab = useSlip((state) => state.tab);
  const system = useSlip((state) => state.system);
  const offered = systemsFor(legs.length);
  const chosenSystem = system && offered.includes(system) ? system : (offered[0] ?? null);
  const units = stakeUnits(stake);
  const current =
    units && !tabProblem(tab, legs)
      ? quote(
          tab,
          legs.map((leg) => leg.odds),
          units,
          chosenSystem,
        )
      : null;

  const close = () => {
    setOpen(false);
    if (phase.step !== 'edit') setPhase({ step: 'edit' });
  };

  if (legs.length === 0 && !open) return null;

  return (
    <>
      <div className={styles.barSpace} />
      <div className={styles.bar}>
        <button type="button" className={styles.barButton} onClick={() => setOpen(true)} aria-label={t('slip.open')}>
          <span className={styles.barCount}>{legs.length}</span>
          <span className={styles.barTitle}>{t('slip.bar')}</span>
          <span className={styles.barInfo}>
            {current ? `${t('slip.potentialPayout')} ${money(current.potentialPayout)}` : t(`slip.tabs.${tab}`)}
          </span>
          <UpOutline className={styles.barArrow} />
        </button>
      </div>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        bodyClassName={styles.sheet}
        aria-label={t('slip.title')}
      >
        <div className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>
            {phase.step === 'review' ? t('slip.reviewTitle') : t('slip.title')}
            {phase.step === 'edit' && legs.length > 0 && <span className={styles.sheetCount}>{legs.length}</span>}
          </h2>
          {phase.step === 'edit' && legs.length > 0 && (
            <button type="button" className={styles.textButton} onClick={() => useSlip.getState().clear()}>
              {t('slip.clear')}
            </button>
          )}
          <button type="button" className={styles.iconButton} onClick={close} aria-label={t('slip.close')}>
            <CloseOutline />
          </button>
        </div>
        {phase.step === 'edit' && (
          <SlipEditor
            config={config}
            quote={current}
            system={chosenSystem}
            onReview={() => setPhase({ step: 'review' })}
          />
        )}
        {phase.step === 'review' && (
          <SlipReview
            config={config}
            quote={current}
            system={chosenSystem}
            onBack={() => setPhase({ step: 'edit' })}
            onDone={(outcomes) => setPhase({ step: 'result', outcomes })}
          />
        )}
        {phase.step === 'result' && (
          <SlipResult outcomes={phase.outcomes} onEdit={() => setPhase({ step: 'edit' })} onClose={close} />
        )}
      </Popup>
    </>
  );
}

function SlipLegs({ legs, editable }: { legs: readonly SlipLeg[]; editable: boolean }) {
  const { t } = useTranslation('sports');
  const format = useOddsFormat();
  const repeated = repeatedEvents(legs);
  return (
    <ul className={styles.legs}>
      {legs.map((leg) => {
        const pick = pickLabel(t, leg.sport, leg, leg.side);
        const moved = legMoved(leg) && leg.latest ? oddsDirection(leg.odds, leg.latest.odds) : null;
        const unavailable = legUnavailable(leg);
        return (
          <li key={leg.selectionId} className={unavailable ? `${styles.leg} ${styles.legOff}` : styles.leg}>
            <div className={styles.legMain}>
              <div className={styles.legTop}>
                <span className={styles.legPick}>{pick}</span>
                {unavailable ? (
                  <span className={styles.legLocked}>
                    {t(leg.latest?.status === 'suspended' ? 'slip.unavailable' : 'slip.closedLeg')}
                  </span>
                ) : moved && leg.latest ? (
                  <span className={styles.legOdds}>
                    <s className={styles.legWas}>{t('slip.was', { odds: showOdds(leg.odds, format) })}</s>
                    <span className={moved === 'up' ? styles.up : styles.down}>
                      {showOdds(leg.latest.odds, format)} {moved === 'up' ? '▲' : '▼'}
                    </span>
                  </span>
                ) : (
                  <span className={styles.legOdds}>{t('slip.atOdds', { odds: showOdds(leg.odds, format) })}</span>
                )}
              </div>
              <div className={styles.legEvent}>
                {leg.home} vs {leg.away}
                {repeated.has(leg.eventId) && <span className={styles.legWarn}>!</span>}
              </div>
            </div>
            {editable && (
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => useSlip.getState().remove(leg.selectionId)}
                aria-label={t('slip.remove', { name: `${leg.home} vs ${leg.away} ${pick}` })}
              >
                <CloseOutline />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function systemName(t: TFunction, system: SystemKey): string {
  const label = systemLabelOf(system);
  return label.kind === 'sized' ? t('slip.kOfN', { k: label.size }) : t(`slip.systems.${label.name}`);
}

type EditorProps = {
  config: SportsSettingsView;
  quote: Quote | null;
  system: SystemKey | null;
  onReview: () => void;
};

function SlipEditor({ config, quote: current, system, onReview }: EditorProps) {
  const { t } = useTranslation('sports');
  const location = useLocation();
  const stakeId = useId();
  const policyId = useId();
  const legs = useSlip((state) => state.legs);
  const tab = useSlip((state) => state.tab);
  const stake = useSlip((state) => state.stake);
  const balance = useBalance();
  const changePreferences = useChangePreferences();

  if (legs.length === 0) return <p className={styles.empty}>{t('slip.empty')}</p>;

  const problem = tabProblem(tab, legs);
  const unavailable = legs.some(legUnavailable);
  const needsAcceptance = legs.some((leg) => !coveredByPolicy(leg, config.acceptOdds));
  const units = stakeUnits(stake);
  const minStake = wireUnits(config.minStake);
  const maxStake = wireUnits(config.maxStake);
  const stakeProblem =
    units === null
      ? null
      : units < minStake
        ? t('slip.stakeTooSmall', { min: plainMoney(config.minStake) })
        : maxStake > 0n && units > maxStake
          ? t('slip.stakeTooLarge', { max: plainMoney(config.maxStake) })
          : null;
  const short =
    config.signedIn && balance !== null && current !== null && current.totalStake > wireUnits(balance.balance);
  const offered = systemsFor(legs.length);
  const ready = !problem && !unavailable && !needsAcceptance && current !== null && !stakeProblem && !short;
  const loginPath = `${paths.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  return (
    <div className={styles.body}>
      <div className={styles.tabs} role="tablist" aria-label={t('slip.title')}>
        {TABS.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={tab === option}
            className={tab === option ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => useSlip.getState().setTab(option)}
          >
            {t(`slip.tabs.${option}`)}
          </button>
        ))}
      </div>
      <div className={styles.scroll}>
        <SlipLegs legs={legs} editable />
        {legs.length >= MAX_BET_LEGS && <p className={styles.note}>{t('slip.maxLegs', { max: MAX_BET_LEGS })}</p>}
        {problem && (
          <p className={styles.warning} role="alert">
            {t(problem)}
          </p>
        )}
        {unavailable && (
          <div className={styles.warning} role="alert">
            <span>{t('slip.unavailableHint')}</span>
            <Button size="small" color="warning" fill="outline" onClick={() => useSlip.getState().removeUnavailable()}>
              {t('slip.removeUnavailable')}
            </Button>
          </div>
        )}
        {needsAcceptance && !unavailable && (
          <div className={styles.warning} role="alert">
            <span>{t('slip.oddsChanged')}</span>
            <Button size="small" color="primary" onClick={() => useSlip.getState().acceptLatest()}>
              {t('slip.acceptNew')}
            </Button>
          </div>
        )}
        {tab === 'system' && !problem && offered.length > 0 && (
          <fieldset className={styles.systems}>
            <legend className={styles.fieldLabel}>{t('slip.systemType')}</legend>
            {offered.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === system}
                className={option === system ? `${styles.chip} ${styles.chipActive}` : styles.chip}
                onClick={() => useSlip.getState().setSystem(option)}
              >
                {systemName(t, option)}
                <span className={styles.chipSub}>{t('slip.lineCount', { count: systemLines(option) })}</span>
              </button>
            ))}
          </fieldset>
        )}
        <div className={styles.stakeRow}>
          <label htmlFor={stakeId} className={styles.fieldLabel}>
            {t('slip.stakeEach')}
          </label>
          <input
            id={stakeId}
            className={styles.stakeInput}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('slip.stakeLimits', {
              min: plainMoney(config.minStake),
              max: plainMoney(config.maxStake),
            })}
            value={stake}
            onChange={(event) =>
              useSlip.getState().setStake(sanitizeAmountInput(event.target.value, STAKE_WHOLE_DIGITS))
            }
            aria-invalid={stakeProblem !== null}
            aria-describedby={stakeProblem ? `${stakeId}-problem` : undefined}
          />
        </div>
        {stakeProblem && (
          <p id={`${stakeId}-problem`} className={styles.fieldError}>
            {stakeProblem}
          </p>
        )}
        <fieldset className={styles.quick}>
          <legend className="visually-hidden">{t('slip.quickStakes')}</legend>
          {config.quickStakes.map((amount) => (
            <button
              key={amount}
              type="button"
              className={styles.quickButton}
              onClick={() => useSlip.getState().setStake(plainMoney(amount))}
            >
              {plainMoney(amount)}
            </button>
          ))}
        </fieldset>
        <div className={styles.policy}>
          <label htmlFor={policyId} className={styles.fieldLabel}>
            {t('slip.acceptOdds')}
          </label>
          <select
            id={policyId}
            className={styles.policySelect}
            value={config.acceptOdds}
            onChange={(event) => changePreferences({ acceptOdds: event.target.value as AcceptOdds })}
          >
            {ACCEPT_ODDS.map((option) => (
              <option key={option} value={option}>
                {t(`slip.acceptOddsOptions.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.footer}>
        <Totals quote={current} />
        {config.signedIn && (
          <p className={styles.balance}>
            <span>
              {t('slip.balance')} {balance ? money(balance.balance) : '--'}
            </span>
            {short && (
              <span className={styles.short} role="alert">
                {t('slip.insufficient')}
                <Link to={paths.deposit} className={styles.link}>
                  {t('slip.deposit')}
                </Link>
              </span>
            )}
          </p>
        )}
        {config.signedIn ? (
          <Button block color="primary" shape="rounded" size="large" disabled={!ready} onClick={onReview}>
            {tab === 'single' && legs.length > 1 ? t('slip.placeSingles', { count: legs.length }) : t('slip.place')}
          </Button>
        ) : (
          <Link to={loginPath} className={styles.loginButton}>
            {t('slip.loginToBet')}
          </Link>
        )}
      </div>
    </div>
  );
}

function Totals({ quote: current }: { quote: Quote | null }) {
  const { t } = useTranslation('sports');
  return (
    <dl className={styles.totals}>
      <div>
        <dt>{t('slip.lineCount', { count: current?.lines ?? 0 })}</dt>
        <dd />
      </div>
      <div>
        <dt>{t('slip.totalStake')}</dt>
        <dd>{money(current?.totalStake ?? 0n)}</dd>
      </div>
      <div>
        <dt>{t('slip.potentialPayout')}</dt>
        <dd className={styles.payout}>{money(current?.potentialPayout ?? 0n)}</dd>
      </div>
    </dl>
  );
}

type ReviewProps = {
  config: SportsSettingsView;
  quote: Quote | null;
  system: SystemKey | null;
  onBack: () => void;
  onDone: (outcomes: BetOutcome[]) => void;
};

/** The last look before money leaves: what is bet, at what odds, for how much, and what it can win. */
function SlipReview({ config, quote: current, system, onBack, onDone }: ReviewProps) {
  const { t } = useTranslation('sports');
  const queryClient = useQueryClient();
  const legs = useSlip((state) => state.legs);
  const tab = useSlip((state) => state.tab);
  const stake = useSlip((state) => state.stake);
  const units = stakeUnits(stake);

  const place = useMutation({
    mutationFn: async () => {
      const bets = planBets(legs, tab, system, units ?? 0n, config.acceptOdds);
      const keys = useSlip.getState().attemptKeys(bets.map((bet) => bet.fingerprint));
      return placeAll(bets, keys, placeBet);
    },
    onSuccess: (outcomes) => {
      const slip = useSlip.getState();
      const accepted = outcomes.filter((outcome) => outcome.ok);
      for (const outcome of outcomes)
        if (!outcome.ok) slip.observe(refusedStates(outcome.error, outcome.bet, slip.legs));
      slip.placed(
        accepted.flatMap((outcome) => outcome.bet.selectionIds),
        accepted.map((outcome) => outcome.bet.fingerprint),
      );
      void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: [...sportsKeys.all, 'bets'] });
      onDone(outcomes);
    },
  });

  if (!current || !units) return null;
  const kind =
    tab === 'system' && system
      ? `${t('slip.tabs.system')} ${systemName(t, system)}`
      : tab === 'parlay'
        ? `${t('slip.tabs.parlay')} ${t('record.parlayOf', { count: legs.length })}`
        : t('slip.tabs.single');

  return (
    <div className={styles.body}>
      <div className={styles.scroll}>
        <p className={styles.reviewKind}>{kind}</p>
        <SlipLegs legs={legs} editable={false} />
        <dl className={styles.reviewList}>
          <div>
            <dt>{t('slip.stakeEach')}</dt>
            <dd>{money(units)}</dd>
          </div>
          <div>
            <dt>{t('slip.acceptOdds')}</dt>
            <dd>{t(`slip.acceptOddsOptions.${config.acceptOdds}`)}</dd>
          </div>
        </dl>
      </div>
      <div className={styles.footer}>
        <Totals quote={current} />
        <div className={styles.actions}>
          <Button shape="rounded" size="large" onClick={onBack} disabled={place.isPending}>
            {t('slip.back')}
          </Button>
          <Button
            color="primary"
            shape="rounded"
            size="large"
            loading={place.isPending}
            loadingText={t('slip.placing')}
            onClick={() => place.mutate()}
          >
            {t('slip.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function AcceptedBet({ bet }: { bet: BetView }) {
  const { t } = useTranslation('sports');
  return (
    <li className={styles.acceptedBet}>
      {/* The number members see in their transaction records and give support, not the row id. */}
      <span>{t('slip.betId', { orderNo: bet.orderNo })}</span>
      <span>
        {t('record.totalStake')} {money(bet.totalStake)} · {t('record.potentialPayout')} {money(bet.potentialPayout)}
      </span>
    </li>
  );
}

/** What happened: the bets taken (with the way to them), or why not and the one thing to do about it. */
function SlipResult({
  outcomes,
  onEdit,
  onClose,
}: {
  outcomes: BetOutcome[];
  onEdit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('sports');
  const location = useLocation();
  // An in-play bet comes back `pending` (held for its delay): it gets its countdown, not a 投注成功 yet.
  const held = outcomes.flatMap((outcome) => (outcome.ok && outcome.view.status === 'pending' ? [outcome.view] : []));
  const accepted = outcomes.flatMap((outcome) =>
    outcome.ok && outcome.view.status !== 'pending' ? [outcome.view] : [],
  );
  const refused = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error]));
  const first = refused[0];
  const code = first instanceof ApiError ? first.code : null;
  // The legs whose price or market changed, so the member sees the new price before accepting it.
  const changed = useSlip((state) => state.legs).filter((leg) => legMoved(leg) || legUnavailable(leg));
  const loginPath = `${paths.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  return (
    <div className={styles.body}>
      <div className={styles.result}>
        {held.map((bet) => (
          <InPlayDecision key={bet.id} bet={bet} />
        ))}
        {accepted.length > 0 && (
          <section className={styles.resultBlock} aria-live="polite">
            <CheckCircleFill className={styles.okIcon} />
            <h3 className={styles.resultTitle}>
              {accepted.length > 1 ? t('slip.acceptedSingles', { count: accepted.length }) : t('slip.accepted')}
            </h3>
            <ul className={styles.acceptedList}>
              {accepted.map((bet) => (
                <AcceptedBet key={bet.id} bet={bet} />
              ))}
            </ul>
            <Link
              className={styles.link}
              to={
                accepted.length === 1 && accepted[0]
                  ? `${paths.bettingDetail}?id=${encodeURIComponent(accepted[0].id)}`
                  : paths.bettingRecord
              }
            >
              {accepted.length === 1 ? t('slip.viewBet') : t('slip.viewRecords')}
            </Link>
          </section>
        )}
        {first && (
          <section className={styles.resultBlock} role="alert">
            <ExclamationCircleFill className={styles.failIcon} />
            <h3 className={styles.resultTitle}>
              {accepted.length + held.length > 0 ? t('slip.refusedSome', { count: refused.length }) : t('slip.refused')}
            </h3>
            <p className={styles.resultText}>{errorMessage(first)}</p>
            {changed.length > 0 && <SlipLegs legs={changed} editable={false} />}
          </section>
        )}
      </div>
      <div className={styles.footer}>
        {!first && (
          <Button block color="primary" shape="rounded" size="large" onClick={onClose}>
            {t('slip.keepBetting')}
          </Button>
        )}
        {code === 'ODDS_CHANGED' && (
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            onClick={() => {
              useSlip.getState().acceptLatest();
              onEdit();
            }}
          >
            {t('slip.acceptNew')}
          </Button>
        )}
        {code === 'INSUFFICIENT_FUNDS' && (
          <Link to={paths.deposit} className={styles.loginButton}>
            {t('slip.deposit')}
          </Link>
        )}
        {code === 'SESSION_EXPIRED' && (
          <Link to={loginPath} className={styles.loginButton}>
            {t('slip.signIn')}
          </Link>
        )}
        {(code === 'MARKET_SUSPENDED' || code === 'MARKET_CLOSED') && (
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            onClick={() => {
              useSlip.getState().removeUnavailable();
              onEdit();
            }}
          >
            {t('slip.removeUnavailable')}
          </Button>
        )}
        {first && (
          <Button block shape="rounded" size="large" onClick={onEdit} className={styles.secondary}>
            {t('slip.back')}
          </Button>
        )}
      </div>
    </div>
  );
}
