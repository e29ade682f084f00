import { QRCodeSVG } from 'qrcode.react';
import { useLocation } from 'react-router';
import { ASSET_VERSION } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { STAY_MOBILE_PARAM } from '../desktop-redirect';
import '../desktop.locale';
import styles from './DesktopHomePage.module.css';

/** The mobile home address for this visit: same query (invite code and the like), without the preview switch. */
export function mobileHomeUrl(origin: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(STAY_MOBILE_PARAM);
  const query = params.toString();
  return `${origin}${paths.home}${query ? `?${query}` : ''}`;
}

function previewSrc(search: string): string {
  const params = new URLSearchParams(search);
  params.set(STAY_MOBILE_PARAM, '0');
  return `${paths.home}?${params.toString()}`;
}

/** Desktop visitors land here (spec section 2): an invitation to use a phone, with the mobile site alongside. */
export default function DesktopHomePage() {
  const { t } = useTranslation('desktop');
  const { search } = useLocation();
  const name = t('appName', { ns: 'common' });
  const mobileUrl = mobileHomeUrl(window.location.origin, search);
  const features = t('features', { returnObjects: true }) as string[];

  return (
    <div className={styles.page}>
      <main className={styles.layout}>
        <section className={styles.pitch}>
          <div className={styles.brand}>
            <img src={`/logo.svg?${ASSET_VERSION}`} width={48} height={48} alt="" />
            <span>{name}</span>
          </div>
          <h1 className={styles.headline}>{t('headline', { name })}</h1>
          <p className={styles.intro}>{t('intro')}</p>
          <ul className={styles.features}>
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <div className={styles.scan}>
            <div className={styles.qr}>
              <QRCodeSVG value={mobileUrl} size={152} level="M" marginSize={0} title={t('qrLabel')} />
            </div>
            <div className={styles.scanText}>
              <h2>{t('scanTitle')}</h2>
              <p>{t('scanHint')}</p>
              <p className={styles.orVisit}>{t('orVisit')}</p>
              <a className={styles.url} href={mobileUrl}>
                {mobileUrl.replace(/^https?:\/\//, '')}
              </a>
            </div>
          </div>
        </section>
        <section className={styles.phone} aria-label={t('previewLabel')}>
          <div className={styles.phoneFrame}>
            <iframe className={styles.screen} src={previewSrc(search)} title={t('previewLabel')} />
          </div>
        </section>
      </main>
    </div>
  );
}
