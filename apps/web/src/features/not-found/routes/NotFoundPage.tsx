import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ASSET_VERSION } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import '../not-found.locale';
import styles from './NotFoundPage.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation('notFound');
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <div className={styles.code} aria-hidden>
        <span>4</span>
        <img src={`/logo.svg?${ASSET_VERSION}`} width={72} height={72} alt="" />
        <span>4</span>
      </div>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.description}>{t('description')}</p>
      <Button
        color="primary"
        shape="rounded"
        size="large"
        className={styles.home}
        onClick={() => navigate(paths.home, { replace: true })}
      >
        {t('goHome')}
      </Button>
    </main>
  );
}
