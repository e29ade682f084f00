import { useInfiniteQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PagedList } from '../../../shared/ui/PagedList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { promoListQuery } from '../activity.api';
import '../activity.locale';
import { PromoCard } from '../components/PromoCard';
import { PromoDetailPopup } from '../components/PromoDetailPopup';
import styles from './ActivityPage.module.css';

type ActivityState = { fromList?: boolean } | null;

export default function ActivityPage() {
  const { t } = useTranslation('activity');
  const promos = useInfiniteQuery(promoListQuery());
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const openId = Number(params.get('id'));
  const shownId = Number.isInteger(openId) && openId > 0 ? openId : null;

  // The open promotion lives in the URL, so a shared link opens it and the back button closes it.
  const open = (id: number) => navigate(`${paths.activity}?id=${id}`, { state: { fromList: true } });
  const close = () => {
    if ((location.state as ActivityState)?.fromList) navigate(-1);
    else navigate(paths.activity, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('title')} noBack />
      <Link to={paths.redemptionRecord} className={styles.redeem}>
        <span className={styles.redeemTitle}>{t('redemption')}</span>
        <span className={styles.redeemHint}>{t('redemptionHint')}</span>
        <RightOutline />
      </Link>
      <div>
        <PagedList
          query={promos}
          itemKey={(item) => item.id}
          renderItem={(item) => <PromoCard promo={item} onOpen={open} />}
          emptyText={t('empty')}
        />
      </div>
      <PromoDetailPopup id={shownId} onClose={close} />
    </>
  );
}
