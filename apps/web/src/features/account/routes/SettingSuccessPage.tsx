import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
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
  if (!changed) return <PasswordInPlace />;
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

/** The page opened without a change behind it: what is true (every member signs in with a password) and the way on. */
function PasswordInPlace() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <PageHeader title={t('loginPassword')} fallback={paths.setting} />
      <div className={styles.success}>
        <Result status="info" title={t('passwordInPlace')} description={t('passwordInPlaceHint')} />
        <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(paths.settingPassword)}>
          {t('changePassword')}
        </Button>
        <Button
          block
          size="large"
          shape="rounded"
          style={{ marginTop: 12 }}
          onClick={() => navigate(paths.setting, { replace: true })}
        >
          {t('backToSetting')}
        </Button>
      </div>
    </div>
  );
}
