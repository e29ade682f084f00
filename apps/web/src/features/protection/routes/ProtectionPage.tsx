import {
  BillOutline,
  ClockCircleOutline,
  InformationCircleOutline,
  RightOutline,
  StopOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../protection.locale';
import styles from '../protection.module.css';

/** /setting/protection: the 负责任博彩 section of 设置, one entry per tool and the policy page. */
export default function ProtectionPage() {
  const { t } = useTranslation('protection');
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.setting} />
      <p className={styles.intro}>{t('intro')}</p>
      <ul className={styles.entries}>
        <Entry
          to={paths.limits}
          icon={<ClockCircleOutline />}
          name={t('entries.limits')}
          hint={t('entries.limitsHint')}
        />
        <Entry
          to={paths.exclusion}
          icon={<StopOutline />}
          name={t('entries.exclusion')}
          hint={t('entries.exclusionHint')}
        />
        <Entry
          to={paths.statement}
          icon={<BillOutline />}
          name={t('entries.statement')}
          hint={t('entries.statementHint')}
        />
        <Entry
          to={paths.responsibleGambling}
          icon={<InformationCircleOutline />}
          name={t('entries.policy')}
          hint={t('entries.policyHint')}
        />
      </ul>
    </div>
  );
}

function Entry({ to, icon, name, hint }: { to: string; icon: ReactNode; name: string; hint: string }) {
  return (
    <li>
      <Link to={to} className={styles.entry}>
        <span className={styles.entryIcon} aria-hidden>
          {icon}
        </span>
        <span className={styles.entryText}>
          <span className={styles.entryName}>{name}</span>
          <span className={styles.hint}>{hint}</span>
        </span>
        <RightOutline className={styles.entryArrow} aria-hidden />
      </Link>
    </li>
  );
}
