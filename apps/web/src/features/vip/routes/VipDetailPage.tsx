import type { RewardGrantView } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { BirthdaySetter } from '../components/BirthdaySetter';
import { LevelCard } from '../components/LevelCard';
import { VipPayouts } from '../payouts/VipPayouts';
import { vipGrantsQuery, vipsQuery } from '../vip.api';
import '../vip.locale';
import styles from '../vip.module.css';

const RULES = ['levels', 'keep', 'wages', 'rebate', 'turnover'] as const;

function GrantRow({ grant, timeZone }: { grant: RewardGrantView; timeZone: string }) {
  const { t } = useTranslation('vip');
  const name = typeof grant.detail.name === 'string' ? ` · ${grant.detail.name}` : '';
  return (
    <div className={styles.grant}>
      <div>
        <div className={styles.grantName}>
          {t(`received.programmes.${grant.programme}`)}
          {name}
        </div>
        <div className={styles.grantMeta}>
          {platformDateTime(grant.createdAt, timeZone)} ·{' '}
          {t('received.turnover', { value: truncateMoney(grant.turnoverRequired) })}
        </div>
      </div>
      <span className={styles.grantAmount}>+{truncateMoney(grant.amount)}</span>
    </div>
  );
}

/**
 * /user/vip/detail (members): the level card, the privileges explained, the birthday (set once), the payouts waiting
 * to be claimed, and everything received from the VIP programmes and the rebate.
 */
export default function VipDetailPage() {
  const { t } = useTranslation('vip');
  const timeZone = usePlatformTimeZone();
  const vips = useQuery(vipsQuery(true));
  const grants = useInfiniteQuery(vipGrantsQuery());
  const standing = vips.data?.member ?? null;

  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} fallback={paths.vipPrivilege} />
      <div className={styles.body}>
        {vips.isPending && <LoadingState />}
        {vips.isError && !vips.data && <ErrorState message={vips.error.message} onRetry={() => void vips.refetch()} />}
        {standing && <LevelCard standing={standing} />}
        <section className={styles.section} aria-labelledby="vip-rules-title">
          <h2 id="vip-rules-title" className={styles.sectionTitle}>
            {t('rules.title')}
          </h2>
          <ol className={styles.rules}>
            {RULES.map((rule) => (
              <li key={rule}>{t(`rules.${rule}`)}</li>
            ))}
          </ol>
        </section>
        {standing && <BirthdaySetter birthday={standing.birthday} />}
        {/* VIP payouts waiting to be claimed (features/vip/payouts). */}
        <VipPayouts />
      </div>
      <h2 className={styles.receivedTitle}>{t('received.title')}</h2>
      <PagedList
        query={grants}
        itemKey={(grant) => grant.id}
        renderItem={(grant) => <GrantRow grant={grant} timeZone={timeZone} />}
        emptyText={t('received.empty')}
      />
    </div>
  );
}
