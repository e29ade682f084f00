import type { UserInfo } from '@jinb/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { formatDateTime } from '../../../shared/ui/format-date';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../account.locale';
import { copyText } from '../../../shared/clipboard/copy-text';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { showToast } from '../../../shared/ui/toast';
import styles from '../account.module.css';
import { AvatarRow } from '../components/AvatarRow';
import { LinkRow } from '../components/LinkRow';

export default function PersonalInfoPage() {
  const { t } = useTranslation('account');
  const current = useCurrentUser();
  return (
    <div className={styles.page}>
      <PageHeader title={t('personalInfo')} fallback={paths.center} />
      {current.status === 'loading' && <LoadingState />}
      {current.status === 'error' && <ErrorState onRetry={current.reload} />}
      {current.status === 'ready' && <ProfileList user={current.user} />}
    </div>
  );
}

function ProfileList({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const muted = (text: string) => <span className={styles.muted}>{text}</span>;

  const copyInviteCode = async () => {
    const copied = await copyText(user.inviteCode);
    showToast(copied ? { icon: 'success', content: t('copied', { ns: 'common' }) } : t('copyFailed', { ns: 'common' }));
  };

  return (
    <>
      <List className={styles.list}>
        <AvatarRow user={user} />
        <List.Item extra={<span className={styles.value}>{user.account}</span>}>{t('account')}</List.Item>
        <LinkRow to={paths.personalName} extra={user.nickname || muted(t('notSet'))}>
          {t('nickname')}
        </LinkRow>
        <LinkRow to={paths.personalName} extra={user.realName || muted(t('notSet'))}>
          {t('realName')}
        </LinkRow>
      </List>
      <List className={styles.list}>
        <LinkRow
          to={paths.personalPhone}
          extra={user.phone ? `+${user.phoneArea} ${user.phone}` : muted(t('notBound'))}
        >
          {t('phone')}
        </LinkRow>
        <LinkRow to={paths.personalMail} extra={user.email || muted(t('notBound'))}>
          {t('email')}
        </LinkRow>
      </List>
      <List className={styles.list}>
        {user.inviteCode && (
          <List.Item
            extra={
              <span className={styles.value}>
                {user.inviteCode}
                <Button
                  size="mini"
                  color="primary"
                  fill="outline"
                  shape="rounded"
                  className={styles.copyButton}
                  onClick={copyInviteCode}
                  aria-label={t('copyInviteCode')}
                >
                  {t('copy', { ns: 'common' })}
                </Button>
              </span>
            }
          >
            {t('inviteCode')}
          </List.Item>
        )}
        <List.Item extra={<span className={styles.value}>{formatDateTime(user.createdAt)}</span>}>
          {t('joinedAt')}
        </List.Item>
      </List>
    </>
  );
}
