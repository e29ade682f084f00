import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import styles from '../routes/CustomerPage.module.css';

/**
 * When neither the built-in desk nor an external link is set, support is still reachable: a message left for the
 * agents (answered in the inbox), feedback, and the help centre's answers.
 */
export function OtherSupport() {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  return (
    <section className={styles.card} aria-labelledby="other-support">
      <h2 id="other-support" className={styles.cardTitle}>
        {t('noLiveChat')}
      </h2>
      <p className={styles.cardText}>{t('noLiveChatHint')}</p>
      <div className={styles.otherActions}>
        <Button block color="primary" shape="rounded" onClick={() => navigate(paths.leaveMessage)}>
          {t('chat.leaveMessage')}
        </Button>
        <Button block fill="outline" color="primary" shape="rounded" onClick={() => navigate(paths.feedback)}>
          {t('feedback')}
        </Button>
        <Button block fill="outline" shape="rounded" onClick={() => navigate(paths.helpCenter)}>
          {t('helpCenter')}
        </Button>
      </div>
    </section>
  );
}
