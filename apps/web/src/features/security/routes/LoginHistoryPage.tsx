import type { LoginRecord } from '@jinb/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { platformDateTime, usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { DeviceIcon } from '../components/DeviceIcon';
import { loginHistoryQuery } from '../security.api';
import '../security.locale';
import styles from '../security.module.css';

/** /setting/loginHistory: the member's recent sign-ins (device, area, masked address, time), this one tagged. */
export default function LoginHistoryPage() {
  const { t } = useTranslation('security');
  const history = useInfiniteQuery(loginHistoryQuery);
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.setting} />
      <p className={styles.intro}>{t('intro')}</p>
      <div className={styles.listFrame}>
        <PagedList
          query={history}
          className={styles.list}
          itemKey={(record) => record.id}
          emptyText={t('empty')}
          renderItem={(record) => <LoginRow record={record} />}
        />
      </div>
    </div>
  );
}

function LoginRow({ record }: { record: LoginRecord }) {
  const { t } = useTranslation('security');
  const timeZone = usePlatformTimeZone();
  return (
    <div className={styles.row} data-testid="login-row">
      <span className={styles.icon} role="img" aria-label={t(`kinds.${record.deviceKind}`)}>
        <DeviceIcon kind={record.deviceKind} />
      </span>
      <span className={styles.main}>
        <span className={styles.head}>
          <span className={styles.device}>{record.device}</span>
          {record.current && <span className={styles.tag}>{t('current')}</span>}
        </span>
        <span className={styles.meta}>
          <span>{record.area}</span>
          <span>{record.ip}</span>
          <time dateTime={record.at}>{platformDateTime(record.at, timeZone)}</time>
        </span>
      </span>
    </div>
  );
}
