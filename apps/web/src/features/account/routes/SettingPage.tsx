import { deriveWithdrawPassword } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { CheckShieldOutline, ClockCircleOutline, HeartOutline, KeyOutline, LockOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { withdrawPasswordConfigQuery } from '../../../shared/session/withdraw-password';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../account.locale';
import styles from '../account.module.css';
import { LinkRow } from '../components/LinkRow';
import { useLogout } from '../hooks/use-logout';

export default function SettingPage() {
  const { t } = useTranslation('account');
  const { pending, confirmLogout } = useLogout();
  return (
    <div className={styles.page}>
      <PageHeader title={t('setting')} fallback={paths.center} />
      <List className={styles.list}>
        <LinkRow
          to={paths.settingPassword}
          prefix={
            <span className={styles.entryIcon}>
              <LockOutline />
            </span>
          }
        >
          {t('changePassword')}
        </LinkRow>
        <WithdrawPasswordRow />
        <LinkRow
          to={paths.settingVerification}
          prefix={
            <span className={styles.entryIcon}>
              <CheckShieldOutline />
            </span>
          }
        >
          {t('verification')}
        </LinkRow>
        <LinkRow
          to={paths.loginHistory}
          prefix={
            <span className={styles.entryIcon}>
              <ClockCircleOutline />
            </span>
          }
        >
          {t('loginHistory')}
        </LinkRow>
        <LinkRow
          to={paths.protection}
          prefix={
            <span className={styles.entryIcon}>
              <HeartOutline />
            </span>
          }
        >
          {t('protection')}
        </LinkRow>
      </List>
      <Button className={styles.logout} size="large" shape="rounded" loading={pending} onClick={confirmLogout}>
        {t('logout')}
      </Button>
    </div>
  );
}

/**
 * Set or change the withdraw password. Shown once the config says the platform has the feature on, so nobody is sent
 * to a page that only says it is off; until the config arrives the row simply is not there yet.
 */
function WithdrawPasswordRow() {
  const { t } = useTranslation('account');
  const memberId = useCurrentUser().user?.id ?? '';
  const config = useQuery({ ...withdrawPasswordConfigQuery(memberId), enabled: memberId !== '' });
  if (!config.data) return null;
  const { enable, isUsed } = deriveWithdrawPassword(config.data);
  if (!enable) return null;
  return (
    <LinkRow
      to={paths.withdrawPassword}
      prefix={
        <span className={styles.entryIcon}>
          <KeyOutline />
        </span>
      }
      extra={isUsed ? t('set') : t('notSet')}
    >
      {t('withdrawPassword')}
    </LinkRow>
  );
}
