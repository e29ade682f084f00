import { RightOutline, StarOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import styles from './SponsorLink.module.css';

/** The way to the brand's sponsorships (/app/sponsor), for visitors and members alike. */
export function SponsorLink() {
  const { t } = useTranslation('home');
  return (
    <Link to={paths.sponsor} className={styles.link}>
      <span className={styles.icon} aria-hidden>
        <StarOutline />
      </span>
      <span className={styles.text}>
        <strong>{t('sponsor')}</strong>
        <small>{t('sponsorHint')}</small>
      </span>
      <RightOutline className={styles.arrow} aria-hidden />
    </Link>
  );
}
