import { useQuery } from '@tanstack/react-query';
import { NavBar, Popup } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { promoDetailQuery } from '../activity.api';
import styles from './PromoDetailPopup.module.css';
import { PromoPeriod } from './PromoPeriod';
import { PromoRule } from './PromoRule';

function PromoDetailBody({ id }: { id: number }) {
  const detail = useQuery(promoDetailQuery(id));
  if (detail.isPending) return <LoadingState minHeight={320} />;
  if (detail.isError) return <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />;
  const promo = detail.data;
  return (
    <article className={styles.article}>
      {promo.image && <img className={styles.image} src={promo.image} alt="" width={750} height={300} />}
      <div className={styles.text}>
        <h1 className={styles.title}>{promo.title}</h1>
        <PromoPeriod promo={promo} className={styles.period} />
        <PromoRule id={id} />
        {promo.content
          .split('\n')
          .filter((line) => line.trim())
          .map((line, index) => (
            // A promotion's paragraphs never reorder, so their position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={index}>{line}</p>
          ))}
      </div>
    </article>
  );
}

/** A promotion in full, over the list; `id` null means closed. */
export function PromoDetailPopup({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('activity');
  return (
    <Popup visible={id !== null} position="right" onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <NavBar className="page-header" onBack={onClose}>
        {t('detailTitle')}
      </NavBar>
      <div className={styles.scroll}>{id !== null && <PromoDetailBody id={id} />}</div>
    </Popup>
  );
}
