import { deriveWithdrawPassword } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { withdrawPasswordConfigQuery } from '../../../shared/session/withdraw-password';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../account.locale';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import styles from '../account.module.css';
import { LinkRow } from '../components/LinkRow';

function Status({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className={ok ? styles.value : styles.muted} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {ok ? (
        <CheckCircleFill color="var(--adm-color-success)" aria-hidden />
      ) : (
        <ExclamationCircleFill color="var(--adm-color-warning)" aria-hidden />
      )}
      {children}
    </span>
  );
}

export default function SettingVerificationPage() {
  const { t } = useTranslation('account');
  const current = useCurrentUser();
  const config = useQuery({ ...withdrawPasswordConfigQuery(current.user?.id ?? ''), enabled: current.user !== null });

  const loading = current.status === 'loading' || (current.status === 'ready' && config.isPending);
  const failed = current.status === 'error' || config.isError;
  const retry = () => {
    if (current.status === 'error') current.reload();
    if (config.isError) void config.refetch();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('verification')} fallback={paths.setting} />
      {failed && <ErrorState message={config.error?.message} onRetry={retry} />}
      {!failed && loading && <LoadingState />}
      {!failed && !loading && current.user && config.data && (
        <>
          <p className={styles.intro}>{t('verificationHint')}</p>
          <List className={styles.list}>
            <LinkRow
              to={paths.personalPhone}
              extra={
                <Status ok={current.user.phone !== ''}>
                  {current.user.phone ? `+${current.user.phoneArea} ${current.user.phone}` : t('notBound')}
                </Status>
              }
            >
              {t('phone')}
            </LinkRow>
            <LinkRow
              to={paths.personalMail}
              extra={<Status ok={current.user.email !== ''}>{current.user.email || t('notBound')}</Status>}
            >
              {t('email')}
            </LinkRow>
            <LinkRow to={paths.settingPassword} extra={<Status ok>{t('set')}</Status>}>
              {t('loginPassword')}
            </LinkRow>
            <WithdrawPasswordRow config={config.data} />
          </List>
        </>
      )}
    </div>
  );
}

/** Hidden while the platform has the feature off. */
function WithdrawPasswordRow({ config }: { config: { d: boolean; p: boolean } }) {
  const { t } = useTranslation('account');
  const { enable, isUsed } = deriveWithdrawPassword(config);
  if (!enable) return null;
  return (
    <LinkRow to={paths.withdrawPassword} extra={<Status ok={isUsed}>{isUsed ? t('set') : t('notSet')}</Status>}>
      {t('withdrawPassword')}
    </LinkRow>
  );
}
