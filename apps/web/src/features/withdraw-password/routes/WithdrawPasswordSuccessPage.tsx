import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useWithdrawPasswordStatus } from '../../../shared/session/withdraw-password';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../withdraw-password.locale';
import styles from '../withdraw-password.module.css';

/** What saving leaves in the history entry once the server took the password: set for the first time, or changed. */
export type WithdrawPasswordSaved = { saved: 'set' | 'changed' };

export default function WithdrawPasswordSuccessPage() {
  const { t } = useTranslation('withdrawPassword');
  const navigate = useNavigate();
  const saved = (useLocation().state as Partial<WithdrawPasswordSaved> | null)?.saved;
  // Opened by hand or from a bookmark, nothing was saved: the page must not say a password was set or changed.
  if (saved !== 'set' && saved !== 'changed') return <PasswordState />;
  const changed = saved === 'changed';
  return (
    <div className={styles.page}>
      <PageHeader title={t('withdrawPassword')} fallback={paths.center} />
      <div className={styles.result}>
        <Result
          status="success"
          title={changed ? t('withdrawPasswordChangedDone') : t('withdrawPasswordSetDone')}
          description={t('withdrawPasswordSuccessHint')}
        />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          onClick={() => navigate(paths.withdraw, { replace: true })}
        >
          {t('goWithdraw')}
        </Button>
        <Button
          block
          size="large"
          shape="rounded"
          style={{ marginTop: 12 }}
          onClick={() => navigate(paths.center, { replace: true })}
        >
          {t('backToCenter')}
        </Button>
      </div>
    </div>
  );
}

/** The page opened without a save behind it: whether a withdraw password is set now, and the way to set or change it. */
function PasswordState() {
  const { t } = useTranslation('withdrawPassword');
  const navigate = useNavigate();
  const state = useWithdrawPasswordStatus();
  const body = () => {
    if (state.status === 'loading') return <LoadingState />;
    if (state.status === 'error') return <ErrorState message={state.error?.message} onRetry={state.reload} />;
    const { enable, isUsed } = state.password;
    const title = !enable
      ? t('withdrawPasswordOff')
      : isUsed
        ? t('withdrawPasswordInPlace')
        : t('withdrawPasswordNotSet');
    const hint = !enable ? t('withdrawPasswordOffHint') : t('withdrawPasswordIntro');
    return (
      <>
        <Result status={enable && !isUsed ? 'warning' : 'info'} title={title} description={hint} />
        {enable && (
          <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(paths.withdrawPassword)}>
            {isUsed ? t('changeWithdrawPassword') : t('setWithdrawPassword')}
          </Button>
        )}
        <Button
          block
          size="large"
          shape="rounded"
          style={{ marginTop: 12 }}
          onClick={() => navigate(paths.setting, { replace: true })}
        >
          {t('backToSetting')}
        </Button>
      </>
    );
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('withdrawPassword')} fallback={paths.setting} />
      <div className={styles.result}>{body()}</div>
    </div>
  );
}
