import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import '../auth.locale';
import styles from '../auth.module.css';
import type { CaptchaState } from '../hooks/use-captcha';

/** The captcha picture; tapping it loads a new one. */
export function CaptchaImage({ captcha }: { captcha: CaptchaState }) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className={styles.captcha}
      onClick={captcha.refresh}
      aria-label={t('captchaRefresh')}
      title={t('captchaRefresh')}
      aria-busy={captcha.status === 'loading'}
    >
      {captcha.src && (
        <img
          src={captcha.src}
          alt={t('captchaImage')}
          className={captcha.status === 'loading' ? styles.captchaStale : undefined}
        />
      )}
      {!captcha.src && captcha.status === 'loading' && <DotLoading />}
      {captcha.status === 'error' && <span className={styles.captchaError}>{t('retry', { ns: 'common' })}</span>}
    </button>
  );
}
