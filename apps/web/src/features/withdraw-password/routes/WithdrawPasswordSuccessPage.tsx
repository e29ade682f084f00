import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../withdraw-password.locale';
import styles from '../withdraw-password.module.css';

export default function WithdrawPasswordSuccessPage() {
  const { t } = useTranslation('withdrawPassword');
  const navigate = useNavigate();
  const changed = (useLocation().state as { changed?: boolean } | null)?.changed === true;
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
