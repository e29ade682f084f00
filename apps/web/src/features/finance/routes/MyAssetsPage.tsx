import type { WalletRecord } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoopOutline, PayCircleOutline, ReceivePaymentOutline, RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { money, wireToUnits } from '../amount';
import { MemberGate } from '../components/MemberGate';
import { assetsQuery, financeKeys } from '../finance.api';
import '../assets.locale';
import '../finance.locale';
import styles from '../finance.module.css';

export default function MyAssetsPage() {
  const { t } = useTranslation('assets');
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.center} />
      <MemberGate>{(memberId) => <Assets memberId={memberId} />}</MemberGate>
    </div>
  );
}

function Assets({ memberId }: { memberId: string }) {
  const { t } = useTranslation('assets');
  const queryClient = useQueryClient();
  const assets = useQuery(assetsQuery(memberId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: financeKeys.assets(memberId) });

  if (assets.isPending) return <LoadingState minHeight={320} />;
  if (assets.isError) return <ErrorState message={assets.error.message} onRetry={() => void assets.refetch()} />;
  const { main, frozen, venues, total, recent } = assets.data;
  const venueTotal = venues.reduce((sum, venue) => sum + wireToUnits(venue.balance), 0n);

  return (
    <PullRefresh onRefresh={refresh}>
      <section className={styles.assetsHero}>
        <span className={styles.walletHeroLabel}>{t('total')}</span>
        <strong className={styles.walletHeroAmount}>{money(total)}</strong>
        <dl className={styles.breakdown}>
          <div>
            <dt>{t('mainWallet', { ns: 'finance' })}</dt>
            <dd>{money(main)}</dd>
          </div>
          <div>
            <dt>{t('frozen', { ns: 'finance' })}</dt>
            <dd>{money(frozen)}</dd>
          </div>
          <div>
            <dt>{t('venueTotal')}</dt>
            <dd>{money(venueTotal)}</dd>
          </div>
        </dl>
      </section>

      <nav className={styles.entries}>
        <Link to={paths.deposit} className={styles.entry}>
          <ReceivePaymentOutline aria-hidden />
          <span>{t('deposit')}</span>
        </Link>
        <Link to={paths.withdraw} className={styles.entry}>
          <PayCircleOutline aria-hidden />
          <span>{t('withdraw')}</span>
        </Link>
        <Link to={paths.transfer} className={styles.entry}>
          <LoopOutline aria-hidden />
          <span>{t('transfer')}</span>
        </Link>
      </nav>

      {venues.length > 0 && (
        <section className={styles.section} aria-labelledby="assets-venues-title">
          <h2 id="assets-venues-title" className={styles.sectionTitle}>
            {t('transfer.venues', { ns: 'finance' })}
          </h2>
          <ul className={styles.venueGrid}>
            {venues.map((venue) => (
              <li key={venue.code} className={styles.venue}>
                <span className={styles.venueName}>{venue.name}</span>
                <span className={styles.venueBalance}>
                  {venue.maintenance ? t('maintenance', { ns: 'finance' }) : money(venue.balance)}
                </span>
                {wireToUnits(venue.pending) > 0n && (
                  <span className={styles.venuePending}>
                    {t('pending', { ns: 'finance', amount: money(venue.pending) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.section} aria-labelledby="assets-recent-title">
        <div className={styles.sectionHead}>
          <h2 id="assets-recent-title" className={styles.sectionTitle}>
            {t('recent')}
          </h2>
          <Link to={paths.transactionRecord} className={styles.sectionLink}>
            {t('more')}
          </Link>
        </div>
        {recent.length === 0 ? (
          <p className={styles.emptyLine}>{t('noRecent')}</p>
        ) : (
          <ul className={styles.list}>
            {recent.map((record) => (
              <li key={record.id}>
                <RecordRow record={record} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </PullRefresh>
  );
}

function RecordRow({ record }: { record: WalletRecord }) {
  const { t } = useTranslation('assets');
  const units = wireToUnits(record.amount);
  const negative = record.amount.startsWith('-');
  const label = t(`codes.${record.code}`, { defaultValue: t(`types.${record.type}`) });
  const account = record.account.split(':')[0] as 'main' | 'frozen' | 'venue' | 'transit';
  const accountLabel = account === 'main' ? '' : t(`accounts.${account}`, { defaultValue: '' });
  // The platform's clock, as the transaction records this row links to show the same movement.
  const timeZone = usePlatformTimeZone();
  return (
    <Link to={`${paths.transactionDetail}?id=${encodeURIComponent(record.id)}`} className={styles.recordRow}>
      <span className={styles.listMain}>
        <span className={styles.listTitle}>
          {label}
          {accountLabel && <span className={styles.recordAccount}>{accountLabel}</span>}
        </span>
        <time className={styles.listMeta} dateTime={record.createdAt}>
          {platformDateTime(record.createdAt, timeZone)}
        </time>
      </span>
      <span className={`${styles.recordAmount} ${negative ? styles.amountOut : styles.amountIn}`}>
        {negative ? '-' : '+'}
        {money(negative ? -units : units)}
      </span>
      <RightOutline className={styles.chevron} aria-hidden />
    </Link>
  );
}
