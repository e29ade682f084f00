import type { AgentDownlineMember } from '@jinb/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PagedList } from '../../../shared/ui/PagedList';
import { agentDownlineQuery } from '../agent.api';
import styles from '../agent.module.css';
import { money } from '../agent-format';

function MemberRow({ member }: { member: AgentDownlineMember }) {
  const { t } = useTranslation('agent');
  return (
    <div className={styles.row} data-testid="downline-member">
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>{member.account}</span>
        <span className={styles.rowSub}>{t('registered', { date: member.registeredAt })}</span>
      </div>
      <div className={styles.rowSide}>
        <span className={styles.rowSub}>{t('deposits', { amount: money(member.deposits) })}</span>
        <span className={styles.rowSub}>{t('turnover', { amount: money(member.validTurnover) })}</span>
      </div>
    </div>
  );
}

/** The downline by level: who registered with the member's code, and with theirs. */
export function DownlineList() {
  const { t } = useTranslation('agent');
  const [level, setLevel] = useState<1 | 2>(1);
  const downline = useInfiniteQuery(agentDownlineQuery(level));
  return (
    <>
      <fieldset className={styles.levels}>
        <legend className="visually-hidden">{t('tabs.downline')}</legend>
        {([1, 2] as const).map((one) => (
          <button
            key={one}
            type="button"
            aria-pressed={one === level}
            className={one === level ? styles.levelActive : styles.level}
            onClick={() => setLevel(one)}
          >
            {t(`levels.${one}`)}
          </button>
        ))}
      </fieldset>
      <PagedList
        query={downline}
        itemKey={(one) => `${one.account}-${one.registeredAt}-${one.deposits}-${one.validTurnover}`}
        renderItem={(one) => <MemberRow member={one} />}
        emptyText={t('downlineEmpty')}
      />
    </>
  );
}
