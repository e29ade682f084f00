import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { agentInfoQuery } from '../agent.api';
import { money } from '../agent-format';
import '../agent.locale';
import styles from '../agent.module.css';
import { CommissionList } from '../components/CommissionList';
import { DownlineList } from '../components/DownlineList';
import { InviteCard } from '../components/InviteCard';
import { SchemeCard } from '../components/SchemeCard';

type Tab = 'invite' | 'commissions' | 'downline';

/** /user/agentPage: the invite link and QR code, the scheme, the commission per period, the downline. */
export default function AgentPage() {
  const { t } = useTranslation('agent');
  const info = useQuery(agentInfoQuery);
  const [tab, setTab] = useState<Tab>('invite');

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <PageHeader title={t('title')} fallback={paths.center} />
        {info.data && (
          <dl className={styles.stats}>
            <div>
              <dt>{t('stats.direct')}</dt>
              <dd data-testid="stat-direct">{info.data.direct}</dd>
            </div>
            <div>
              <dt>{t('stats.second')}</dt>
              <dd>{info.data.second}</dd>
            </div>
            <div>
              <dt>{t('stats.paid')}</dt>
              <dd>{money(info.data.paid)}</dd>
            </div>
            <div>
              <dt>{t('stats.waiting')}</dt>
              <dd>{money(info.data.waiting)}</dd>
            </div>
          </dl>
        )}
        <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className={styles.tabs}>
          {(['invite', 'commissions', 'downline'] as const).map((one) => (
            <Tabs.Tab key={one} title={t(`tabs.${one}`)} />
          ))}
        </Tabs>
      </div>
      {tab === 'invite' && (
        <PullRefresh onRefresh={() => info.refetch()}>
          <div className={styles.body}>
            {info.isPending && <LoadingState minHeight={320} />}
            {info.isError && !info.data && (
              <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />
            )}
            {info.data && (
              <>
                <InviteCard info={info.data} />
                <SchemeCard scheme={info.data.scheme} />
              </>
            )}
          </div>
        </PullRefresh>
      )}
      {tab === 'commissions' && (
        <div className={styles.list}>
          <CommissionList />
        </div>
      )}
      {tab === 'downline' && (
        <div className={styles.list}>
          <DownlineList />
        </div>
      )}
    </div>
  );
}
