import {
  type CasinoBetRecord,
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  type DatePreset,
  type VendorBetRecord,
} from '@jinb/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { RecordKindTabs } from '../../../shared/ui/RecordKindTabs';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { casinoBetsQuery, vendorBetsQuery } from '../casino.api';
import { money, units } from '../casino-format';
import { spotLabel } from '../spots';
import '../casino.locale';
import styles from '../casino.module.css';

function readPreset(value: string | null): DatePreset {
  const parsed = Number(value);
  return value !== null && (DATE_PRESETS as readonly number[]).includes(parsed) ? (parsed as DatePreset) : -1;
}

/**
 * /user/bettingRecord?kind=casino (真人: our tables' bets, each with its round's seed and a verify link) and
 * ?kind=vendor (电子: external vendors' bets with their valid turnover), by the spec's date presets.
 */
export default function CasinoRecordsPage() {
  const { t } = useTranslation('casino');
  const { pathname, search } = useLocation();
  const signedIn = useSession(selectIsLoggedIn);
  const signedOutByMember = useSession((state) => state.signedOutByMember);
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') === 'vendor' ? 'vendor' : 'casino';
  const [preset, setPreset] = useState(() => readPreset(params.get('preset')));
  const current = useCurrentUser();
  if (!signedIn) {
    const login = `${paths.login}?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
    return <Navigate to={signedOutByMember ? paths.home : login} replace />;
  }
  const choose = (next: DatePreset) => {
    setPreset(next);
    const query = new URLSearchParams({ kind });
    if (next !== -1) query.set('preset', String(next));
    setParams(query, { replace: true });
  };
  const memberId = current.user?.id ?? '';
  return (
    <div className={styles.recordsPage}>
      <div className={styles.recordsSticky}>
        <PageHeader title={t('records.title')} fallback={paths.center} />
        <RecordKindTabs current={kind} />
        <fieldset className={styles.presets}>
          <legend className="visually-hidden">{t('records.dateFilter')}</legend>
          {DATE_PRESETS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === preset}
              className={option === preset ? styles.presetActive : styles.preset}
              onClick={() => choose(option)}
            >
              {t(`records.presets.${DATE_PRESET_LABELS[option]}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {current.status === 'error' && <ErrorState onRetry={current.reload} />}
      {current.status === 'loading' && <LoadingState minHeight={320} />}
      {current.status === 'ready' &&
        (kind === 'casino' ? (
          <CasinoList memberId={memberId} preset={preset} />
        ) : (
          <VendorList memberId={memberId} preset={preset} />
        ))}
    </div>
  );
}

function Totals({ totals }: { totals?: { stake: string; payout: string; valid: string } }) {
  const { t } = useTranslation('casino');
  return (
    <dl className={styles.totals} aria-busy={!totals}>
      {(['stake', 'payout', 'valid'] as const).map((key) => (
        <div key={key}>
          <dt>{t(`records.totals.${key}`)}</dt>
          <dd>{totals ? money(totals[key]) : '--'}</dd>
        </div>
      ))}
    </dl>
  );
}

function CasinoList({ memberId, preset }: { memberId: string; preset: DatePreset }) {
  const { t } = useTranslation('casino');
  const timeZone = usePlatformTimeZone();
  const bets = useInfiniteQuery(casinoBetsQuery(memberId, preset, timeZone));
  return (
    <>
      <Totals totals={bets.data?.pages[0]?.totals} />
      <div className={styles.recordList}>
        <PagedList
          query={bets}
          itemKey={(bet) => bet.id}
          renderItem={(bet) => <CasinoRow bet={bet} timeZone={timeZone} />}
          emptyText={preset === -1 ? t('records.empty') : t('records.emptyFiltered')}
        />
      </div>
    </>
  );
}

