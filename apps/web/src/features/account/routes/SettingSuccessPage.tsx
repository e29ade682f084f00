import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../account.locale';
import styles from '../account.module.css';

export default function SettingSuccessPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
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
