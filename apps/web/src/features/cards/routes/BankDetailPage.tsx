import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { formatDateTime } from '../../../shared/ui/format-date';
import { NewestNote } from '../../../shared/ui/NewestNote';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { cardsQuery } from '../cards.api';
import '../cards.locale';
import styles from '../cards.module.css';
import { BankCardFace } from '../components/BankCardFace';

/**
 * One bound bank card, read from the member's card list (there is no separate detail call). Without an id, or with
 * one that is not the member's bank card, the card bound last shows under a note leading to 卡片管理.
 */
export default function BankDetailPage() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const current = useCurrentUser();
  const memberId = current.user?.id ?? '';
  const cards = useQuery(cardsQuery(memberId));
  const banks = cards.data?.filter((item) => item.kind === 'bank') ?? [];
  const asked = banks.find((item) => item.id === id);
  const newest = banks.reduce<(typeof banks)[number] | undefined>(
    (last, item) => (!last || item.createdAt > last.createdAt ? item : last),
    undefined,
  );
  const card = asked ?? newest;

  const failed = current.status === 'error' || cards.isError;
  const retry = () => {
    if (current.status === 'error') current.reload();
    if (cards.isError) void cards.refetch();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('bankDetail')} fallback={paths.cards} />
      {failed && <ErrorState message={cards.error?.message} onRetry={retry} />}
      {!failed && !cards.data && <LoadingState />}
      {!failed && cards.data && !card && (
        <div className={styles.notFound}>
          <EmptyState description={id ? t('cardNotFound') : t('noBankCard')} />
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.addBankCard)}>
            {t('add.bank')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            onClick={() => navigate(paths.cards, { replace: true })}
          >
            {t('backToCards')}
          </Button>
        </div>
      )}
      {card && (
        <>
          {!asked && (
            <NewestNote text={id ? t('missingNewest') : t('newestCard')} listLabel={t('allCards')} to={paths.cards} />
          )}
          <div className={styles.detailFace}>
            <BankCardFace card={card} />
          </div>
          <List className={styles.detailList}>
            <List.Item extra={card.bankName}>{t('bank')}</List.Item>
            <List.Item extra={card.branch || t('noBranch')}>{t('branch')}</List.Item>
            <List.Item extra={card.holderName}>{t('holder')}</List.Item>
            <List.Item extra={<span className={styles.mono}>{card.accountNo}</span>}>{t('cardNo')}</List.Item>
            <List.Item extra={formatDateTime(card.createdAt)}>{t('boundAt')}</List.Item>
          </List>
          <p className={styles.note}>
            <InformationCircleOutline aria-hidden />
            <span>
              {t('unbindNote')} <Link to={paths.customer}>{t('contactService')}</Link>
            </span>
          </p>
        </>
      )}
    </div>
  );
}