function Net({ stake, payout }: { stake: string; payout: string | null }) {
  if (payout === null) return null;
  const net = units(payout) - units(stake);
  const text = net > 0n ? `+${money(net)}` : money(net);
  return <b className={net > 0n ? styles.netIn : net < 0n ? styles.netOut : undefined}>{text}</b>;
}

function CasinoRow({ bet, timeZone }: { bet: CasinoBetRecord; timeZone: string }) {
  const { t } = useTranslation('casino');
  return (
    <article className={styles.recordRow} data-testid="casino-bet">
      <header className={styles.recordTop}>
        <span className={styles.recordGame}>
          {bet.tableName} · {t('round', { number: bet.roundNumber })}
        </span>
        <span className={`${styles.recordStatus} ${styles[`status_${bet.status}`] ?? ''}`}>
          {t(`records.status.${bet.status}`)}
        </span>
      </header>
      <ul className={styles.recordSpots}>
        {bet.spots.map((spot) => (
          <li key={spot.spot}>
            {spotLabel(t, spot.spot)} <b>{money(spot.amount)}</b>
            {spot.payout !== null && units(spot.payout) > 0n && <em> → {money(spot.payout)}</em>}
          </li>
        ))}
      </ul>
      <p className={styles.recordMoney}>
        <span>
          {t('records.stake')} <b>{money(bet.stake)}</b>
        </span>
        <span>
          {t('records.payout')} <b>{bet.payout === null ? '--' : money(bet.payout)}</b>{' '}
          <Net stake={bet.stake} payout={bet.payout} />
        </span>
      </p>
      <footer className={styles.recordFoot}>
        <time dateTime={bet.placedAt}>{platformDateTime(bet.placedAt, timeZone)}</time>
        {bet.seed && (
          <>
            <span className={styles.recordSeed} title={bet.seed}>
              {t('records.seed')} {bet.seed.slice(0, 10)}…
            </span>
            <Link className={styles.recordVerify} to={`${paths.casinoVerify}?round=${bet.roundId}`}>
              {t('records.verify')}
            </Link>
          </>
        )}
      </footer>
    </article>
  );
}

function VendorList({ memberId, preset }: { memberId: string; preset: DatePreset }) {
  const { t } = useTranslation('casino');
  const timeZone = usePlatformTimeZone();
  const bets = useInfiniteQuery(vendorBetsQuery(memberId, preset, timeZone));
  return (
    <>
      <Totals totals={bets.data?.pages[0]?.totals} />
      <div className={styles.recordList}>
        <PagedList
          query={bets}
          itemKey={(bet) => bet.id}
          renderItem={(bet) => <VendorRow bet={bet} timeZone={timeZone} />}
          emptyText={preset === -1 ? t('records.empty') : t('records.emptyFiltered')}
        />
      </div>
    </>
  );
}

function VendorRow({ bet, timeZone }: { bet: VendorBetRecord; timeZone: string }) {
  const { t } = useTranslation('casino');
  return (
    <article className={styles.recordRow} data-testid="vendor-bet">
      <header className={styles.recordTop}>
        <span className={styles.recordGame}>
          {bet.gameName} · {bet.vendor}
        </span>
        <span className={`${styles.recordStatus} ${styles[`status_${bet.status}`] ?? ''}`}>
          {t(`records.status.${bet.status}`)}
        </span>
      </header>
      <p className={styles.recordMoney}>
        <span>
          {t('records.stake')} <b>{money(bet.stake)}</b>
        </span>
        <span>
          {t('records.valid')} <b>{money(bet.valid)}</b>
        </span>
        <span>
          {t('records.payout')} <b>{bet.payout === null ? '--' : money(bet.payout)}</b>{' '}
          <Net stake={bet.stake} payout={bet.payout} />
        </span>
      </p>
      <footer className={styles.recordFoot}>
        <time dateTime={bet.placedAt}>{platformDateTime(bet.placedAt, timeZone)}</time>
        <span className={styles.recordSeed}>
          {t('records.reference')} {bet.reference}
        </span>
      </footer>
    </article>
  );
}
