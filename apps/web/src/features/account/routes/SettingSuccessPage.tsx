import { Button, Result } from 'antd-mobile';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../account.locale';
import styles from '../account.module.css';

/** What the password form leaves in the history entry when the server accepted the change. */
export type SettingSuccessState = { passwordChanged: true };

export default function SettingSuccessPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const changed = (useLocation().state as Partial<SettingSuccessState> | null)?.passwordChanged === true;
  // Opened by hand or from a bookmark, nothing was changed: the page must not say a password was.
  if (!changed) return <Navigate to={paths.setting} replace />;
  return (
    <div className={styles.page}>
      <PageHeader title={t('changePassword')} fallback={paths.center} />
      <div className={styles.success}>
        <Result status="success" title={t('passwordChanged')} description={t('passwordChangedHint')} />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          onClick={() => navigate(paths.center, { replace: true })}
        >
          {t('backToCenter')}
        </Button>
      </div>
    </div>
  );
}
